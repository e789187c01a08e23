// Not in upstream: the working memory of the by-position fast path (replicaCalculatorByPosition.ts,
// metricsClientByPosition.ts, podNames.ts), owned by whoever runs reconciles: a simulation's
// cluster keeps one for its whole run, so a sync allocates no per-pod arrays and several clusters
// can run side by side in one thread. Nothing in it can change a result: the arrays are filled
// and read within one replica calculation, and the name memo only short-cuts a pure check.

import { PodMetricsByPosition } from './metricsClientByPosition.ts';

export class ByPositionScratch {
  /** the PodMetricsInfo of the calculation in progress */
  readonly samples = new PodMetricsByPosition();
  /** the pod group (ready, ignored, unready, missing) of each listed pod */
  podGroup = new Uint8Array(0);
  /** each listed pod's request */
  podRequests = new Float64Array(0);
  /** the names and counts of the last observation found distinct (podNamesDistinct's memo) */
  lastDistinct: readonly string[] = [];
  lastCounts: readonly number[] = [];
}
