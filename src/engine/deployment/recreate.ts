// The deployment controller's Recreate strategy, as arithmetic over ReplicaSet counts: every old
// ReplicaSet goes to 0, nothing more happens while any old pod still runs (terminating ones
// included), then the new ReplicaSet takes the Deployment's replicas at once. The world decides
// when pods are gone (controller.ts); this file decides the ReplicaSets' spec.replicas.
// upstream: kubernetes/kubernetes v1.35 pkg/controller/deployment/recreate.go.

import {
  scaleReplicaSetAndRecordEvent,
  type DeploymentView,
  type ReplicaSetView,
} from './rollout.ts';

/** A pod's status.phase, as oldPodsRunning reads it ('' : not set, counted as running). */
export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown' | '';

/** The Deployment's pods by their ReplicaSet's revision (getPodMapForDeployment). */
export type PodMap = ReadonlyMap<number, readonly PodPhase[]>;

/** What one Recreate sync did (the Go function returns only an error; the world needs the step). */
export type RecreateStep = 'scaled-down' | 'waiting' | 'scaled-up' | 'none';

// upstream: recreate.go rolloutRecreate — scale the old ReplicaSets down; if none moved and no
// old pod runs, scale the new one up to replicas. ("Don't create a new RS if not already
// existed, so that we avoid scaling up before scaling down": the world's new ReplicaSet sits at
// 0 until then, which no rule here tells apart from not existing.)
export function rolloutRecreate(
  d: DeploymentView,
  newRS: ReplicaSetView,
  oldRSs: readonly ReplicaSetView[],
  podMap: PodMap,
): RecreateStep {
  const activeOldRSs = oldRSs.filter((r) => r.replicas > 0);
  if (scaleDownOldReplicaSetsForRecreate(activeOldRSs, d)) return 'scaled-down';
  // "Do not process a deployment when it has old pods running."
  if (oldPodsRunning(newRS, oldRSs, podMap)) return 'waiting';
  return scaleUpNewReplicaSetForRecreate(newRS, d) ? 'scaled-up' : 'none';
}

// upstream: recreate.go scaleDownOldReplicaSetsForRecreate — every old ReplicaSet to 0 at once.
export function scaleDownOldReplicaSetsForRecreate(
  oldRSs: readonly ReplicaSetView[],
  d: DeploymentView,
): boolean {
  let scaled = false;
  for (const rs of oldRSs) {
    if (rs.replicas === 0) continue;
    if (scaleReplicaSetAndRecordEvent(rs, 0, d)) scaled = true;
  }
  return scaled;
}

// upstream: recreate.go oldPodsRunning — an old ReplicaSet still counting pods in its status, or
// any pod not of the new ReplicaSet that is not Failed or Succeeded (a terminating pod is still
// Running: the new ones wait for it to be gone; Unknown counts, "we have to count it").
export function oldPodsRunning(
  newRS: ReplicaSetView | null,
  oldRSs: readonly ReplicaSetView[],
  podMap: PodMap,
): boolean {
  // util/deployment_util.go GetActualReplicaCountForReplicaSets: the old ones' status.replicas
  let oldPods = 0;
  for (const rs of oldRSs) oldPods += rs.statusReplicas ?? 0;
  if (oldPods > 0) return true;
  for (const [revision, pods] of podMap) {
    if (newRS !== null && newRS.revision === revision) continue;
    for (const phase of pods) if (phase !== 'Failed' && phase !== 'Succeeded') return true;
  }
  return false;
}

// upstream: recreate.go scaleUpNewReplicaSetForRecreate
export function scaleUpNewReplicaSetForRecreate(newRS: ReplicaSetView, d: DeploymentView): boolean {
  return scaleReplicaSetAndRecordEvent(newRS, d.replicas, d);
}
