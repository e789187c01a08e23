// Not in upstream: the two implementations of the three pod-reading calculations of
// replica_calculator.go, as the value upstream's HorizontalController holds in `a.replicaCalc`.
// The Map-based port (replicaCalculator.ts) is upstream's code; the by-position twin
// (replicaCalculatorByPosition.ts) computes the same results over arrays when every pod name is
// distinct. horizontal.ts (podListFor) picks one per reconcile, so neither the port nor the twin
// carries a dispatch line. The Object and External calculations read no pods and have no twin.

import {
  getMetricReplicas,
  getRawResourceReplicas,
  getResourceReplicas,
} from './replicaCalculator.ts';
import {
  getMetricReplicasByPosition,
  getRawResourceReplicasByPosition,
  getResourceReplicasByPosition,
} from './replicaCalculatorByPosition.ts';

/** The calculations that read the pod list; the same signatures in both implementations. */
export interface ReplicaCalculator {
  getResourceReplicas: typeof getResourceReplicas;
  getRawResourceReplicas: typeof getRawResourceReplicas;
  getMetricReplicas: typeof getMetricReplicas;
}

/** Upstream's: maps keyed by pod name (any observation; pod groups expanded first). */
export const byName: ReplicaCalculator = {
  getResourceReplicas,
  getRawResourceReplicas,
  getMetricReplicas,
};

/** The twin: arrays indexed by position (only when podNamesDistinct holds). */
export const byPosition: ReplicaCalculator = {
  getResourceReplicas: getResourceReplicasByPosition,
  getRawResourceReplicas: getRawResourceReplicasByPosition,
  getMetricReplicas: getMetricReplicasByPosition,
};
