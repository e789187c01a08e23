import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_WORK, estimateWork, parseScenario } from './index.ts';
import { HPA_V2, SIMULATION, errors } from './__fixtures__/helpers.ts';

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

describe('the work budget', () => {
  it('every preset is well within it', () => {
    const dir = new URL('../presets/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const parsed = parseScenario(readFileSync(new URL(f, dir), 'utf8'));
      expect(parsed.ok, f).toBe(true);
      expect(estimateWork(parsed.input!).units, f).toBeLessThan(DEFAULT_MAX_WORK / 10);
    }
  });

  it('5,000 pods for a day: located at maxReplicas, naming the budget and --max-work', () => {
    const text = scenario(`${TARGET}  maxReplicas: 5000\n`, '  duration: 24h\n');
    const e = onlyError(text);
    expect(e.path).toBe('hpa:spec.maxReplicas');
    expect(e.line).toBe(text.split('\n').indexOf('  maxReplicas: 5000') + 1);
    expect(e.message).toMatch(/over the work budget of 20,000,000 \(about 5 s or 400 MB/);
    expect(e.message).toMatch(/5,000 pods × 5,761 (syncs|metric scrapes): lower maxReplicas/);
    expect(e.message).toContain('--max-work');
    // Raised explicitly, the same scenario is valid.
    expect(parseScenario(text, { maxWork: 200_000_000 }).ok).toBe(true);
  });

  it('a per-pod curve is priced at every sample a scrape takes of it (midpoints + the scrape)', () => {
    const sum = (n: number) =>
      `  traffic:\n    type: sum\n    of:\n${'      - { type: sine, base: 100, amplitude: 50, periodSeconds: 600 }\n'.repeat(n)}`;
    const curveUnits = (res: string, n: number) => {
      const parsed = parseScenario(
        scenario(
          `${TARGET}  maxReplicas: 10\n`,
          `  duration: 24h\n  metricsPipeline: { resolution: ${res} }\n${sum(n)}`,
        ),
      );
      expect(parsed.ok).toBe(true);
      return estimateWork(parsed.input!).terms.find((t) => /curve nodes/.test(t.what))!;
    };
    // 50 more sine nodes cost 16 samples per 15 s scrape, 61 per 60 s scrape (60 midpoints max).
    const at15 = curveUnits('15s', 51).units - curveUnits('15s', 1).units;
    const at60 = curveUnits('60s', 51).units - curveUnits('60s', 1).units;
    expect(at60 / at15).toBeCloseTo((61 * 1441) / (16 * 5761), 2);
    expect(curveUnits('15s', 51).what).toMatch(/ curve nodes × 5,761 scrapes \(16 samples each\)/);
  });

  it('a 31-day controller-flag window at a 1 s sync: located at the flag (no API cap)', () => {
    const text = scenario(
      `${TARGET}  maxReplicas: 10\n`,
      '  duration: 24h\n  controller: { syncPeriod: 1s, downscaleStabilization: 744h }\n',
    );
    const e = onlyError(text);
    expect(e.path).toBe('spec.controller.downscaleStabilization');
    expect(e.message).toContain('stored stabilization recommendations × 86,401 syncs');
    expect(e.message).toContain('shorten the stabilization window');
  });

  it('3,600 s behavior windows at a 1 s sync: located at the dominant window as written', () => {
    const text = scenario(
      `${TARGET}  maxReplicas: 10\n  behavior:\n    scaleDown: { stabilizationWindowSeconds: 3600 }\n`,
      '  duration: 24h\n  controller: { syncPeriod: 1s }\n',
    );
    const e = onlyError(text);
    expect(e.path).toBe('hpa:spec.behavior.scaleDown.stabilizationWindowSeconds');
  });

  it('a long run at the default 15 s sync is located at spec.duration', () => {
    const text = scenario(`${TARGET}  maxReplicas: 10\n`, '  duration: 744h\n');
    expect(onlyError(text).path).toBe('spec.duration');
    expect(parseScenario(text, { maxWork: 40_000_000 }).ok).toBe(true);
  });

  it('a cost driven by defaults is still located at a written field', () => {
    // Neither syncPeriod nor resolution is written: the error lands on the duration.
    const text = scenario(`${TARGET}  maxReplicas: 5000\n`, '  duration: 744h\n');
    const e = onlyError(text);
    expect(e.line).toBeGreaterThan(1);
    expect(['hpa:spec.maxReplicas', 'spec.duration']).toContain(e.path);
  });

  it('a converted manifest is located at the field as written (v2beta2)', () => {
    const text = `apiVersion: autoscaling/v2beta2\nkind: HorizontalPodAutoscaler\nmetadata: { name: web }\nspec:\n${TARGET}  maxReplicas: 5000\n---\n${SIMULATION('  duration: 24h\n')}`;
    expect(onlyError(text).path).toBe('hpa:spec.maxReplicas');
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
    const text = scenario(`${TARGET}  maxReplicas: 5000\n`, '  duration: 24h\n');
    for (const maxWork of [NaN, -1, 0, Infinity * 0])
      expect(parseScenario(text, { maxWork }).ok).toBe(false);
  });

  it('the estimate never falls as the run gets longer, more pods or a shorter sync', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 86_400 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 3600 }),
        (duration, pods, sync) => {
          const units = (d: number, p: number, s: number) => {
            const r = parseScenario(
              scenario(
                `${TARGET}  maxReplicas: ${p}\n`,
                `  duration: ${d}\n  controller: { syncPeriod: ${s} }\n`,
              ),
              { maxWork: 1e15 },
            );
            return estimateWork(r.input!).units;
          };
          const base = units(duration, pods, sync);
          expect(units(duration * 2, pods, sync)).toBeGreaterThanOrEqual(base);
          expect(units(duration, Math.min(5000, pods + 1), sync)).toBeGreaterThanOrEqual(base);
          expect(units(duration, pods, Math.max(1, sync - 1))).toBeGreaterThanOrEqual(base);
        },
      ),
      { numRuns: 30 },
    );
  });
});
