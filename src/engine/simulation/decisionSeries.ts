// Per-sync decision values (raw proposal → stabilized → limited, each metric's proposal, which
// metric decided, overflow flags): the part of the series the charts draw as separate lines.
// The arrays themselves are declared in seriesShape.ts and filled by recorder.ts.

import type { MetricTrace } from '../controller/index.ts';
import type { SeriesArrays } from './seriesShape.ts';

export type DecisionSeries = Pick<
  SeriesArrays,
  | 'currentReplicas'
  | 'rawReplicas'
  | 'stabilizedReplicas'
  | 'limitedReplicas'
  | 'proposals'
  | 'decidingMetric'
  | 'metricOverflow'
>;

/** The index of the metric whose proposal was used: the first largest valid one (upstream order). */
export function decidingMetric(traces: readonly MetricTrace[]): number {
  let best = -1;
  let replicas = 0;
  for (let i = 0; i < traces.length; i++) {
    const m = traces[i]!;
    if (m.error !== undefined || m.proposal === undefined) continue;
    if (best === -1 || replicas === 0 || m.proposal > replicas) {
      replicas = m.proposal;
      best = i;
    }
  }
  return best;
}
