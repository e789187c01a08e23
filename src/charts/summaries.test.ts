import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run/index.ts';
import { chartSummaries, count, runSummaries, withSelected } from './summaries.ts';

const text = readFileSync(
  resolve(import.meta.dirname, '../presets/story-5-delay-scale-down.yaml'),
  'utf8',
);
const series = runScenario(text).runs[0]!.result!.series;

describe('the charts in words', () => {
  it('says what each chart shows over the run', () => {
    const s = chartSummaries(series, null);
    expect(s.replicas).toBe(
      'Replicas over 30 min: from 20 replicas to 2 replicas, peak 20 at 0:00:00; 0 scale-ups and 4 scale-downs; minReplicas 1, maxReplicas 30.',
    );
    expect(s.metrics).toEqual([
      'cpu utilization against its target 50 % of request: from 5 to 50 % of request, above the target at 0 syncs of 121.',
    ]);
    expect(s.demand).toBe('Demand from 100 to 1000 units/s; 100 % of it served.');
  });

  it('and the selected sync in words', () => {
    const s = chartSummaries(series, 8);
    expect(s.replicas).toMatch(
      / Selected: sync 8 at 0:02:00, 20 replicas, 20 ready, status\.desiredReplicas 20\.$/,
    );
    expect(s.metrics[0]).toMatch(/ Selected sync 8: 50 % of request, ratio 1\.$/);
    expect(s.demand).toMatch(/ Selected sync 8: demand 1000, served 1000\.$/);
  });

  it('a selection adds its words to the run’s, reading only the selected sync', () => {
    const run = runSummaries(series);
    expect(withSelected(run, series, null)).toBe(run);
    // Every per-sync array counts its reads: the run's words were read once, above.
    let reads = 0;
    const count = (v: unknown): unknown => {
      if (ArrayBuffer.isView(v))
        return new Proxy(v, {
          get: (a, i) => (typeof i === 'string' && /^\d+$/.test(i) && reads++, Reflect.get(a, i)),
        });
      if (Array.isArray(v))
        return new Proxy(v, {
          get: (a, i) =>
            typeof i === 'string' && /^\d+$/.test(i) ? count(a[Number(i)]) : Reflect.get(a, i),
        });
      return v;
    };
    const counted = new Proxy(series, { get: (t, key) => count(Reflect.get(t, key)) });
    for (const k of [0, 8, 60, 120]) {
      reads = 0;
      const words = withSelected(run, counted, k);
      expect(words).toEqual(chartSummaries(series, k));
      expect(reads).toBeLessThan(40); // the syncs around k, not the run's 121
    }
  });

  it('one replica, two replicas', () => {
    expect([count(1, 'replica'), count(2, 'replica'), count(0, 'scale-up')]).toEqual([
      '1 replica',
      '2 replicas',
      '0 scale-ups',
    ]);
  });
});
