// Not in upstream: the ReconcileTrace, assembled from what the ported functions returned. Kept out
// of the ported bodies so those read beside upstream; a reconcile with `{ trace: false }` skips
// this work. Field order matters (the CLI prints the trace as JSON, conformance compares
// it), so each object is built in one fixed order.

import { objectList } from './objectList.ts';
import type { BehaviorNormalization, LegacyNormalization } from './normalization.ts';
import type { MetricTrace, ReconcilePath, ReconcileTrace } from './result.ts';
import type { MetricProposal, MetricSpec, Tolerances } from './types.ts';

/** What reconcileAutoscaler noted on its way, in the order it got there. */
export interface ReconcileSteps {
  path: ReconcilePath;
  tolerances: Tolerances;
  /** one per metric spec, in spec order */
  metrics?: MetricProposal[];
  metricDesiredReplicas?: number;
  normalized?: LegacyNormalization | BehaviorNormalization;
  /** v1.36+: from zero, the normalized count was below a raised minReplicas and became it */
  raisedToMinReplicas?: boolean;
  rescaleReason?: string;
}

/** The start of every trace, and all of a `{ trace: false }` one: the path and the tolerances. */
export function minimalTrace(steps: ReconcileSteps): ReconcileTrace {
  // tolerancesForHpa made this object for this reconcile alone: no copy needed
  return { path: steps.path, tolerances: steps.tolerances };
}

/**
 * What a compact run's series keep (src/engine/simulation/seriesShape.ts), and nothing else: the
 * path, the tolerances, each metric's type, value, usage ratio and proposal or failure reason,
 * and the raw → stabilized → normalized replicas. Every field it has equals the full trace's
 * (horizontal.properties.test.ts); names, pod groups, notes, messages, the stabilization window
 * and the policies are left out, which is most of a trace's allocation.
 */
export function leanTrace(
  steps: ReconcileSteps,
  metricSpecs: readonly MetricSpec[] | null | undefined,
  keep: LeanTraceScratch | null = null,
): ReconcileTrace {
  const ms = steps.metrics;
  let metrics: MetricTrace[] | undefined;
  if (ms && ms.length > 0) {
    if (keep !== null) {
      metrics = keep.metrics;
      // shrunk only: the loop below appends in order, so the list stays packed
      if (metrics.length > ms.length) metrics.length = ms.length;
    } else metrics = new Array<MetricTrace>(ms.length);
    for (let i = 0; i < ms.length; i++)
      metrics[i] = leanMetricTrace(metricSpecs![i]!.type, ms[i]!, keep, i);
  }
  const n = steps.normalized;
  const raw = steps.metricDesiredReplicas;
  if (metrics && raw !== undefined && n) {
    const kept = keep?.trace;
    if (kept) {
      // the same six fields as the literal below, refilled
      kept.path = steps.path;
      kept.tolerances = steps.tolerances;
      kept.metrics = metrics;
      kept.metricDesiredReplicas = raw;
      kept.stabilizedReplicas = stabilizedOf(n);
      kept.normalizedReplicas = n.desiredReplicas;
      return kept;
    }
    // A decision on the metrics path, the usual sync: every field in one literal (the same
    // keys in the same order as below, without growing the object one field at a time).
    const trace: ReconcileTrace = {
      path: steps.path,
      tolerances: steps.tolerances,
      metrics,
      metricDesiredReplicas: raw,
      stabilizedReplicas: stabilizedOf(n),
      normalizedReplicas: n.desiredReplicas,
    };
    if (keep !== null) keep.trace = trace;
    return trace;
  }
  const trace: ReconcileTrace = minimalTrace(steps);
  // not the kept list: this trace is not refilled, and the next reconcile may refill the list
  if (metrics) trace.metrics = keep !== null ? metrics.slice() : metrics;
  if (raw !== undefined) trace.metricDesiredReplicas = raw;
  if (n) {
    trace.stabilizedReplicas = stabilizedOf(n);
    trace.normalizedReplicas = n.desiredReplicas;
  }
  return trace;
}

/** The stabilized recommendation of either normalization. */
function stabilizedOf(n: LegacyNormalization | BehaviorNormalization): number {
  return n.kind === 'legacy' ? n.stabilizedRecommendation : n.stabilized.recommendation;
}

/**
 * Not in upstream: a lean trace's objects kept for the next reconcile (ReconcileOptions.reuse:
 * its caller reads the trace before that one). Only the usual shapes are refilled: a decision on
 * the metrics path, and a Utilization metric that gave a proposal.
 */
export interface LeanTraceScratch {
  trace: ReconcileTrace | null;
  /** the trace's metric list */
  readonly metrics: MetricTrace[];
  /** by metric index, the Utilization metric's trace last built there */
  readonly utilizations: (MetricTrace | undefined)[];
}

export function newLeanTraceScratch(): LeanTraceScratch {
  return { trace: null, metrics: objectList(), utilizations: objectList() };
}

/** metricTrace's numbers only (same rules, same field values). */
function leanMetricTrace(
  type: string,
  p: MetricProposal,
  keep: LeanTraceScratch | null,
  i: number,
): MetricTrace {
  const calc = p.status?.calc;
  if (
    calc &&
    p.err === undefined &&
    p.status!.valueKind === 'util' &&
    calc.usageRatio !== undefined &&
    Number.isFinite(calc.usageRatio) &&
    calc.utilization !== undefined &&
    calc.rawValue !== undefined
  ) {
    // A Utilization target that gave a proposal, the usual metric: what addMetricNumbers and
    // the proposal add below, in the same order, as one literal.
    const kept = keep?.utilizations[i];
    if (kept !== undefined) {
      kept.type = type;
      kept.usageRatio = calc.usageRatio;
      kept.currentUtilization = calc.utilization;
      kept.currentAverageValue = calc.rawValue;
      kept.proposal = p.replicaCountProposal;
      return kept;
    }
    const trace: MetricTrace = {
      type,
      usageRatio: calc.usageRatio,
      currentUtilization: calc.utilization,
      currentAverageValue: calc.rawValue,
      proposal: p.replicaCountProposal,
    };
    if (keep !== null) keep.utilizations[i] = trace;
    return trace;
  }
  const trace: MetricTrace = { type };
  const status = p.status;
  if (status) {
    addMetricNumbers(trace, status);
  }
  if (p.err !== undefined) trace.error = p.condition?.reason ?? '';
  else trace.proposal = p.replicaCountProposal;
  return trace;
}

export function buildTrace(
  steps: ReconcileSteps,
  metricSpecs: readonly MetricSpec[] | null | undefined,
): ReconcileTrace {
  const trace: ReconcileTrace = minimalTrace(steps);
  if (steps.metrics && steps.metrics.length > 0) {
    trace.metrics = steps.metrics.map((p, i) => metricTrace(metricSpecs![i]!.type, p));
  }
  if (steps.metricDesiredReplicas !== undefined) {
    trace.metricDesiredReplicas = steps.metricDesiredReplicas;
  }
  const n = steps.normalized;
  if (n?.kind === 'legacy') {
    trace.stabilizedReplicas = n.stabilizedRecommendation;
    trace.stabilization = {
      upWindowSeconds: 0,
      downWindowSeconds: n.downscaleStabilisationWindow,
      recommendation: n.stabilizedRecommendation,
      winnerIndex: n.winnerIndex,
    };
    trace.scaleUpLimit = n.scaleUpLimit;
  } else if (n?.kind === 'behavior') {
    const s = n.stabilized;
    trace.stabilization = {
      upWindowSeconds: s.upDelaySeconds,
      downWindowSeconds: s.downDelaySeconds,
      recommendation: s.recommendation,
      upRecommendation: s.upRecommendation,
      downRecommendation: s.downRecommendation,
      window: n.window, // never mutated: a full trace never reuses (ReconcileOptions.reuse)
    };
    trace.stabilizedReplicas = s.recommendation;
    if (n.limited.scaleUpLimit !== undefined) trace.scaleUpLimit = n.limited.scaleUpLimit;
    if (n.limited.scaleDownLimit !== undefined) trace.scaleDownLimit = n.limited.scaleDownLimit;
    if (n.limited.policies.length > 0) trace.policies = n.limited.policies;
  }
  if (n) trace.normalizedReplicas = n.desiredReplicas;
  if (steps.raisedToMinReplicas) trace.raisedToMinReplicas = true;
  if (steps.rescaleReason !== undefined) trace.rescaleReason = steps.rescaleReason;
  return trace;
}

/** One metric as the explanation shows it: the status fields kubectl shows, and why. */
function metricTrace(type: string, p: MetricProposal): MetricTrace {
  const trace: MetricTrace = { type };
  const status = p.status;
  if (status) {
    const calc = status.calc;
    trace.name = status.name;
    addMetricNumbers(trace, status);
    if (calc.groups) {
      trace.podGroups = {
        ready: calc.groups.readyPodCount,
        unready: sorted(calc.groups.unreadyPods),
        missing: sorted(calc.groups.missingPods),
        ignored: sorted(calc.groups.ignoredPods),
      };
    }
    if (calc.note) trace.note = calc.note;
  }
  if (p.err !== undefined) {
    trace.error = p.condition?.reason ?? '';
    trace.message = p.err;
  } else {
    trace.proposal = p.replicaCountProposal;
  }
  return trace;
}

/** The numbers both trace levels keep, by one rule (the lean trace must equal the full one). */
function addMetricNumbers(trace: MetricTrace, status: NonNullable<MetricProposal['status']>): void {
  const calc = status.calc;
  if (calc.usageRatio !== undefined && Number.isFinite(calc.usageRatio)) {
    trace.usageRatio = calc.usageRatio;
  }
  if (status.valueKind === 'util' && calc.utilization !== undefined) {
    trace.currentUtilization = calc.utilization;
  }
  if (calc.rawValue !== undefined) {
    if (status.valueKind === 'value') trace.currentValue = calc.rawValue;
    else trace.currentAverageValue = calc.rawValue;
  }
}

function sorted(s: ReadonlySet<string>): string[] {
  return s.size === 0 ? [] : [...s].sort();
}
