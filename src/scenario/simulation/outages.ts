/** Metric outages: each must name an HPA metric key and a non-empty time range. */
import type { MetricOutage } from '../../engine/simulation/input.ts';
import type { Reporter } from '../diagnostics.ts';
import { didYouMean } from '../suggest.ts';
import type { OutageDocument } from './document.ts';
import { seconds } from './read.ts';
import { formatSeconds } from './units.ts';

export function buildOutages(
  list: OutageDocument[] | undefined,
  metricKeys: string[] | null,
  durationSeconds: number,
  report: Reporter,
): MetricOutage[] {
  if (!Array.isArray(list)) return [];
  const out: MetricOutage[] = [];
  list.forEach((o, i) => {
    const path = ['spec', 'outages', i];
    if (typeof o?.metric !== 'string') return;
    const fromSeconds = seconds(o.from, 0);
    const toSeconds = seconds(o.to, 0);
    if (metricKeys && !metricKeys.includes(o.metric)) {
      report.error(
        [...path, 'metric'],
        `no HPA metric '${o.metric}' (the HPA has ${metricKeys.join(', ') || 'no metrics'}).${didYouMean(o.metric, metricKeys)}`,
      );
    }
    if (toSeconds <= fromSeconds) {
      report.error(
        [...path, 'to'],
        `must be after from (${formatSeconds(fromSeconds)}), got ${formatSeconds(toSeconds)}`,
      );
    } else if (fromSeconds >= durationSeconds) {
      report.warning(
        [...path, 'from'],
        `starts at or after the end of the simulation (${formatSeconds(durationSeconds)}): it never happens`,
      );
    }
    out.push({ metric: o.metric, fromSeconds, toSeconds });
  });
  return out;
}
