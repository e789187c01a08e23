import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateFederation } from '../engine/multicluster/index.ts';
import { simulate, WorkMeter } from '../engine/simulation/index.ts';
import type { SimulationInput } from '../engine/simulation/input.ts';
import { DEFAULT_MAX_WORK, estimateWork, parseScenario } from './index.ts';
import { HPA_V2, SIMULATION, at, errors } from './__fixtures__/helpers.ts';

const scenario = (hpaSpec: string, simSpec: string) =>
  `${HPA_V2(hpaSpec)}---\n${SIMULATION(simSpec)}`;
const TARGET = `  scaleTargetRef: { kind: Deployment, name: web }\n  minReplicas: 1\n`;
const onlyError = (text: string, maxWork?: number) => {
  const e = errors(
    parseScenario(text, maxWork === undefined ? undefined : { maxWork }).diagnostics,
  );
  expect(e).toHaveLength(1);
  return e[0]!;
};
const EXTERNAL = (i: number) =>
  `    - { type: External, external: { metric: { name: e${i} }, target: { type: Value, value: '10' } } }\n`;
const METRICS = (n: number) =>
  `  metrics:\n${Array.from({ length: n }, (_, i) => EXTERNAL(i)).join('')}`;
const LOADS = (n: number) =>
  `  load: { external: { ${Array.from({ length: n }, (_, i) => `e${i}: { perUnit: 0.001 }`).join(', ')} } }\n`;

/** What the engine's meter measures for every run of `input` (every model of a federation). */
function measured(input: SimulationInput): number {
  const meter = new WorkMeter();
  if (input.federation)
    for (const m of input.federation.models) simulateFederation(input, m, { meter });
  else simulate(input, { meter });
  return meter.units();
}

const presets = (() => {
  const dir = new URL('../presets/', import.meta.url);
  const read = (d: URL) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => ({ name: f, text: readFileSync(new URL(f, d), 'utf8') }));
  return [...read(dir), ...read(new URL('multicluster/', dir))];
})();

describe('the work budget, in the engine meter’s measure', () => {
  it('every preset is well within it', () => {
    expect(presets.length).toBeGreaterThan(14);
    for (const { name, text } of presets) {
      const parsed = parseScenario(text);
      expect(parsed.ok, name).toBe(true);
      expect(estimateWork(parsed.input!).units, name).toBeLessThan(DEFAULT_MAX_WORK / 10);
      expect(parsed.workBudget).toBe(DEFAULT_MAX_WORK);
    }
  });

  it('what is certain never passes what the meter measures; the worst case never falls short', () => {
    for (const { name, text } of presets) {
      const input = parseScenario(text).input!;
      const e = estimateWork(input);
      const units = measured(input);
      expect(e.certainUnits, name).toBeLessThanOrEqual(units);
      expect(e.units, name).toBeGreaterThanOrEqual(units);
    }
  });

  it('a run certain to pass it is refused where it is read, at the field behind the cost', () => {
    // 50 metrics computed at every one of 5,761 syncs: the meter's metric computations.
    const text = scenario(
      `${TARGET}  maxReplicas: 10\n${METRICS(50)}`,
      `  duration: 24h\n${LOADS(50)}`,
    );
    const e = onlyError(text, 400_000);
    expect(e.path).toBe('hpa:spec.metrics');
    expect(e.line).toBe(at(text, 'metrics:').line);
    expect(e.message).toMatch(/every run of this scenario needs at least about [\d,]+ units/);
    expect(e.message).toMatch(/288 k metric computations \(set by hpa:spec\.metrics\)/);
    expect(e.message).toContain('fewer metrics or a longer sync period');
    expect(e.message).toContain('--max-work');
    expect(parseScenario(text, { maxWork: 2_000_000 }).ok).toBe(true);
  });

  it('a cost driven by defaults is located at the first field of the meter’s list the user wrote', () => {
    // 86,401 syncs keep their series: memory, behind spec.duration and the sync period.
    const text = scenario(
      `${TARGET}  maxReplicas: 10\n`,
      '  duration: 24h\n  controller: { syncPeriod: 1s }\n',
    );
    const e = onlyError(text, 500_000);
    expect(e.path).toBe('spec.duration');
    expect(e.message).toContain('series values kept');
    // Only the sync period written: the error moves to it.
    const noDuration = scenario(
      `${TARGET}  maxReplicas: 10\n`,
      '  controller: { syncPeriod: 1s }\n',
    );
    expect(onlyError(noDuration, 10_000).path).toBe('spec.controller.syncPeriod');
  });

  it('a run that may pass it only in its worst case runs, with a notice', () => {
    const text = scenario(`${TARGET}  maxReplicas: 5000\n`, '  duration: 168h\n');
    const parsed = parseScenario(text);
    expect(parsed.ok).toBe(true);
    expect(parsed.notices.join('\n')).toMatch(/may need up to about [\d,]+ units of work/);
    expect(parseScenario(text, { maxWork: 1e12 }).notices.join('\n')).not.toMatch(/may need/);
  });

  it('a converted manifest is located at the field as written (v2beta2)', () => {
    const text = `apiVersion: autoscaling/v2beta2\nkind: HorizontalPodAutoscaler\nmetadata: { name: web }\nspec:\n${TARGET}  maxReplicas: 10\n${METRICS(50)}---\n${SIMULATION(`  duration: 24h\n${LOADS(50)}`)}`;
    expect(onlyError(text, 400_000).path).toBe('hpa:spec.metrics');
  });

  it('counts per-pod curves at every sample a scrape takes of them (midpoints + the scrape)', () => {
    const sum = (n: number) =>
      `  traffic:\n    type: sum\n    of:\n${'      - { type: sine, base: 100, amplitude: 50, periodSeconds: 600 }\n'.repeat(n)}`;
    const nodes = (res: string, n: number) =>
      estimateWork(
        parseScenario(
          scenario(
            `${TARGET}  maxReplicas: 10\n`,
            `  duration: 24h\n  metricsPipeline: { resolution: ${res} }\n${sum(n)}`,
          ),
        ).input!,
      ).counts.curveNodes;
    // 50 more sine nodes cost 16 samples per 15 s scrape, 61 per 60 s scrape (60 midpoints max).
    const at15 = nodes('15s', 51) - nodes('15s', 1);
    const at60 = nodes('60s', 51) - nodes('60s', 1);
    expect(at60 / at15).toBeCloseTo((61 * 1441) / (16 * 5761), 2);
  });

  it('the hard limits hold whatever the budget, counted as the engine counts', () => {
    const huge = 1e15;
    // 1,000,000 s at 1 s is 1,000,001 syncs (one at 0): previously let through, then refused
    // by the engine without a location.
    const syncs = onlyError(
      scenario(
        `${TARGET}  maxReplicas: 1\n`,
        '  duration: 1000000\n  controller: { syncPeriod: 1s }\n',
      ),
      huge,
    );
    expect(syncs.path).toBe('spec.duration');
    expect(syncs.message).toContain('1,000,001 controller syncs');
    const scrapes = onlyError(
      scenario(
        `${TARGET}  maxReplicas: 1\n`,
        '  duration: 744h\n  metricsPipeline: { resolution: 1s }\n',
      ),
      huge,
    );
    expect(scrapes.path).toBe('spec.metricsPipeline.resolution');
    expect(scrapes.message).toContain(
      "2,678,403 metric scrapes; the simulator's limit is 2,000,000",
    );
  });

  it('a bad maxWork option falls back to the default', () => {
    // Certain to pass the default: 50 metrics at a 1 s sync for 11 days.
    const text = scenario(
      `${TARGET}  maxReplicas: 10\n${METRICS(50)}`,
      `  duration: 264h\n  controller: { syncPeriod: 1s }\n${LOADS(50)}`,
    );
    for (const maxWork of [NaN, -1, 0, Infinity * 0]) {
      const parsed = parseScenario(text, { maxWork });
      expect(parsed.ok).toBe(false);
      expect(parsed.workBudget).toBe(DEFAULT_MAX_WORK);
    }
    expect(parseScenario(text, { maxWork: 1e12 }).ok).toBe(true);
  });

  it('the estimate never falls as the run gets longer, more pods or a shorter sync', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 86_400 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 3600 }),
        (duration, pods, sync) => {
          const est = (d: number, p: number, s: number) => {
            const r = parseScenario(
              scenario(
                `${TARGET}  maxReplicas: ${p}\n`,
                `  duration: ${d}\n  controller: { syncPeriod: ${s} }\n`,
              ),
              { maxWork: 1e15 },
            );
            return estimateWork(r.input!);
          };
          const base = est(duration, pods, sync);
          expect(base.certainUnits).toBeLessThanOrEqual(base.units);
          for (const more of [
            est(duration * 2, pods, sync),
            est(duration, Math.min(5000, pods + 1), sync),
            est(duration, pods, Math.max(1, sync - 1)),
          ]) {
            expect(more.units).toBeGreaterThanOrEqual(base.units);
            expect(more.certainUnits).toBeGreaterThanOrEqual(base.certainUnits);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
