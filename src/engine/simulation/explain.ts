// One line per sync saying why it ended where it did, in the controller's own terms (condition
// reasons, event wording), built only from the trace and conditions.

import type { HorizontalPodAutoscaler, MetricTrace } from '../controller/index.ts';
import type { SyncStep } from './cluster.ts';
import type { SyncRecord } from './result.ts';
import { describeMetric } from './series.ts';
import { shortcutLine } from './shortcuts.ts';

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return Number.isInteger(x)
    ? String(x)
    : x.toFixed(Math.abs(x) < 10 ? 3 : 1).replace(/\.?0+$/, '');
}

function metricPart(m: MetricTrace, hpa: HorizontalPodAutoscaler, i: number): string {
  const spec = hpa.spec.metrics?.[i];
  const info = spec ? describeMetric(spec) : null;
  const label = info?.label ?? m.type;
  if (m.error !== undefined) return `${label}: unavailable (${m.error})`;
  let current = '';
  if (m.currentUtilization !== undefined && m.currentUtilization < 0)
    current = `${m.currentUtilization}% (int32 overflow: the utilization passed 2147483647% and wrapped, as upstream's arithmetic does; the decision uses the wrapped value)`;
  else if (m.currentUtilization !== undefined) current = `${m.currentUtilization}%`;
  else if (m.currentAverageValue !== undefined) current = fmt(m.currentAverageValue / 1000);
  else if (m.currentValue !== undefined) current = fmt(m.currentValue / 1000);
  const target = info ? (info.unit.startsWith('%') ? `${info.target}%` : fmt(info.target)) : '?';
  const ratio = m.usageRatio !== undefined ? `, ratio ${fmt(m.usageRatio)}` : '';
  const note = m.note ? `, ${m.note}` : '';
  return `${label} ${current} vs target ${target}${ratio}${note} → ${m.proposal}`;
}

function condition(r: SyncRecord, type: string) {
  return r.conditions.find((c) => c.type === type);
}

export function explainSync(r: SyncRecord, hpa: HorizontalPodAutoscaler): string {
  const t = r.trace;
  switch (t.path) {
    case 'getScaleError':
    case 'scalingDisabled':
    case 'aboveMaxReplicas':
    case 'belowMinReplicas':
      return shortcutLine(t.path, {
        currentReplicas: r.currentReplicas,
        desiredReplicas: r.replicas,
        minReplicas: hpa.spec.minReplicas ?? 1,
        maxReplicas: hpa.spec.maxReplicas,
      });
    case 'metricsError': {
      const c = condition(r, 'ScalingActive');
      const parts = (t.metrics ?? []).map((m, i) => metricPart(m, hpa, i));
      return `ScalingActive=False ${c?.reason ?? ''}: ${parts.join('; ') || c?.message || 'no metric could be computed'}; no scaling (a failed metric blocks a scale-down)`;
    }
    case 'metrics':
      break;
  }
  const parts = (t.metrics ?? []).map((m, i) => metricPart(m, hpa, i));
  let line = parts.join('; ');
  if ((t.metrics?.length ?? 0) > 1) line += ` ⇒ largest proposal ${t.metricDesiredReplicas}`;
  const able = condition(r, 'AbleToScale');
  if (t.stabilizedReplicas !== undefined && t.stabilizedReplicas !== t.metricDesiredReplicas) {
    const s = t.stabilization;
    const window =
      s && t.stabilizedReplicas > (t.metricDesiredReplicas ?? 0)
        ? `the highest recommendation of the last ${s.downWindowSeconds}s`
        : `the lowest recommendation of the last ${s?.upWindowSeconds ?? 0}s`;
    const reason =
      t.stabilizedReplicas > (t.metricDesiredReplicas ?? 0)
        ? 'ScaleDownStabilized'
        : 'ScaleUpStabilized';
    line += `; stabilized to ${t.stabilizedReplicas} (${reason}: ${window})`;
  }
  const limited = condition(r, 'ScalingLimited');
  if (limited?.status === 'True' && t.normalizedReplicas !== t.stabilizedReplicas) {
    line += `; limited to ${t.normalizedReplicas} (${limited.reason})`;
  }
  if (r.rescaled) line += `; New size: ${r.replicas}; reason: ${t.rescaleReason}`;
  else if (able?.reason === 'FailedUpdateScale') line += '; the scale update failed';
  else line += `; stays at ${r.replicas}`;
  return line;
}

/**
 * What others wrote since the previous sync (Simulation spec.changes), as the start of the sync's
 * explanation: "the HPA was edited at t=330s (maxReplicas 10 → 20); reconciled at once
 * (HPAGeneration: generation 2). ". Empty when nothing was written.
 */
export function explainChanges(step: SyncStep): string {
  const changes = step.changes;
  const ro = step.rollout;
  const rollout = !ro
    ? ''
    : ro.waiting !== undefined
      ? `Rollout in progress (Recreate): ${ro.waiting} old pods terminating, the new ReplicaSet waits for them to be gone (${ro.new} new pods). `
      : `Rollout in progress: ${ro.old} old, ${ro.new} new pods (the HPA counts both). `;
  if (!changes || changes.length === 0) return rollout;
  const parts = changes.map((c) => `at t=${fmt(c.time)}s ${c.description}`);
  const edited = changes.some((c) => c.edit);
  const observed = step.r.observedGeneration;
  const last = changes[changes.length - 1]!;
  let how = '';
  if (edited) {
    const generation = observed != null ? ` (observedGeneration ${observed})` : '';
    how =
      (last.seen ?? last.time) === step.time && last.edit && observed != null
        ? `; reconciled at once: HPAGeneration enqueues a spec edit immediately${generation}`
        : `; this periodic sync is the first to read it${generation}`;
  }
  const text = `${parts.join('; ')}${how}. `;
  return text.charAt(0).toUpperCase() + text.slice(1) + rollout;
}

/** A sync StaleControllerConsistencyHPA skipped (informerLag.ts). */
export function explainSkip(writtenAt: number): string {
  return `Skipped: the informer cache has not yet seen this controller's own status write of t=${fmt(writtenAt)}s (StaleControllerConsistencyHPA): no reconcile, the key is requeued rate-limited and tried again at the next resync`;
}
