import { describe, expect, it } from 'vitest';
import { extrapolatedRate, integrate, prometheusRead, rangeSamples } from './prometheus.ts';
import { simulate, isFullResult } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';
import type { MetricsPipelineModel } from './input.ts';

// The true rate: 2 requests/s, 8 from t = 300 (milli-units).
const step = (s: number) => (s < 300 ? 2000 : 8000);

describe('Prometheus behind prometheus-adapter', () => {
  it('selects the samples of (t − range, t] (Prometheus 3: left-open)', () => {
    expect(rangeSamples(300, 120, 30, 0)).toEqual({ first: 210, last: 300, count: 4 });
    expect(rangeSamples(305, 120, 30, 7)).toEqual({ first: 187, last: 277, count: 4 });
    expect(rangeSamples(10, 120, 30, 20)).toEqual({ first: -100, last: -10, count: 4 });
  });

  it('rates a steady counter at its rate, whatever the phase (extrapolatedRate)', () => {
    for (const phase of [0, 7, 29])
      expect(
        extrapolatedRate(1000, 120, 30, phase, (a, b) => integrate(() => 5000, a, b)),
      ).toBeCloseTo(5000, 9);
  });

  it('turns a step of the rate into a ramp over the rate window', () => {
    const model = { scrapeIntervalSeconds: 30, offsetSeconds: 0, rateWindowSeconds: 120 };
    const read = (t: number) => prometheusRead(model, 7, t, step);
    expect(read(300)).toBeCloseTo(2000, 6); // the sample at 300 holds no new work yet
    expect(read(330)).toBeCloseTo(2000 + 6000 * (30 / 90), 6); // samples 240…330
    expect(read(360)).toBeCloseTo(2000 + 6000 * (60 / 90), 6);
    expect(read(390)).toBeCloseTo(8000, 6);
    // a rule with no range reads the latest sample: the scrape interval alone
    const gauge = { ...model, rateWindowSeconds: 0 };
    expect(prometheusRead(gauge, 7, 329, step)).toBe(8000);
    expect(prometheusRead(gauge, 7, 299, step)).toBe(2000);
  });

  it('feeds the HPA a ramp, not the 30 s poll of the step', () => {
    const pipeline = (p: Partial<MetricsPipelineModel>): MetricsPipelineModel => ({
      resolutionSeconds: 15,
      offsetSeconds: 7,
      ...p,
    });
    const input = (metricsPipeline: MetricsPipelineModel) =>
      buildInput({
        spec: {
          maxReplicas: 50,
          metrics: [
            {
              type: 'External',
              external: {
                metric: { name: 'requests' },
                target: { type: 'Value', value: '1' },
              },
            },
          ],
        },
        loads: [
          {
            kind: 'external',
            metric: 'requests',
            value: {
              type: 'steps',
              steps: [
                { at: 0, value: 2 },
                { at: 300, value: 8 },
              ],
            },
            perUnitMilli: 0,
            queue: null,
          },
        ],
        metricsPipeline,
        durationSeconds: 480,
      });
    const values = (m: MetricsPipelineModel) => {
      const r = simulate(input(m), { record: 'full' });
      if (!r.ok || !isFullResult(r.result)) throw new Error('run failed');
      return r.result.syncs
        .filter((s) => s.time >= 300 && s.time <= 420)
        .map((s) => s.trace.metrics![0]!.currentValue);
    };
    // The poll: 2 until the poll at 307, then all of the step at once.
    expect(values(pipeline({}))).toEqual([2000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000]);
    // Prometheus every 30 s (phase 7), rate over 2m: a ramp over two minutes.
    const ramp = values(
      pipeline({ prometheus: { scrapeIntervalSeconds: 30, rateWindowSeconds: 120 } }),
    );
    expect(ramp[0]).toBe(2000);
    expect(ramp.at(-1)).toBe(8000);
    const distinct = [...new Set(ramp)];
    expect(distinct.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < ramp.length; i++) expect(ramp[i]!).toBeGreaterThanOrEqual(ramp[i - 1]!);
  });
});
