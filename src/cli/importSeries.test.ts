// `import` either prints a curve that validates when pasted into a scenario, or refuses with a
// located error: generated Prometheus answers and CSV files at the edges (samples microseconds
// or a million seconds apart, values at the curve limit, sums over it, huge --scale), with every
// option. The memory reproducer (samples 0.5 ms apart over a million seconds) stays bounded.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_POINTS } from '../engine/simulation/curves/limits.ts';
import { validateCurve } from '../engine/simulation/curves/index.ts';
import { importTraffic } from '../run/importTraffic.ts';
import { parseScenario } from '../scenario/index.ts';
import { main } from './main.ts';

const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-import-'));
let n = 0;

function cli(text: string, ext: string, args: string[]) {
  const file = join(dir, `in-${n++}.${ext}`);
  writeFileSync(file, text);
  const out: string[] = [];
  const err: string[] = [];
  const code = main(
    ['import', file, ...args],
    (s) => out.push(s),
    (s) => err.push(s),
  );
  return { code, out: out.join('\n'), err, file };
}

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 10
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 1h
  load: { resources: { cpu: { perUnit: 1m } } }
`;

/** The printed curve, pasted under spec: every problem the scenario reports at spec.traffic. */
function pasted(stdout: string): string[] {
  const body = stdout
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .map((l) => `  ${l}`)
    .join('\n');
  const r = parseScenario(`${HPA}${body}\n`);
  return r.diagnostics
    .filter((d) => d.severity === 'error' && d.path.startsWith('spec.traffic'))
    .map((d) => `${d.path}: ${d.message}`);
}

const time = fc.oneof(
  fc.constantFrom(0, 1.5, 1699999985, 1699999985.001),
  fc.double({ min: 0, max: 2e9, noNaN: true }),
);
const gap = fc.constantFrom(0.0001, 0.0005, 0.001, 0.0009999, 1, 15, 60, 1e6);
const value = fc.oneof(
  fc.constantFrom('0', '1', '9', '999999999', '500000000000005', '999999999999999.9', '1e15'),
  fc.constantFrom('NaN', '+Inf', '-1'),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
);
const series = fc
  .tuple(time, fc.array(fc.tuple(gap, value), { minLength: 1, maxLength: 6 }))
  .map(([t0, steps]) => {
    let t = t0;
    return steps.map(([g, v]) => [(t += g), v] as const);
  });
const prometheus = fc.array(series, { minLength: 1, maxLength: 4 }).map((all) =>
  JSON.stringify({
    status: 'success',
    data: { resultType: 'matrix', result: all.map((values) => ({ metric: {}, values })) },
  }),
);
const csv = series.map((rows) => ['time,value', ...rows.map(([t, v]) => `${t},${v}`)].join('\n'));
const options = fc.record({
  scale: fc.option(fc.constantFrom('1', '0.5', '0', '1e15', '1e300'), { nil: undefined }),
  step: fc.boolean(),
  points: fc.boolean(),
});

describe('cli import: a curve that validates when pasted, or a located refusal', () => {
  it('generated Prometheus answers and CSV files, every option', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(prometheus, fc.constantFrom('sum', '0', '1')).map(([t, s]) => ({
            text: t,
            ext: 'json',
            series: s,
          })),
          csv.map((t) => ({ text: t, ext: 'csv', series: undefined })),
        ),
        options,
        (input, o) => {
          const args = [
            ...(input.series ? ['--series', input.series] : []),
            ...(o.scale ? ['--scale', o.scale] : []),
            ...(o.step ? ['--step'] : []),
            ...(o.points ? ['--points'] : []),
          ];
          const r = cli(input.text, input.ext, args);
          if (r.code === 0) {
            expect(pasted(r.out)).toEqual([]);
          } else {
            expect(r.code).toBe(2);
            expect(r.err.some((l) => l.startsWith(`${r.file}`) && / error: \S/.test(l))).toBe(true);
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('the reproducers: each edge refused with its reason, or written within the limits', () => {
    const prom = (...result: unknown[][]) =>
      JSON.stringify({
        status: 'success',
        data: { resultType: 'matrix', result: result.map((values) => ({ values })) },
      });
    const sum = cli(prom([[15, '500000000000005']], [[15, '500000000000005']]), 'json', [
      '--series',
      'sum',
      '--points',
    ]);
    expect(sum.err.join('\n')).toMatch(/values\[0\]\[1\]\): error|sum to 1000000000000010/);
    const scaled = cli(prom([[5, '9']]), 'json', ['--scale', '1e15']);
    expect(scaled.err.join('\n')).toContain('use a smaller --scale');
    const close = cli(
      prom([
        [1699999985, '3'],
        [1699999985.001, '5'],
      ]),
      'json',
      [],
    );
    expect(close.code).toBe(0);
    expect(close.out).toContain('stepSeconds: 0.001\n');
    const tiny = cli('0,5\n.0001,3\n', 'csv', []);
    expect(tiny.code).toBe(0);
    expect(pasted(tiny.out)).toEqual([]);
    expect(tiny.err.join('\n')).toContain('resampled every 0.001 s');
    const far = cli(
      prom(
        [[1000011.5, '239.78']],
        [
          [8.5, '19.79'],
          [9.5, '2'],
        ],
      ),
      'json',
      ['--series', 'sum'],
    );
    expect(far.code).toBe(0);
    expect(pasted(far.out)).toEqual([]);
  });

  it('samples 0.5 ms apart over a million seconds: a bounded grid, in the CLI and the app', () => {
    const values = (t: number) => [
      [t, '390'],
      [t + 0.0005, '719'],
    ];
    const text = JSON.stringify({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [1.5, 1.50025, 1000001.5].map((t) => ({ metric: {}, values: values(t) })),
      },
    });
    const r = cli(text, 'json', ['--series', 'sum']);
    expect(r.code).toBe(0);
    const curve = (parse(r.out) as { traffic: Record<string, unknown> }).traffic;
    expect(validateCurve(curve)).toEqual([]);
    expect(String(curve.values).split(/\s+/).length).toBeLessThanOrEqual(MAX_POINTS);
    expect(r.err.join('\n')).toContain('resampled every');
    const app = importTraffic({ text, meaning: 'demand' });
    expect(app.ok).toBe(true);
    if (app.ok) expect(app.warnings.map((w) => w.message).join('\n')).toContain('resampled every');
  });
});
