// Not in upstream: the working memory of the by-position fast path (replicaCalculatorByPosition.ts,
// metricsClientByPosition.ts, podNames.ts) and of the conditions' working copy (conditions.ts),
// owned by whoever runs reconciles: a simulation's cluster keeps one for its whole run, so a sync
// allocates no per-pod arrays and several clusters can run side by side in one thread. Nothing in
// it can change a result: the arrays are filled and read within one replica calculation, and the
// memos only short-cut a pure check or choose between two equal copies.

import type { HPACondition } from './types.ts';
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
  /**
   * The conditions the last reconcile returned, when all in setCondition's shape (conditions.ts
   * workingConditions). A caller handing a returned list back must not have changed it.
   */
  ownConditions: readonly HPACondition[] | null = null;
}
