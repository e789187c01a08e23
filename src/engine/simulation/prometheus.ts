// prometheus-adapter in front of Prometheus, for Object and External metrics: the adapter keeps
// no values (pkg/custom-provider and pkg/external-provider query Prometheus on every HPA
// request; metricsRelistInterval only refreshes which series exist), so what the HPA reads at t
// is the rule's query evaluated at t over Prometheus' samples. With the walkthrough's rule,
// `rate(<counter>[2m])`, a step of the underlying rate becomes a ramp over the window, on top of
// Prometheus' scrape interval. A rule with no range reads the latest sample (a gauge).
// upstream: prometheus/prometheus promql/functions.go extrapolatedRate (v3: the range is
// left-open, (t − range, t]); prometheus-adapter docs/config-walkthrough.md (the rate rule).

import type { PrometheusModel } from './input.ts';
import { scrapePhase } from './scrapes.ts';

/** Prometheus' sample times inside (t − range, t]: the first and the last, and how many. */
export function rangeSamples(
  t: number,
  range: number,
  interval: number,
  phase: number,
): { first: number; last: number; count: number } | null {
  const last = phase + Math.floor((t - phase) / interval + 1e-9) * interval;
  // the first sample strictly after t − range
  const first = phase + (Math.floor((t - range - phase) / interval + 1e-9) + 1) * interval;
  if (first > last) return null;
  return { first, last, count: Math.round((last - first) / interval) + 1 };
}

/**
 * `rate(counter[range])` at t, where the counter's increase over [a, b] is `increase(a, b)`:
 * extrapolatedRate's extension of the sampled interval towards the range's ends (fully when a
 * gap is within 1.1 × the average spacing, else by half of it), over the range in seconds. The
 * counter-reaching-zero limit is left out: a service's counter is far from zero. null: fewer
 * than two samples (an empty result: the adapter reports no metric).
 */
export function extrapolatedRate(
  t: number,
  range: number,
  interval: number,
  phase: number,
  increase: (a: number, b: number) => number,
): number | null {
  const s = rangeSamples(t, range, interval, phase);
  if (s === null || s.count < 2) return null;
  const sampledInterval = s.last - s.first;
  const delta = increase(s.first, s.last);
  const averageDurationBetweenSamples = sampledInterval / (s.count - 1);
  const threshold = averageDurationBetweenSamples * 1.1;
  let durationToStart = s.first - (t - range);
  let durationToEnd = t - s.last;
  if (durationToStart >= threshold) durationToStart = averageDurationBetweenSamples / 2;
  if (durationToEnd >= threshold) durationToEnd = averageDurationBetweenSamples / 2;
  const extrapolateToInterval = sampledInterval + durationToStart + durationToEnd;
  return (delta * (extrapolateToInterval / sampledInterval)) / range;
}

/** ∫ rate over [a, b] by the midpoint rule on steps of at most 1 s (curves change at most so). */
export function integrate(valueAt: (s: number) => number, a: number, b: number): number {
  const n = Math.max(1, Math.ceil(b - a - 1e-9));
  const h = (b - a) / n;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += valueAt(a + (i + 0.5) * h);
  return sum * h;
}

/**
 * What the HPA reads at t for a metric whose true value over time is `valueAt` (a rate, for a
 * rate rule; the gauge itself otherwise), through Prometheus and the adapter; null: no sample.
 */
export function prometheusRead(
  model: PrometheusModel,
  defaultOffset: number,
  t: number,
  valueAt: (s: number) => number,
): number | null {
  const interval = model.scrapeIntervalSeconds;
  const phase = scrapePhase(model.offsetSeconds ?? defaultOffset, interval);
  if (model.rateWindowSeconds <= 0) {
    // the latest sample (Prometheus' 5-minute lookback: a live target always has one)
    const s = rangeSamples(t, 300, interval, phase);
    return s === null ? null : valueAt(s.last);
  }
  return extrapolatedRate(t, model.rateWindowSeconds, interval, phase, (a, b) =>
    integrate(valueAt, a, b),
  );
}
