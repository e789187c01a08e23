// The decision chain of one sync as ordered steps, each with what it did and, where the popular
// explanation differs from the controller's code (ALGORITHM.md §11), a short note.

import { formatNumber } from '../format/format.ts';
import { clampModel, policyModel, type ClampModel, type PolicyModel } from './limits.ts';
import { metricSteps, type MetricStepModel } from './metricSteps.ts';
import { stabilizationModel, type StabilizationModel } from './stabilization.ts';
import type { SyncDetail } from './types.ts';

export type StepKind =
  'shortcut' | 'metrics' | 'tolerance' | 'max' | 'stabilization' | 'policies' | 'clamp' | 'result';

/** neutral: passed through; changed: this step changed the number; stop: the chain ends here */
export type StepStatus = 'neutral' | 'changed' | 'stop';

export interface ChainStep {
  kind: StepKind;
  title: string;
  status: StepStatus;
  /** the replica count after this step, when it has one */
  value: number | null;
  lines: string[];
  notes: string[];
  metrics?: MetricStepModel[];
  stabilization?: StabilizationModel;
  policies?: PolicyModel;
  clamp?: ClampModel;
}

const SHORTCUTS: Record<string, { title: string; line: (d: SyncDetail) => string; note?: string }> =
  {
    getScaleError: {
      title: 'Could not read the scale',
      line: () =>
        'FailedGetScale: the scale subresource could not be read; nothing else is done this sync',
    },
    scalingDisabled: {
      title: 'Scaling disabled',
      line: () =>
        'the target has 0 replicas and minReplicas is not 0: ScalingActive=False ScalingDisabled, no metrics are read',
      note: 'a workload scaled to zero by hand is left alone: the HPA does not bring it back up to minReplicas',
    },
    aboveMaxReplicas: {
      title: 'Above maxReplicas',
      line: (d) =>
        `current ${d.sync.currentReplicas} > maxReplicas ${d.hpa.spec.maxReplicas}: set to ${d.sync.desiredReplicas} without reading metrics, stabilization or policies`,
    },
    belowMinReplicas: {
      title: 'Below minReplicas',
      line: (d) =>
        `current ${d.sync.currentReplicas} < minReplicas ${d.hpa.spec.minReplicas ?? 1}: set to ${d.sync.desiredReplicas} without reading metrics, stabilization or policies`,
    },
  };

function metricsNotes(models: MetricStepModel[], currentReplicas: number): string[] {
  const notes: string[] = [];
  if (models.some((m) => m.podGroups.some((g) => g.kind === 'ignored'))) {
    notes.push('failed and terminating pods are ignored, not averaged in as 0%');
  }
  if (models.some((m) => m.podGroups.some((g) => g.kind === 'missing'))) {
    notes.push(
      'pods without metrics count as 0% only on a scale-up; on a scale-down as 100% of request',
    );
  }
  if (models.some((m) => m.formula?.startsWith('ceil(') && m.readyPods !== currentReplicas)) {
    notes.push('the multiplier is the number of ready pods, not the current replica count');
  }
  return notes;
}

function toleranceStep(d: SyncDetail, models: MetricStepModel[]): ChainStep {
  const { scaleDown, scaleUp } = d.sync.trace.tolerances;
  const lo = formatNumber(1 - scaleDown, 4);
  const hi = formatNumber(1 + scaleUp, 4);
  const lines = models
    .filter((m) => m.tolerance)
    .map(
      (m) =>
        `${m.label}: ratio ${formatNumber(m.ratio, 4)} is ${m.tolerance!.within ? 'inside' : 'outside'} [${lo}, ${hi}]${m.tolerance!.within ? ' → no change from this metric' : ''}`,
    );
  const notes = models.some((m) => m.tolerance?.within)
    ? ['the band is inclusive: a ratio of exactly 1 + tolerance does not scale (v1.33+)']
    : [];
  return {
    kind: 'tolerance',
    title: `Tolerance band [${lo}, ${hi}]`,
    status: 'neutral',
    value: null,
    lines: lines.length ? lines : ['no usage ratio was computed'],
    notes,
  };
}

function maxStep(d: SyncDetail, models: MetricStepModel[]): ChainStep {
  const t = d.sync.trace;
  const decided = models.find((m) => m.decided);
  const failed = models.filter((m) => m.error);
  const lines: string[] = [];
  if (t.path === 'metricsError') {
    const reason = d.sync.conditions.find((c) => c.type === 'ScalingActive')?.reason ?? '';
    lines.push(
      failed.length === models.length
        ? `every metric failed: ScalingActive=False ${reason}; no scaling this sync`
        : `a metric failed and the others ask for fewer than current (${d.sync.currentReplicas}): ScalingActive=False ${reason}; no scaling this sync`,
    );
    return {
      kind: 'max',
      title: 'Metrics failed',
      status: 'stop',
      value: null,
      lines,
      notes:
        failed.length < models.length
          ? ['one failing metric cannot stop a scale-up but does stop any scale-down']
          : [],
    };
  }
  if (models.length > 1) {
    lines.push(
      `largest proposal wins: ${t.metricDesiredReplicas ?? '?'}${decided ? ` (${decided.label})` : ''}`,
    );
  } else if (decided) {
    lines.push(`one metric: ${decided.label} proposes ${decided.proposal}`);
  }
  for (const f of failed) {
    lines.push(
      `${f.label} failed (${f.error!.reason}): skipped, the others do not ask for a scale-down`,
    );
  }
  return {
    kind: 'max',
    title: models.length > 1 ? 'Largest proposal' : 'Proposal',
    status: 'neutral',
    value: t.metricDesiredReplicas ?? null,
    lines,
    notes: [],
  };
}

function stabilizationStep(d: SyncDetail, s: StabilizationModel): ChainStep {
  const windows = s.legacy
    ? `scale-down window ${s.downWindowSeconds} s (--horizontal-pod-autoscaler-downscale-stabilization); scale-ups are not delayed`
    : `scale-up window ${s.upWindowSeconds} s, scale-down window ${s.downWindowSeconds} s`;
  const notes: string[] = [];
  if (s.outcome !== 'unchanged') {
    notes.push(
      'the window is not a cooldown: it takes the highest (scale-down) or lowest (scale-up) recommendation of the last N s, sliding every sync',
    );
  }
  if (s.outcome === 'heldDown' && d.sync.time < s.downWindowSeconds && s.result >= s.current) {
    notes.push(
      'a freshly started controller seeds the history with the current replica count, so nothing scales down during the first window',
    );
  }
  return {
    kind: 'stabilization',
    title: 'Stabilization',
    status: s.outcome === 'unchanged' ? 'neutral' : 'changed',
    value: s.result,
    lines: [windows, s.summary],
    notes,
    stabilization: s,
  };
}

const POLICY_REASONS = new Set(['ScaleUpLimit', 'ScaleDownLimit']);
const CLAMP_REASONS = new Set(['TooManyReplicas', 'TooFewReplicas']);

function policiesStep(p: PolicyModel, c: ClampModel | null): ChainStep {
  // Which step bound the value follows the ScalingLimited reason the controller set.
  const bound = c !== null && c.output !== c.input && POLICY_REASONS.has(c.reason);
  const notes: string[] = [];
  if (bound && !p.legacy) {
    notes.push(
      'policies only limit how far the recommendation may move; they never move replicas further than the metrics asked for',
    );
  }
  if (p.disabled) {
    notes.push('selectPolicy: Disabled still enforces minReplicas and maxReplicas (next step)');
  }
  const title = p.legacy
    ? 'Rate limit (no behavior)'
    : `Policies (${p.direction === 'none' ? 'no change' : `scale ${p.direction}`})`;
  return {
    kind: 'policies',
    title,
    status: bound ? 'changed' : 'neutral',
    value: p.limit,
    lines: bound
      ? [...p.lines, `the limit binds: ${c.input} → ${c.output} (${c.reason})`]
      : p.lines,
    notes,
    policies: p,
  };
}

function clampStep(c: ClampModel): ChainStep {
  return {
    kind: 'clamp',
    title: 'Clamp to minReplicas / maxReplicas',
    status: c.output !== c.input && CLAMP_REASONS.has(c.reason) ? 'changed' : 'neutral',
    value: c.output,
    lines: c.lines,
    notes: [],
    clamp: c,
  };
}

function resultStep(d: SyncDetail): ChainStep {
  const { sync } = d;
  const t = sync.trace;
  const failed =
    sync.conditions.find((c) => c.type === 'AbleToScale')?.reason === 'FailedUpdateScale';
  const lines: string[] = [];
  if (failed)
    lines.push(
      `the scale update to ${t.normalizedReplicas ?? sync.desiredReplicas} failed (FailedUpdateScale): replicas stay at ${sync.replicas}`,
    );
  else if (sync.rescaled)
    lines.push(`New size: ${sync.replicas}; reason: ${t.rescaleReason ?? ''}`);
  else lines.push(`no rescale: replicas stay at ${sync.replicas}`);
  lines.push(`status.desiredReplicas = ${sync.desiredReplicas}`);
  return {
    kind: 'result',
    title: 'Result',
    status: sync.rescaled ? 'changed' : 'neutral',
    value: sync.replicas,
    lines,
    notes: [],
  };
}

export function decisionChain(
  detail: SyncDetail,
  history?: { time: ArrayLike<number>; raw: ArrayLike<number> },
): ChainStep[] {
  const t = detail.sync.trace;
  const shortcut = SHORTCUTS[t.path];
  if (shortcut) {
    const step: ChainStep = {
      kind: 'shortcut',
      title: shortcut.title,
      status: 'stop',
      value:
        t.path === 'getScaleError' || t.path === 'scalingDisabled'
          ? null
          : detail.sync.desiredReplicas,
      lines: [shortcut.line(detail)],
      notes: shortcut.note ? [shortcut.note] : [],
    };
    return t.path === 'aboveMaxReplicas' || t.path === 'belowMinReplicas'
      ? [step, resultStep(detail)]
      : [step];
  }
  const models = metricSteps(detail);
  const steps: ChainStep[] = [
    {
      kind: 'metrics',
      title: 'Metric proposals',
      status: 'neutral',
      value: null,
      lines: [],
      notes: metricsNotes(models, detail.sync.currentReplicas),
      metrics: models,
    },
    toleranceStep(detail, models),
    maxStep(detail, models),
  ];
  if (t.path === 'metricsError') return steps;
  const s = stabilizationModel(detail, history);
  if (s) steps.push(stabilizationStep(detail, s));
  const p = policyModel(detail);
  const c = clampModel(detail);
  if (p) steps.push(policiesStep(p, c));
  if (c) steps.push(clampStep(c));
  steps.push(resultStep(detail));
  return steps;
}
