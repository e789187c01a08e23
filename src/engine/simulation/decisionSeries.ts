// Per-sync decision values (raw proposal → stabilized → limited, each metric's proposal, which
// metric decided) as typed arrays: what the charts draw as separate lines.

import type { MetricTrace } from '../controller/index.ts';
import type { SyncRecord } from './result.ts';

export interface DecisionSeries {
  /** trace.metricDesiredReplicas: the largest metric proposal ("raw") */
  rawReplicas: Float64Array;
  /** trace.stabilizedReplicas */
  stabilizedReplicas: Float64Array;
  /** trace.normalizedReplicas: after policies and the min/max clamp */
  limitedReplicas: Float64Array;
  /** per HPA metric: its proposal (NaN when it failed or was not computed) */
  proposals: Float64Array[];
  /** index of the metric whose proposal was used (-1: none) */
  decidingMetric: Int16Array;
}

function perSync(syncs: SyncRecord[], pick: (s: SyncRecord) => number | undefined): Float64Array {
  const out = new Float64Array(syncs.length).fill(NaN);
  for (let i = 0; i < syncs.length; i++) {
    const v = pick(syncs[i]!);
    if (v !== undefined) out[i] = v;
  }
  return out;
}

/** The index of the metric whose proposal was used: the first largest valid one (upstream order). */
export function decidingMetric(traces: readonly MetricTrace[]): number {
  let best = -1;
  let replicas = 0;
  traces.forEach((m, i) => {
    if (m.error !== undefined || m.proposal === undefined) return;
    if (best === -1 || replicas === 0 || m.proposal > replicas) {
      replicas = m.proposal;
      best = i;
    }
  });
  return best;
}

export function decisionSeries(syncs: SyncRecord[], metricCount: number): DecisionSeries {
  const deciding = new Int16Array(syncs.length).fill(-1);
  syncs.forEach((s, i) => {
    if (s.trace.path === 'metrics') deciding[i] = decidingMetric(s.trace.metrics ?? []);
  });
  return {
    rawReplicas: perSync(syncs, (s) => s.trace.metricDesiredReplicas),
    stabilizedReplicas: perSync(syncs, (s) => s.trace.stabilizedReplicas),
    limitedReplicas: perSync(syncs, (s) => s.trace.normalizedReplicas),
    proposals: Array.from({ length: metricCount }, (_, j) =>
      perSync(syncs, (s) => {
        const m = s.trace.metrics?.[j];
        return m && m.error === undefined ? m.proposal : undefined;
      }),
    ),
    decidingMetric: deciding,
  };
}
