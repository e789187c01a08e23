// The deployment controller's rolling update, as arithmetic over ReplicaSet counts: how many
// pods the new and the old ReplicaSets should have at each of its syncs (rolloutRolling), and
// how an HPA's rescale mid-rollout is shared out between them (scale, proportionally, by the
// max-replicas annotations). Pods, readiness and the sync clock are the world's; this file only
// decides the ReplicaSets' spec.replicas from what it is shown.
// upstream: kubernetes/kubernetes v1.35 pkg/controller/deployment/rolling.go, sync.go,
// util/deployment_util.go; k8s.io/apimachinery pkg/util/intstr GetScaledValueFromIntOrPercent.

/** An IntOrString of the rolling-update strategy: a count, or a percent string ("25%"). */
export type IntOrPercent = number | string;

/** A ReplicaSet as the deployment controller reads and writes it. */
export interface ReplicaSetView {
  /** creation order (older first); the newest is the Deployment's current template */
  revision: number;
  /** spec.replicas */
  replicas: number;
  /** status.availableReplicas: Ready for minReadySeconds */
  available: number;
  /** deployment.kubernetes.io/desired-replicas (null: absent) */
  desiredAnnotation: number | null;
  /** deployment.kubernetes.io/max-replicas (null: absent) */
  maxAnnotation: number | null;
  /** status.replicas: its active pods, terminating ones left out (absent: 0; Recreate reads it) */
  statusReplicas?: number;
}

/** The Deployment's spec as the controller reads it. */
export interface DeploymentView {
  /** spec.strategy.type; absent: RollingUpdate (the apps/v1 default) */
  type?: 'RollingUpdate' | 'Recreate';
  /** spec.replicas: what the HPA writes through the scale subresource */
  replicas: number;
  maxSurge: IntOrPercent;
  maxUnavailable: IntOrPercent;
  /** status.replicas: the pods of every ReplicaSet (the annotation's fallback) */
  statusReplicas: number;
}

// upstream: apimachinery intstr.go GetScaledValueFromIntOrPercent — a percent of `total`,
// rounded up (maxSurge) or down (maxUnavailable); a count as it is.
export function getScaledValueFromIntOrPercent(
  v: IntOrPercent,
  total: number,
  roundUp: boolean,
): number {
  if (typeof v === 'number') return v;
  const pct = Number.parseInt(v.slice(0, -1), 10);
  const exact = (pct * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

// upstream: util/deployment_util.go ResolveFenceposts — both zero after rounding: one pod may
// be unavailable ("on the theory that surge might not work due to quota").
export function resolveFenceposts(
  maxSurge: IntOrPercent,
  maxUnavailable: IntOrPercent,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = getScaledValueFromIntOrPercent(maxSurge, desired, true);
  let unavailable = getScaledValueFromIntOrPercent(maxUnavailable, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

// upstream: util/deployment_util.go IsRollingUpdate
export function isRollingUpdate(d: DeploymentView): boolean {
  return d.type !== 'Recreate';
}

// upstream: util/deployment_util.go MaxSurge — 0 unless RollingUpdate.
export function maxSurge(d: DeploymentView): number {
  if (!isRollingUpdate(d)) return 0;
  return resolveFenceposts(d.maxSurge, d.maxUnavailable, d.replicas).surge;
}

// upstream: util/deployment_util.go MaxUnavailable — 0 for a Deployment of 0, at most replicas.
export function maxUnavailable(d: DeploymentView): number {
  if (!isRollingUpdate(d) || d.replicas === 0) return 0;
  const u = resolveFenceposts(d.maxSurge, d.maxUnavailable, d.replicas).unavailable;
  return Math.min(u, d.replicas);
}

// upstream: sync.go scaleReplicaSetAndRecordEvent — the same size is no write at all (the
// annotations stay as they were).
export function scaleReplicaSetAndRecordEvent(
  rs: ReplicaSetView,
  size: number,
  d: DeploymentView,
): boolean {
  if (rs.replicas === size) return false;
  return scaleReplicaSet(rs, size, d);
}

const sumReplicas = (rss: readonly ReplicaSetView[]) => rss.reduce((s, r) => s + r.replicas, 0);
const sumAvailable = (rss: readonly ReplicaSetView[]) => rss.reduce((s, r) => s + r.available, 0);

// upstream: sync.go scaleReplicaSet — spec.replicas and both annotations follow the Deployment.
export function scaleReplicaSet(rs: ReplicaSetView, size: number, d: DeploymentView): boolean {
  const surge = maxSurge(d);
  const changed =
    rs.replicas !== size ||
    rs.desiredAnnotation !== d.replicas ||
    rs.maxAnnotation !== d.replicas + surge;
  rs.replicas = size;
  rs.desiredAnnotation = d.replicas;
  rs.maxAnnotation = d.replicas + surge;
  return changed;
}

// upstream: util/deployment_util.go NewRSNewReplicas — RollingUpdate: up to replicas + surge
// pods in all, never past the Deployment's replicas for the new ReplicaSet; Recreate: replicas.
export function newRSNewReplicas(
  d: DeploymentView,
  allRSs: readonly ReplicaSetView[],
  newRS: ReplicaSetView,
): number {
  if (!isRollingUpdate(d)) return d.replicas;
  const surge = getScaledValueFromIntOrPercent(d.maxSurge, d.replicas, true);
  const current = sumReplicas(allRSs);
  const maxTotal = d.replicas + surge;
  if (current >= maxTotal) return newRS.replicas;
  const up = Math.min(maxTotal - current, d.replicas - newRS.replicas);
  return newRS.replicas + up;
}

// upstream: rolling.go reconcileNewReplicaSet
export function reconcileNewReplicaSet(
  d: DeploymentView,
  allRSs: readonly ReplicaSetView[],
  newRS: ReplicaSetView,
): boolean {
  if (newRS.replicas === d.replicas) return false;
  if (newRS.replicas > d.replicas) return scaleReplicaSetAndRecordEvent(newRS, d.replicas, d);
  return scaleReplicaSetAndRecordEvent(newRS, newRSNewReplicas(d, allRSs, newRS), d);
}

/** Old ReplicaSets oldest first (ReplicaSetsByCreationTimestamp). */
const byCreation = (rss: readonly ReplicaSetView[]) =>
  [...rss].sort((a, b) => a.revision - b.revision);

// upstream: rolling.go reconcileOldReplicaSets — scale old ReplicaSets down by at most
// allPods − minAvailable − the new ReplicaSet's unavailable pods: unhealthy old pods first
// (cleanupUnhealthyReplicas), then available ones down to minAvailable
// (scaleDownOldReplicaSetsForRollingUpdate).
export function reconcileOldReplicaSets(
  d: DeploymentView,
  allRSs: readonly ReplicaSetView[],
  oldRSs: readonly ReplicaSetView[],
  newRS: ReplicaSetView,
): number {
  if (sumReplicas(oldRSs) === 0) return 0;
  const minAvailable = d.replicas - maxUnavailable(d);
  const newRSUnavailable = newRS.replicas - newRS.available;
  const maxScaledDown = sumReplicas(allRSs) - minAvailable - newRSUnavailable;
  if (maxScaledDown <= 0) return 0;
  const cleaned = cleanupUnhealthyReplicas(d, oldRSs, maxScaledDown);
  return cleaned + scaleDownOldReplicaSetsForRollingUpdate(d, [...oldRSs, newRS], oldRSs);
}

// upstream: rolling.go cleanupUnhealthyReplicas — old pods that are not available go first
// (the ReplicaSet deletes not-ready before ready), up to maxCleanupCount in all.
export function cleanupUnhealthyReplicas(
  d: DeploymentView,
  oldRSs: readonly ReplicaSetView[],
  maxCleanupCount: number,
): number {
  let total = 0;
  for (const rs of byCreation(oldRSs)) {
    if (total >= maxCleanupCount) break;
    if (rs.replicas === 0 || rs.replicas === rs.available) continue;
    const down = Math.min(maxCleanupCount - total, rs.replicas - rs.available);
    scaleReplicaSetAndRecordEvent(rs, rs.replicas - down, d);
    // the deleted pods were the unavailable ones
    total += down;
  }
  return total;
}

// upstream: rolling.go scaleDownOldReplicaSetsForRollingUpdate — available pods above
// minAvailable go from the oldest ReplicaSets first.
export function scaleDownOldReplicaSetsForRollingUpdate(
  d: DeploymentView,
  allRSs: readonly ReplicaSetView[],
  oldRSs: readonly ReplicaSetView[],
): number {
  const minAvailable = d.replicas - maxUnavailable(d);
  const available = sumAvailable(allRSs);
  if (available <= minAvailable) return 0;
  const want = available - minAvailable;
  let total = 0;
  for (const rs of byCreation(oldRSs)) {
    if (total >= want) break;
    if (rs.replicas === 0) continue;
    const down = Math.min(rs.replicas, want - total);
    scaleReplicaSetAndRecordEvent(rs, rs.replicas - down, d);
    total += down;
  }
  return total;
}

// upstream: rolling.go rolloutRolling — scale the new ReplicaSet up if it may; if it did not,
// scale old ones down if they may. One step per controller sync.
export function rolloutRolling(
  d: DeploymentView,
  newRS: ReplicaSetView,
  oldRSs: readonly ReplicaSetView[],
): 'scaled-up' | 'scaled-down' | 'none' {
  const all = [...oldRSs, newRS];
  if (reconcileNewReplicaSet(d, all, newRS)) return 'scaled-up';
  const active = oldRSs.filter((r) => r.replicas > 0);
  if (reconcileOldReplicaSets(d, all, active, newRS) > 0) return 'scaled-down';
  return 'none';
}

// upstream: sync.go isScalingEvent — spec.replicas moved under an active ReplicaSet (its
// desired-replicas annotation says another count): proportional scaling, not a rollout step.
export function isScalingEvent(d: DeploymentView, rss: readonly ReplicaSetView[]): boolean {
  return rss.some(
    (r) => r.replicas > 0 && r.desiredAnnotation !== null && r.desiredAnnotation !== d.replicas,
  );
}

// upstream: util/deployment_util.go IsSaturated
export function isSaturated(d: DeploymentView, rs: ReplicaSetView): boolean {
  return rs.replicas === d.replicas && rs.desiredAnnotation === d.replicas;
}

// upstream: util/deployment_util.go getReplicaSetFraction — this ReplicaSet's share of the new
// size (replicas + surge) by its share of the size it was made for (max-replicas), rounded.
export function getReplicaSetFraction(rs: ReplicaSetView, d: DeploymentView): number {
  if (d.replicas === 0) return -rs.replicas;
  const deploymentReplicas = d.replicas + maxSurge(d);
  const annotated = rs.maxAnnotation ?? d.statusReplicas;
  // Go's math.Round: half away from zero (sizes are positive here)
  return Math.round((rs.replicas * deploymentReplicas) / annotated) - rs.replicas;
}

// upstream: util/deployment_util.go GetProportion
export function getProportion(
  rs: ReplicaSetView,
  d: DeploymentView,
  toAdd: number,
  added: number,
): number {
  if (rs.replicas === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = getReplicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

// upstream: sync.go scale — one active ReplicaSet takes the new size; a saturated new one
// empties the old; otherwise, under RollingUpdate only, the change (replicas + surge − all
// pods) is shared out proportionally, largest first (newer first on a scale-up, older first on
// a scale-down), and the rounding left-over goes to the first.
export function scale(d: DeploymentView, newRS: ReplicaSetView, oldRSs: readonly ReplicaSetView[]) {
  const active = [...oldRSs, newRS].filter((r) => r.replicas > 0);
  if (active.length <= 1) {
    const one = active[0] ?? newRS;
    scaleReplicaSetAndRecordEvent(one, d.replicas, d);
    return;
  }
  if (isSaturated(d, newRS)) {
    for (const old of oldRSs) if (old.replicas > 0) scaleReplicaSetAndRecordEvent(old, 0, d);
    return;
  }
  if (!isRollingUpdate(d)) return;
  const allowed = d.replicas > 0 ? d.replicas + maxSurge(d) : 0;
  const toAdd = allowed - sumReplicas(active);
  if (toAdd > 0) active.sort((a, b) => b.replicas - a.replicas || b.revision - a.revision);
  else if (toAdd < 0) active.sort((a, b) => b.replicas - a.replicas || a.revision - b.revision);
  let added = 0;
  const sizes = active.map((rs) => {
    if (toAdd === 0) return rs.replicas;
    const p = getProportion(rs, d, toAdd, added);
    added += p;
    return rs.replicas + p;
  });
  active.forEach((rs, i) => {
    let size = sizes[i]!;
    if (i === 0 && toAdd !== 0) size = Math.max(0, size + toAdd - added);
    scaleReplicaSet(rs, size, d);
  });
}

/** One field error of the rolling-update strategy, as the API server words it. */
export interface StrategyError {
  field: 'maxSurge' | 'maxUnavailable';
  message: string;
}

const PERCENT = /^[0-9]+%$/;

// upstream: pkg/apis/apps/validation/validation.go ValidateRollingUpdateDeployment and
// ValidatePositiveIntOrPercent.
export function validateRollingUpdate(
  surge: IntOrPercent,
  unavailable: IntOrPercent,
): StrategyError[] {
  const errs: StrategyError[] = [];
  const check = (field: StrategyError['field'], v: IntOrPercent): number | null => {
    if (typeof v === 'string') {
      if (!PERCENT.test(v)) {
        errs.push({
          field,
          message: `a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`,
        });
        return null;
      }
      return Number.parseInt(v, 10);
    }
    if (!Number.isInteger(v) || v < 0) {
      errs.push({ field, message: 'must be greater than or equal to 0' });
      return null;
    }
    return v;
  };
  const u = check('maxUnavailable', unavailable);
  if (u !== null && typeof unavailable === 'string' && u > 100)
    errs.push({ field: 'maxUnavailable', message: 'must not be greater than 100%' });
  const s = check('maxSurge', surge);
  if (u === 0 && s === 0)
    errs.push({ field: 'maxUnavailable', message: 'may not be 0 when `maxSurge` is 0' });
  return errs;
}
