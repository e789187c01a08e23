import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { errors } from '../__fixtures__/helpers.ts';
import { checkJsonStream, isJsonStream, readJsonStream } from './jsonStream.ts';

const HPA = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web' },
  spec: { scaleTargetRef: { kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 5 },
};
const pretty = JSON.stringify(HPA, null, 2);

/** The message's Go part (before the hint) and where it points. */
function problem(text: string): { why: string; at: string } | null {
  const p = checkJsonStream(text);
  if (!p) return null;
  return {
    why: p.message.replace(/^JSON: /, '').replace(/ \(the file starts.*$/, ''),
    at: text.slice(p.offset, p.offset + 3),
  };
}

describe('isJsonStream (kubectl sniffs a leading {)', () => {
  it('is JSON only when the first non-space character is {', () => {
    expect(isJsonStream(pretty)).toBe(true);
    expect(isJsonStream(' \n\t\r{')).toBe(true);
    expect(isJsonStream('# a comment\n' + pretty)).toBe(false);
    expect(isJsonStream('apiVersion: v1')).toBe(false);
    expect(isJsonStream('[' + pretty + ']')).toBe(false);
  });

  it('a byte-order mark is not a space: such a file goes to the YAML reader', () => {
    expect(isJsonStream('\ufeff' + pretty)).toBe(false);
  });

  it('looks no further than the 4096 bytes kubectl peeks at', () => {
    expect(isJsonStream(' '.repeat(4095) + '{}')).toBe(true);
    expect(isJsonStream(' '.repeat(4096) + '{}')).toBe(false);
  });
});

describe('checkJsonStream (encoding/json rules, Go wording)', () => {
  it('accepts valid JSON, pretty or compact, with tabs, escapes and several values', () => {
    expect(checkJsonStream(pretty)).toBeNull();
    expect(checkJsonStream(JSON.stringify(HPA))).toBeNull();
    expect(checkJsonStream(JSON.stringify(HPA, null, '\t'))).toBeNull();
    expect(
      checkJsonStream('{"a": "x\\u00e9\\n\\"", "b": [1, -2.5e+3, true, null, {}, []]}'),
    ).toBeNull();
    expect(checkJsonStream('{"a": 1}\n{"b": 2}\n')).toBeNull();
  });

  it('stops at a --- line: a Simulation document after it is YAML', () => {
    expect(
      checkJsonStream(pretty + '\n---\nkind: Simulation\nspec: { duration: 1h, }\n'),
    ).toBeNull();
  });

  it('refuses what YAML flow style would forgive, with the offending character', () => {
    expect(problem('{"a": 1,}')).toEqual({
      why: "invalid character '}' looking for beginning of object key string",
      at: '}',
    });
    expect(problem('{"a": [1, 2,]}')).toEqual({
      why: "invalid character ']' looking for beginning of value",
      at: ']}',
    });
    expect(problem('{"a": 1 # note\n}')?.why).toBe(
      "invalid character '#' after object key:value pair",
    );
    expect(problem("{'a': 1}")?.why).toBe(
      "invalid character '\\'' looking for beginning of object key string",
    );
    expect(problem('{a: 1}')?.why).toBe(
      "invalid character 'a' looking for beginning of object key string",
    );
    expect(problem('{"a" 1}')?.why).toBe("invalid character '1' after object key");
    expect(problem('{"a": 1 "b": 2}')?.why).toBe(
      "invalid character '\"' after object key:value pair",
    );
    expect(problem('{"a": [1 2]}')?.why).toBe("invalid character '2' after array element");
  });

  it('numbers and literals as Go reads them', () => {
    expect(problem('{"a": 010}')?.why).toBe("invalid character '1' after object key:value pair");
    expect(problem('{"a": +1}')?.why).toBe("invalid character '+' looking for beginning of value");
    expect(problem('{"a": .5}')?.why).toBe("invalid character '.' looking for beginning of value");
    expect(problem('{"a": 1.}')?.why).toBe(
      "invalid character '}' after decimal point in numeric literal",
    );
    expect(problem('{"a": 1e}')?.why).toBe("invalid character '}' in exponent of numeric literal");
    expect(problem('{"a": -x}')?.why).toBe("invalid character 'x' in numeric literal");
    expect(problem('{"a": True}')?.why).toBe(
      "invalid character 'T' looking for beginning of value",
    );
    expect(problem('{"a": nul}')?.why).toBe(
      "invalid character '}' in literal null (expecting 'l')",
    );
  });

  it('strings: raw control characters and bad escapes', () => {
    expect(problem('{"a": "x\ty"}')?.why).toBe("invalid character '\\t' in string literal");
    expect(problem('{"a": "\\x41"}')?.why).toBe("invalid character 'x' in string escape code");
    expect(problem('{"a": "\\u12g4"}')?.why).toBe(
      "invalid character 'g' in \\u hexadecimal character escape",
    );
  });

  it('an unfinished text is an unexpected end', () => {
    expect(problem('{"a": [1, 2')?.why).toBe('unexpected end of JSON input');
    expect(problem('{"a": "x')?.why).toBe('unexpected end of JSON input');
    expect(problem('{')?.why).toBe('unexpected end of JSON input');
  });

  it('garbage after a complete value is refused as the next value', () => {
    expect(problem('{"a": 1} x')?.why).toBe("invalid character 'x' looking for beginning of value");
  });

  it('deep nesting is walked without recursion', () => {
    const deep = '{"a":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}';
    expect(checkJsonStream(deep)).toBeNull();
  });
});

describe('parseScenario on a JSON manifest', () => {
  it('a trailing comma kubectl refuses is one located error', () => {
    const text = pretty.replace('"maxReplicas": 5', '"maxReplicas": 5,');
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d.message).toContain(
      "JSON: invalid character '}' looking for beginning of object key string",
    );
    expect(d.message).toContain('kubectl reads it as JSON');
    const lines = text.split('\n');
    expect(lines[d.line - 1]![d.column - 1]).toBe('}');
  });

  it('valid JSON, with a YAML Simulation document after ---, still runs', () => {
    const text = `${pretty}\n---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec: { duration: 10m }\n`;
    const r = parseScenario(text);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('after a byte-order mark the same text is YAML, as kubectl reads it', () => {
    const text = '\ufeff' + pretty.replace('"maxReplicas": 5', '"maxReplicas": 5,');
    expect(parseScenario(text).ok).toBe(true);
  });
});

describe('a stream of JSON objects (kubectl get -o json per object, jq output)', () => {
  const deployment = JSON.stringify(
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        replicas: 3,
        template: {
          spec: { containers: [{ name: 'app', resources: { requests: { cpu: '200m' } } }] },
        },
      },
    },
    null,
    2,
  );
  const service = '{"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web"}}';

  it('readJsonStream gives each value, with or without space between them', () => {
    const text = `${service}{"a": 1}\n\n  [2] 3`;
    const read = readJsonStream(text)!;
    expect(read.problem).toBeNull();
    expect(read.values.map(([a, b]) => text.slice(a, b))).toEqual([
      service,
      '{"a": 1}',
      '[2]',
      '3',
    ]);
  });

  it('each object is read on its own: the Deployment feeds the HPA, the Service is ignored', () => {
    for (const glue of ['', '\n', ' \n\t', '\nnull\n']) {
      const text = `${deployment}${glue}${pretty}${glue}${service}\n`;
      const r = parseScenario(text);
      expect(errors(r.diagnostics), JSON.stringify(glue)).toEqual([]);
      expect(r.documents.map((d) => [d.kind, d.role])).toEqual([
        ['Deployment', 'workload'],
        ['HorizontalPodAutoscaler', 'hpa'],
        ['Service', 'ignored'],
      ]);
      expect(r.input!.workload.initialReplicas).toBe(3);
      // Each object's source range slices out that object.
      const hpaDoc = r.documents[1]!;
      expect(JSON.parse(text.slice(hpaDoc.start, hpaDoc.end))).toEqual(HPA);
    }
  });

  it('errors are located in the object that has them', () => {
    const bad = pretty.replace('"maxReplicas"', '"maxReplica"');
    const text = `${deployment}${bad}\n${service}`;
    const r = parseScenario(text);
    const e = errors(r.diagnostics).find((d) => d.path === 'hpa:spec.maxReplica')!;
    expect(e.document).toBe(1);
    expect(e.message).toContain("Did you mean 'maxReplicas'?");
    expect(text.split('\n')[e.line - 1]!.slice(e.column - 1)).toMatch(/^"maxReplica"/);
  });

  it('two HPAs in a row give the picker both, and a Simulation document may follow after ---', () => {
    const api = pretty.replace('"web"', '"api"');
    const text = `${pretty}\n${api}\n---\nkind: Simulation\napiVersion: hpa-sim.dev/v1alpha1\nspec: { duration: 10m }\n`;
    const r = parseScenario(text, { hpa: 'api' });
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.hpaChoices.map((c) => c.name)).toEqual(['web', 'api']);
    expect(r.selectedHpa).toBe('api');
    expect(r.input!.durationSeconds).toBe(600);
  });

  it('past the document limit: one error at the object over it, without parsing the rest', () => {
    const text = `${pretty}\n${'{"kind": "ConfigMap"}\n'.repeat(2_000)}`;
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => d.message)).toEqual([
      'a scenario holds at most 500 YAML documents; this is document 501',
    ]);
    expect(e[0]!.line).toBe(pretty.split('\n').length + 500);
  });

  it('a syntax error in the second object is still one JSON error at its character', () => {
    const text = `${pretty}\n${service.replace('}}', '},}')}`;
    const r = parseScenario(text);
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d.line).toBe(text.split('\n').length);
    expect(text.split('\n')[d.line - 1]![d.column - 1]).toBe('}');
  });
});
