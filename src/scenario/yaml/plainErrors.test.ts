import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { keptErrors, plainYamlReason } from './plainErrors.ts';

describe('YAML errors a person reads', () => {
  const text =
    'spec:\nsdf sdf: sdf: [ sdf\n  } ]] : : x\n  scaleTargetRef:\n    kind: Deployment\n';
  const errors = parseAllDocuments(text, { prettyErrors: false })[0]!.errors;

  it('keeps the first error per line and drops the echoes of the first one', () => {
    expect(errors.length).toBeGreaterThan(5);
    const kept = keptErrors(errors, text);
    expect(kept.length).toBeLessThanOrEqual(2);
    expect(kept[0]!.message).toMatch(/^Nested mappings/);
    const lines = kept.map((e) => text.slice(0, e.pos[0]).split('\n').length);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('words the common messages plainly, keeps others', () => {
    expect(plainYamlReason('Nested mappings are not allowed in compact mappings')).toMatch(
      /^a second "key:" on one line/,
    );
    expect(plainYamlReason('Unexpected scalar token in YAML stream: "x"')).toBe(
      '"x" cannot stand here (check this line\'s indentation and the line above)',
    );
    expect(plainYamlReason('Something new')).toBe('Something new');
  });
});
