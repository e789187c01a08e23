// Where the popular explanations of the HPA (KEP-853's text, the docs, blog walk-throughs) differ
// from the controller's code (shared/conformance/ALGORITHM.md §11), as notes on one sync. Pure
// data from the trace and conditions alone, so the app's decision chain (src/explain) and the
// CLI's `run --explain` print the same notes at the same syncs.

import type { HorizontalPodAutoscaler, MetricSpec, MetricTrace } from '../controller/index.ts';
import type { SyncRecord } from './result.ts';

/** The step of the decision chain a note belongs to (src/explain's StepKind). */
export type SeedNoteStep =
  'shortcut' | 'metrics' | 'tolerance' | 'max' | 'stabilization' | 'policies';

export type SeedNoteId =
  | 'scaledToZeroByHand'
  | 'ignoredPods'
  | 'missingPods'
  | 'readyMultiplier'
  | 'inclusiveTolerance'
  | 'failedMetricBlocksDown'
  | 'windowNotCooldown'
  | 'freshControllerSeeds'
  | 'policiesOnlyLimit'
  | 'disabledDirection';

export interface SeedNote {
  id: SeedNoteId;
  step: SeedNoteStep;
  text: string;
}

/** Every note's text: one place, so the app and the CLI word them alike. */
export const SEED_NOTE_TEXT: Record<SeedNoteId, string> = {
  scaledToZeroByHand:
    'a workload scaled to zero by hand is left alone: the HPA does not bring it back up to minReplicas',
  ignoredPods: 'failed and terminating pods are ignored, not averaged in as 0%',
  missingPods:
    'pods without metrics count as 0% only on a scale-up; on a scale-down as 100% of request',
  readyMultiplier: 'the multiplier is the number of ready pods, not the current replica count',
  inclusiveTolerance:
    'the band is inclusive: a ratio of exactly 1 + tolerance does not scale (v1.33+)',
  failedMetricBlocksDown: 'one failing metric cannot stop a scale-up but does stop any scale-down',
  windowNotCooldown:
    'the window is not a cooldown: it takes the highest (scale-down) or lowest (scale-up) recommendation of the last N s, sliding every sync',
  freshControllerSeeds:
    'a freshly started controller seeds the history with the current replica count, so nothing scales down during the first window',
  policiesOnlyLimit:
    'policies only limit how far the recommendation may move; they never move replicas further than the metrics asked for',
  // upstream: horizontal.go calculateScaleUpLimitWithScalingRules / calculateScaleDownLimitWithBehaviors
  // return current for Disabled; min/max act only in reconcileAutoscaler's check before any
  // metric is read (current outside [min, max]), so Disabled never lets the clamp move replicas.
  disabledDirection:
    'selectPolicy: Disabled makes the limit the current count, so no recommendation moves replicas this way; minReplicas and maxReplicas act only through the check at the start of a sync, when the current count is already outside them (say, after the HPA is edited)',
};

function note(id: SeedNoteId, step: SeedNoteStep): SeedNote {
  return { id, step, text: SEED_NOTE_TEXT[id] };
}

function isValueTarget(spec: MetricSpec | undefined): boolean {
  return spec?.type === 'Object' && spec.object?.target.type === 'Value';
}

/**
 * The proposal is a ready-pod multiple when it equals ceil(ratio × ready) on the plain path, or
 * when an Object Value target multiplies by the Running and Ready pods (getReadyPodsCount).
 */
function multipliesReadyPods(
  m: MetricTrace,
  spec: MetricSpec | undefined,
  withinTolerance: boolean,
  currentReplicas: number,
): boolean {
  if (m.proposal === undefined || m.usageRatio === undefined) return false;
  if (withinTolerance && (!m.note || m.note.startsWith('within tolerance'))) return false;
  const ready = m.podGroups?.ready;
  if (ready !== undefined && !m.note && Math.ceil(m.usageRatio * ready) === m.proposal)
    return ready !== currentReplicas;
  return isValueTarget(spec);
}

function metricsNotes(sync: SyncRecord, hpa: HorizontalPodAutoscaler): SeedNote[] {
  const t = sync.trace;
  const metrics = t.metrics ?? [];
  const specs = hpa.spec.metrics ?? [];
  const low = 1 - t.tolerances.scaleDown;
  const high = 1 + t.tolerances.scaleUp;
  const within = metrics.map(
    (m) =>
      m.usageRatio !== undefined &&
      !Number.isNaN(m.usageRatio) &&
      m.usageRatio >= low &&
      m.usageRatio <= high,
  );
  const out: SeedNote[] = [];
  if (metrics.some((m) => (m.podGroups?.ignored.length ?? 0) > 0))
    out.push(note('ignoredPods', 'metrics'));
  if (metrics.some((m) => (m.podGroups?.missing.length ?? 0) > 0))
    out.push(note('missingPods', 'metrics'));
  if (metrics.some((m, i) => multipliesReadyPods(m, specs[i], within[i]!, sync.currentReplicas)))
    out.push(note('readyMultiplier', 'metrics'));
  if (within.some(Boolean)) out.push(note('inclusiveTolerance', 'tolerance'));
  return out;
}

function normalizationNotes(sync: SyncRecord, hpa: HorizontalPodAutoscaler): SeedNote[] {
  const t = sync.trace;
  const out: SeedNote[] = [];
  const proposal = t.metricDesiredReplicas;
  const result = t.stabilizedReplicas;
  const current = sync.currentReplicas;
  if (t.stabilization && proposal !== undefined && result !== undefined && result !== proposal) {
    out.push(note('windowNotCooldown', 'stabilization'));
    const heldDown = proposal < current || result > proposal;
    if (heldDown && sync.time < t.stabilization.downWindowSeconds && result >= current)
      out.push(note('freshControllerSeeds', 'stabilization'));
  }
  const behavior = hpa.spec.behavior;
  if (result === undefined || !behavior) return out;
  const limited = sync.conditions.find((c) => c.type === 'ScalingLimited')?.reason ?? '';
  const bound =
    t.normalizedReplicas !== undefined &&
    t.normalizedReplicas !== result &&
    (limited === 'ScaleUpLimit' || limited === 'ScaleDownLimit');
  if (bound) out.push(note('policiesOnlyLimit', 'policies'));
  const rules = result > current ? behavior.scaleUp : result < current ? behavior.scaleDown : null;
  if (rules?.selectPolicy === 'Disabled') out.push(note('disabledDirection', 'policies'));
  return out;
}

/** The notes that apply to one sync, in the order of the decision chain. */
export function seedNotes(sync: SyncRecord, hpa: HorizontalPodAutoscaler): SeedNote[] {
  const t = sync.trace;
  // A skipped sync decided nothing (its trace is the previous reconcile's).
  if (sync.skipped) return [];
  if (t.path === 'scalingDisabled') return [note('scaledToZeroByHand', 'shortcut')];
  if (t.path !== 'metrics' && t.path !== 'metricsError') return [];
  const out = metricsNotes(sync, hpa);
  if (t.path === 'metricsError') {
    const metrics = t.metrics ?? [];
    const failed = metrics.filter((m) => m.error !== undefined).length;
    if (failed < metrics.length) out.push(note('failedMetricBlocksDown', 'max'));
    return out;
  }
  return [...out, ...normalizationNotes(sync, hpa)];
}
