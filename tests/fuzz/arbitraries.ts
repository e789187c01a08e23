// Generators of hostile and careless input: mutated presets, structured scenarios near the limits,
// raw text and bytes, CSV and Prometheus files, share-link payloads. Shared by the short fuzz run
// in the test suite and the long one (`npm run fuzz`).
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';

const PRESET_DIR = new URL('../../src/presets/', import.meta.url);
export const PRESETS: string[] = readdirSync(PRESET_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => readFileSync(new URL(f, PRESET_DIR), 'utf8'));

/** Every character the output must never carry raw. */
const UNSAFE_CHARS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u061c',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
export const unsafeChar = fc.constantFrom(...UNSAFE_CHARS);
/** A YAML double-quoted string holding unsafe characters as escapes. */
export const quotedUnsafe = fc
  .array(fc.oneof(unsafeChar, fc.constantFrom('a', ' ', '[31m', ':')), {
    minLength: 1,
    maxLength: 12,
  })
  .map(
    (cs) =>
      `"${cs.map((c) => (c.length === 1 && c < ' ' ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('')}"`,
  );

/** Tokens that tend to reach limits, edge cases and parser corners. */
const TOKEN = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1e308',
    '1e15',
    '1000000000000000.125',
    '2147483648',
    '5000',
    '5001',
    '.nan',
    '.inf',
    'null',
    '~',
    '744h',
    '745h',
    '1ms',
    '1s',
    '3600',
    '86400',
    '2678400',
    '1000000',
    '__proto__',
    'constructor',
    'prototype',
    '&a',
    '*a',
    '<<',
    '[',
    ']',
    '{',
    '}',
    '- ',
    ': ',
    '\n',
    '\n  ',
    '---\n',
    '#',
    '"',
    "'",
    '!!binary',
    'autoscaling/v1',
    'autoscaling/v2beta1',
    'autoscaling/v2beta2',
    'hpa-sim.dev/v1alpha0',
    'stabilizationWindowSeconds',
    'downscaleStabilization',
    'syncPeriod',
    'resolution',
    'maxReplicas',
    'type: noise',
    'type: sum',
  ),
  quotedUnsafe,
  unsafeChar,
  fc.integer({ min: 1, max: 400 }).map((n) => 'x'.repeat(n)),
  fc.string({ maxLength: 6 }),
);

/** A preset with a few random edits: replaced spans, inserted tokens, deleted or repeated lines. */
export const mutatedPreset: fc.Arbitrary<string> = fc
  .tuple(
    fc.nat(PRESETS.length - 1),
    fc.array(
      fc.tuple(
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.nat(12),
        fc.constantFrom('replace', 'insert', 'delete', 'duplicate-line'),
        TOKEN,
      ),
      { minLength: 1, maxLength: 6 },
    ),
  )
  .map(([i, edits]) => {
    let text = PRESETS[i]!;
    for (const [where, len, op, token] of edits) {
      const pos = Math.floor(where * text.length);
      if (op === 'replace') text = text.slice(0, pos) + token + text.slice(pos + len);
      else if (op === 'insert') text = text.slice(0, pos) + token + text.slice(pos);
      else if (op === 'delete') text = text.slice(0, pos) + text.slice(pos + len);
      else {
        const start = text.lastIndexOf('\n', pos) + 1;
        const end = text.indexOf('\n', pos);
        const line = text.slice(start, end < 0 ? undefined : end + 1);
        text = text.slice(0, start) + line + text.slice(start);
      }
    }
    return text;
  });

/** Usually a valid value, sometimes an edge or invalid one: keeps most scenarios runnable. */
export const mostly = <T>(valid: fc.Arbitrary<T>, edge: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: edge, weight: 1 });

const duration = mostly(
  fc.oneof(
    fc.constantFrom('30s', '5m', '1h', '2h', '6h', '24h'),
    fc.integer({ min: 1, max: 20_000 }).map(String),
  ),
  fc.constantFrom('744h', '745h', '0s', '-1s', '1ms'),
);
const curve = mostly(
  fc.oneof(
    fc.integer({ min: 0, max: 100_000 }).map((v) => `{ type: constant, value: ${v} }`),
    fc
      .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 100_000 }))
      .map(([b, p]) => `{ type: sine, base: ${b}, amplitude: ${b}, periodSeconds: ${p} }`),
    fc
      .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }))
      .map(
        ([a, b]) => `{ type: ramp, points: [{ at: 0, value: ${a} }, { at: 600, value: ${b} }] }`,
      ),
    fc
      .tuple(
        fc.integer(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 600 }),
      )
      .map(
        ([seed, amp, v, p]) =>
          `{ type: noise, seed: ${seed}, amplitude: ${amp}, of: { type: repeat, periodSeconds: ${p}, of: { type: steps, steps: [{ at: 0, value: ${v} }, { at: ${p / 2}, value: 0 }] } } }`,
      ),
  ),
  fc.constantFrom(
    '{ type: constant, value: 1e15 }',
    '{ type: constant, value: -1 }',
    '{ type: noise, seed: 1, amplitude: 2, of: { type: constant, value: 1 } }',
    '7',
    'null',
  ),
);

type MetricKind = 'cpu' | 'pods' | 'external';
const metric: fc.Arbitrary<{ kind: MetricKind; yaml: string }> = mostly(
  fc.oneof(
    fc.integer({ min: 1, max: 300 }).map((u) => ({
      kind: 'cpu' as const,
      yaml: `{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: ${u} } } }`,
    })),
    fc.constantFrom('1', '500m', '20', '0.001').map((v) => ({
      kind: 'pods' as const,
      yaml: `{ type: Pods, pods: { metric: { name: rps }, target: { type: AverageValue, averageValue: '${v}' } } }`,
    })),
    fc.constantFrom('10', '0.5', '1000').map((v) => ({
      kind: 'external' as const,
      yaml: `{ type: External, external: { metric: { name: queue }, target: { type: AverageValue, averageValue: '${v}' } } }`,
    })),
  ),
  fc.oneof(
    fc.constantFrom('-5', '0', '1e400', 'x').map((v) => ({
      kind: 'pods' as const,
      yaml: `{ type: Pods, pods: { metric: { name: rps }, target: { type: AverageValue, averageValue: '${v}' } } }`,
    })),
    quotedUnsafe.map((n) => ({
      kind: 'pods' as const,
      yaml: `{ type: Pods, pods: { metric: { name: ${n} }, target: { type: AverageValue, averageValue: '1' } } }`,
    })),
  ),
);

/** A structured scenario: usually valid and runnable, sometimes at or past a limit. */
export const structuredScenario: fc.Arbitrary<string> = fc
  .record({
    apiVersion: fc.constantFrom('autoscaling/v2', 'autoscaling/v2beta2'),
    name: mostly(
      fc.constantFrom('web', 'checkout'),
      fc.oneof(fc.constant('x'.repeat(254)), quotedUnsafe),
    ),
    min: mostly(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, -1)),
    max: mostly(fc.integer({ min: 1, max: 60 }), fc.constantFrom(5000, 5001, 2147483647)),
    metrics: fc.uniqueArray(metric, { maxLength: 3, selector: (m) => m.kind }),
    window: fc.option(mostly(fc.constantFrom(0, 15, 60, 300, 3600), fc.constantFrom(3601, -1)), {
      nil: undefined,
    }),
    period: fc.option(mostly(fc.constantFrom(1, 15, 60, 1800), fc.constantFrom(0, 1801)), {
      nil: undefined,
    }),
    duration,
    sync: mostly(fc.constantFrom('15s', '1s', '30s', '5m'), fc.constantFrom('0s', '500ms', '2h')),
    resolution: mostly(fc.constantFrom('15s', '1s', '60s'), fc.constantFrom('1h', '0s')),
    flagWindow: mostly(fc.constantFrom('5m', '0s', '1h', '10m'), fc.constantFrom('744h', '-1s')),
    replicas: fc.option(mostly(fc.integer({ min: 1, max: 60 }), fc.constantFrom(0, 5001)), {
      nil: undefined,
    }),
    traffic: fc.option(curve, { nil: undefined, freq: 6 }),
    podCapacity: fc.option(mostly(fc.constantFrom(1, 100, 1000), fc.constantFrom(0, -1)), {
      nil: undefined,
    }),
    outages: fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 10 })), {
      maxLength: 2,
    }),
    // The release whose controller runs, and its feature gates (issue 27's releases).
    release: fc.option(
      mostly(
        fc.constantFrom("'1.33'", "'1.34'", "'1.35'", "'1.36'", "'1.37'", "'1.38'", '1.35'),
        fc.constantFrom("'1.32'", "'1.39'", '1.3', "'x'", '[1]'),
      ),
      { nil: undefined },
    ),
    gates: fc.option(
      fc.constantFrom(
        '{ HPAScaleToZero: true }',
        '{ HPAConfigurableTolerance: true }',
        '{ HPAConfigurableTolerance: false }',
        '{ NoSuchGate: true }',
      ),
      { nil: undefined, freq: 8 },
    ),
  })
  .map((s) => {
    const behavior =
      s.window === undefined && s.period === undefined
        ? ''
        : `  behavior:
    scaleDown: { stabilizationWindowSeconds: ${s.window ?? 300}, policies: [{ type: Percent, value: 100, periodSeconds: ${s.period ?? 15} }] }
    scaleUp: { policies: [{ type: Pods, value: 4, periodSeconds: ${s.period ?? 15} }] }
`;
    const kinds = new Set(s.metrics.map((m) => m.kind));
    const metrics = s.metrics.length
      ? `  metrics:\n${s.metrics.map((m) => `    - ${m.yaml}`).join('\n')}\n`
      : '';
    const loads = [
      'resources: { cpu: { perUnit: 1m } }',
      ...(kinds.has('pods') ? ['pods: { rps: { perUnit: 1 } }'] : []),
      ...(kinds.has('external')
        ? ['external: { queue: { queue: { perPodThroughput: 5, initialBacklog: 100 } } }']
        : []),
    ];
    const outages =
      s.outages.length && (kinds.has('cpu') || kinds.size === 0)
        ? `  outages:\n${s.outages.map(([from, len]) => `    - { metric: resource/cpu, from: ${from}s, to: ${from + len}s }`).join('\n')}\n`
        : '';
    return `apiVersion: ${s.apiVersion}
kind: HorizontalPodAutoscaler
metadata: { name: ${s.name} }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: ${s.min}
  maxReplicas: ${Math.max(s.min, s.max)}
${metrics}${behavior}---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: ${s.duration}
${s.release === undefined ? '' : `  kubernetesVersion: ${s.release}\n`}  controller: { syncPeriod: ${s.sync}, downscaleStabilization: ${s.flagWindow}${s.gates ? `, featureGates: ${s.gates}` : ''} }
  metricsPipeline: { resolution: ${s.resolution} }
  workload: { ${s.replicas === undefined ? '' : `replicas: ${s.replicas}, `}startup: { readinessDelay: 5s }${s.podCapacity === undefined ? '' : `, podCapacity: ${s.podCapacity}`} }
${s.traffic ? `  traffic: ${s.traffic}\n` : ''}  load: { ${loads.join(', ')} }
${outages}`;
  });

/** Any scenario-ish text: mutated presets, structured scenarios, raw strings. */
export const scenarioText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: mutatedPreset, weight: 4 },
  { arbitrary: structuredScenario, weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 400 }), weight: 1 },
  { arbitrary: fc.array(TOKEN, { maxLength: 40 }).map((t) => t.join('')), weight: 1 },
);

const cell = fc.oneof(
  fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom(
    '1e15',
    '1000000000000000.125',
    '-1',
    'NaN',
    '+Inf',
    '2024-01-01T00:00:00Z',
    '',
    '"x"',
  ),
  fc.string({ maxLength: 8 }),
  unsafeChar,
);
/** A CSV file: rows of cells with random separators and line ends. */
export const csvText: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(fc.constantFrom('time,value', 'timestamp;value', 'a,b,c'), { nil: undefined }),
    fc.array(fc.array(cell, { minLength: 1, maxLength: 3 }), { maxLength: 30 }),
    fc.constantFrom(',', ';', '\t'),
    fc.constantFrom('\n', '\r\n', '\r'),
  )
  .map(([header, rows, sep, eol]) =>
    [...(header ? [header] : []), ...rows.map((r) => r.join(sep))].join(eol),
  );

/** A Prometheus query_range response, sometimes broken. */
export const prometheusText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), fc.double()),
          fc.oneof(cell, fc.double()),
        ),
        { maxLength: 20 },
      ),
      fc.dictionary(
        fc.string({ maxLength: 5 }),
        fc.oneof(fc.string({ maxLength: 5 }), unsafeChar),
        {
          maxKeys: 3,
        },
      ),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([values, labels, series]) =>
      JSON.stringify({
        status: 'success',
        data: {
          resultType: 'matrix',
          result: Array.from({ length: series }, () => ({ metric: labels, values })),
        },
      }),
    ),
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
);

/** A share-link payload: a real one, mangled, or random. */
export const linkPayload: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }).map((s) => `v1.${s}`),
  fc
    .base64String({ maxLength: 400 })
    .map((s) => `v1.${s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`),
  fc.string({ maxLength: 60 }),
  fc.nat(1_000_000).map((n) => `v${n}.AAAA`),
);
