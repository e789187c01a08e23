import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseCurve, validateCurve } from './validate.ts';
import { MAX_DEPTH, MAX_DIAGNOSTICS, MAX_NODES, MAX_POINTS } from './limits.ts';

const ramp = { type: 'ramp', points: [{ at: 0, value: 1 }] };

const valid: unknown[] = [
  { type: 'constant', value: 0 },
  {
    type: 'steps',
    steps: [
      { at: 0, value: 1 },
      { at: 60, value: 2 },
    ],
  },
  {
    type: 'ramp',
    points: [
      { at: 0, value: 1 },
      { at: 60, value: 1 },
      { at: 60, value: 5 },
    ],
  },
  { type: 'sine', base: 10, amplitude: 20, periodSeconds: 86400, peakAtSeconds: -3600 },
  { type: 'spikes', base: 1, spikes: [] },
  {
    type: 'spikes',
    base: 1,
    spikes: [
      { at: 10, durationSeconds: 5, value: 9 },
      { at: 15, durationSeconds: 5, height: 2 },
    ],
  },
  { type: 'noise', of: ramp, seed: 0xffffffff, amplitude: 1 },
  { type: 'noise', of: ramp, seed: 0, amplitude: 50, mode: 'absolute', interpolation: 'linear' },
  { type: 'series', points: [{ at: 0, value: 3 }], interpolation: 'step' },
  { type: 'sum', of: [ramp, { type: 'constant', value: 2 }] },
  { type: 'scale', factor: 0.5, of: ramp },
  { type: 'clamp', of: ramp, min: 1, max: 1 },
  { type: 'clamp', of: ramp },
  { type: 'shift', bySeconds: -300, of: ramp },
  { type: 'repeat', periodSeconds: 86400, of: ramp },
];

/** [spec, expected path, message fragment] */
const invalid: [unknown, string, string][] = [
  [null, 'load', "expected a curve object with a 'type', got null"],
  [[ramp], 'load', 'got a list'],
  [{}, 'load.type', 'got nothing'],
  [{ type: 'square' }, 'load.type', 'got the string "square"'],
  [{ type: 'constant' }, 'load.value', "missing required number 'value'"],
  [{ type: 'constant', value: '5' }, 'load.value', 'remove the quotes'],
  [{ type: 'constant', value: -1 }, 'load.value', 'must be ≥ 0, got -1'],
  [{ type: 'constant', value: NaN }, 'load.value', 'finite'],
  [{ type: 'constant', value: Infinity }, 'load.value', 'finite'],
  [{ type: 'constant', value: 1e300 }, 'load.value', 'at most 1000000000000000'],
  [{ type: 'constant', value: 1, vaule: 2 }, 'load.vaule', "unknown field 'vaule'"],
  [{ type: 'steps', steps: [] }, 'load.steps', 'at least one point'],
  [{ type: 'steps', steps: {} }, 'load.steps', 'expected a list'],
  [{ type: 'steps', steps: [5] }, 'load.steps[0]', 'expected a point'],
  [{ type: 'steps', steps: [{ at: -1, value: 1 }] }, 'load.steps[0].at', '≥ 0'],
  [{ type: 'steps', steps: [{ at: 0 }] }, 'load.steps[0].value', 'missing'],
  [{ type: 'steps', steps: [{ at: 0, value: 1, t: 2 }] }, 'load.steps[0].t', 'unknown field'],
  [
    {
      type: 'steps',
      steps: [
        { at: 0, value: 1 },
        { at: 60, value: 1 },
        { at: 30, value: 1 },
      ],
    },
    'load.steps[2].at',
    '30 s is before the previous point (60 s)',
  ],
  [{ type: 'ramp', points: [{ at: 1e12, value: 1 }] }, 'load.points[0].at', 'about 10 years'],
  [
    { type: 'series', points: [{ at: 0, value: 1 }], interpolation: 'cubic' },
    'load.interpolation',
    "'step', 'linear'",
  ],
  [{ type: 'sine', base: 1, amplitude: 1, periodSeconds: 0 }, 'load.periodSeconds', '≥ 0.001'],
  [{ type: 'sine', base: 1, amplitude: 1 }, 'load.periodSeconds', 'missing'],
  [
    { type: 'spikes', base: 1, spikes: [{ at: 1, durationSeconds: 1 }] },
    'load.spikes[0]',
    'exactly one',
  ],
  [
    { type: 'spikes', base: 1, spikes: [{ at: 1, durationSeconds: 1, value: 1, height: 1 }] },
    'load.spikes[0]',
    'exactly one',
  ],
  [
    { type: 'spikes', base: 1, spikes: [{ at: 1, durationSeconds: 0, value: 1 }] },
    'load.spikes[0].durationSeconds',
    '> 0',
  ],
  [
    {
      type: 'spikes',
      base: 1,
      spikes: [
        { at: 10, durationSeconds: 10, value: 5 },
        { at: 15, durationSeconds: 1, value: 5 },
      ],
    },
    'load.spikes[1].at',
    'before the previous spike ends (20 s)',
  ],
  [{ type: 'noise', of: ramp, seed: 1.5, amplitude: 0.1 }, 'load.seed', 'integer'],
  [{ type: 'noise', of: ramp, seed: 2 ** 32, amplitude: 0.1 }, 'load.seed', 'at most 4294967295'],
  [{ type: 'noise', of: ramp, seed: 1, amplitude: 10 }, 'load.amplitude', '0.1 means ±10 %'],
  [{ type: 'noise', of: ramp, seed: 1, amplitude: 0.1, mode: 'rel' }, 'load.mode', "'relative'"],
  [{ type: 'noise', seed: 1, amplitude: 0.1 }, 'load.of', 'got nothing'],
  [{ type: 'sum', of: [] }, 'load.of', 'at least one curve'],
  [{ type: 'sum', of: [ramp, { type: 'constant', value: -2 }] }, 'load.of[1].value', '≥ 0'],
  [{ type: 'scale', factor: -1, of: ramp }, 'load.factor', '≥ 0'],
  [{ type: 'scale', factor: 1e9, of: ramp }, 'load.factor', 'at most 1000000'],
  [{ type: 'clamp', of: ramp, min: 5, max: 1 }, 'load.max', 'must be ≥ min (5)'],
  [{ type: 'shift', of: ramp }, 'load.bySeconds', 'missing'],
  [{ type: 'repeat', periodSeconds: -5, of: ramp }, 'load.periodSeconds', '≥ 0.001'],
];

describe('validateCurve', () => {
  it.each(valid.map((v) => [JSON.stringify(v), v]))('accepts %s', (_name, spec) => {
    expect(validateCurve(spec, 'load')).toEqual([]);
    expect(parseCurve(spec).ok).toBe(true);
  });

  it.each(invalid.map(([spec, path, fragment]) => [path, fragment, spec]))(
    'reports %s: %s',
    (path, fragment, spec) => {
      const diagnostics = validateCurve(spec, 'load');
      expect(diagnostics).toContainEqual({ path, message: expect.stringContaining(fragment) });
      expect(parseCurve(spec, 'load')).toEqual({ ok: false, diagnostics });
    },
  );

  it('uses bare paths when no prefix is given', () => {
    expect(validateCurve({ type: 'constant' })).toEqual([
      { path: 'value', message: "missing required number 'value'" },
    ]);
  });

  it('rejects a list over the point limit without walking it', () => {
    const points = Array.from({ length: MAX_POINTS + 1 }, (_, i) => ({ at: i, value: 'bad' }));
    const diagnostics = validateCurve({ type: 'series', points }, 'x');
    expect(diagnostics).toEqual([
      { path: 'x.points', message: `has ${MAX_POINTS + 1} points; the limit is ${MAX_POINTS}` },
    ]);
  });

  it('rejects nesting deeper than the limit', () => {
    let spec: unknown = { type: 'constant', value: 1 };
    for (let i = 0; i < MAX_DEPTH; i++) spec = { type: 'scale', factor: 1, of: spec };
    const diagnostics = validateCurve(spec, 'x');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.message).toContain(`deeper than ${MAX_DEPTH}`);
    expect(diagnostics[0]?.path).toBe(`x${'.of'.repeat(MAX_DEPTH)}`);
  });

  it('bounds a YAML alias bomb (shared references) by the node limit', () => {
    let spec: unknown = { type: 'constant', value: 1 };
    for (let i = 0; i < 15; i++) spec = { type: 'sum', of: [spec, spec, spec, spec] }; // 4^15 leaves
    const started = Date.now();
    const diagnostics = validateCurve(spec, 'x');
    expect(Date.now() - started).toBeLessThan(5_000); // generous: bounded, not a benchmark
    expect(diagnostics.map((d) => d.message)).toContain(
      `more than ${MAX_NODES} curve nodes (the limit)`,
    );
  });

  it('survives cycles, throwing getters and proxies', () => {
    const cyclic: Record<string, unknown> = { type: 'scale', factor: 1 };
    cyclic.of = cyclic;
    expect(validateCurve(cyclic).some((d) => d.message.includes('deeper than'))).toBe(true);
    const getter = {
      type: 'constant',
      get value(): number {
        throw new Error('boom');
      },
    };
    expect(validateCurve(getter, 'g')).toEqual([{ path: 'g', message: 'could not be read: boom' }]);
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(validateCurve(proxy, 'p')[0]?.message).toContain('trap');
  });

  it('stops after the diagnostics limit', () => {
    const steps = Array.from({ length: 1000 }, () => ({ at: -1, value: -1 }));
    const diagnostics = validateCurve({ type: 'steps', steps });
    expect(diagnostics).toHaveLength(MAX_DIAGNOSTICS + 1);
    expect(diagnostics.at(-1)?.message).toContain('stopped here');
  });

  it('never throws and always returns located diagnostics (property)', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 6, withNullPrototype: true, withMap: true }), (value) => {
        const diagnostics = validateCurve(value, 'p');
        for (const d of diagnostics) {
          expect(d.path.startsWith('p')).toBe(true);
          expect(d.message.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
