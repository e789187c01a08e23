// The decision chain of one sync as ordered steps, each with what it did and, where the popular
// explanation differs from the controller's code (ALGORITHM.md §11), a short note. The notes come
// from the engine's seedNotes (shared with the CLI's `run --explain`), so both say the same.

import { seedNotes, type SeedNote } from '../engine/simulation/seedNotes.ts';
import { isShortcut, SHORTCUT_TITLES, shortcutLine } from '../engine/simulation/shortcuts.ts';
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

function notesOf(notes: SeedNote[], step: SeedNote['step']): string[] {
  return notes.filter((n) => n.step === step).map((n) => n.text);
}

function toleranceStep(d: SyncDetail, models: MetricStepModel[], notes: string[]): ChainStep {
  const { scaleDown, scaleUp } = d.sync.trace.tolerances;
  const lo = formatNumber(1 - scaleDown, 4);
  const hi = formatNumber(1 + scaleUp, 4);
  const lines = models
    .filter((m) => m.tolerance)
    .map(
      (m) =>
        `${m.label}: ratio ${formatNumber(m.ratio, 4)} is ${m.tolerance!.within ? 'inside' : 'outside'} [${lo}, ${hi}]${m.tolerance!.within ? ' → no change from this metric' : ''}`,
    );
  return {
    kind: 'tolerance',
    title: `Tolerance band [${lo}, ${hi}]`,
    status: 'neutral',
    value: null,
    lines: lines.length ? lines : ['no usage ratio was computed'],
    notes,
  };
}

function maxStep(d: SyncDetail, models: MetricStepModel[], notes: string[]): ChainStep {
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
      notes,
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

function stabilizationStep(s: StabilizationModel, notes: string[]): ChainStep {
  const windows = s.legacy
    ? `scale-down window ${s.downWindowSeconds} s (--horizontal-pod-autoscaler-downscale-stabilization); scale-ups are not delayed`
    : `scale-up window ${s.upWindowSeconds} s, scale-down window ${s.downWindowSeconds} s`;
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

function policiesStep(p: PolicyModel, c: ClampModel | null, notes: string[]): ChainStep {
  // Which step bound the value follows the ScalingLimited reason the controller set.
  const bound = c !== null && c.output !== c.input && POLICY_REASONS.has(c.reason);
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

/**
 * A sync with no HPA object (KEDA deleted it while its ScaledObject is paused): the controller's
 * reconcileKey found nothing, so there is no chain to walk, only what that means.
 */
function noHpaStep(detail: SyncDetail): ChainStep {
  return {
    kind: 'shortcut',
    title: 'No HPA (KEDA paused)',
    status: 'stop',
    value: null,
    lines: [
      `KEDA deleted the HPA ${detail.hpa.metadata?.name ?? ''} while the ScaledObject is paused: the controller found no HPA, reconciled nothing and forgot its recommendations and scale events`,
      `spec.replicas stays ${detail.sync.replicas}; a re-created HPA starts with an empty stabilization window`,
    ],
    notes: [],
  };
}

export function decisionChain(
  detail: SyncDetail,
  history?: { time: ArrayLike<number>; raw: ArrayLike<number> },
): ChainStep[] {
  if (detail.sync.noHpa) return [noHpaStep(detail)];
  const t = detail.sync.trace;
  const notes = seedNotes(detail.sync, detail.hpa);
  if (isShortcut(t.path)) {
    const step: ChainStep = {
      kind: 'shortcut',
      title: SHORTCUT_TITLES[t.path],
      status: 'stop',
      value:
        t.path === 'getScaleError' || t.path === 'scalingDisabled'
          ? null
          : detail.sync.desiredReplicas,
      lines: [
        shortcutLine(t.path, {
          currentReplicas: detail.sync.currentReplicas,
          desiredReplicas: detail.sync.desiredReplicas,
          minReplicas: detail.hpa.spec.minReplicas ?? 1,
          maxReplicas: detail.hpa.spec.maxReplicas,
        }),
      ],
      notes: notesOf(notes, 'shortcut'),
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
      notes: notesOf(notes, 'metrics'),
      metrics: models,
    },
    toleranceStep(detail, models, notesOf(notes, 'tolerance')),
    maxStep(detail, models, notesOf(notes, 'max')),
  ];
  if (t.path === 'metricsError') return steps;
  const s = stabilizationModel(detail, history);
  if (s) steps.push(stabilizationStep(s, notesOf(notes, 'stabilization')));
  const p = policyModel(detail);
  const c = clampModel(detail);
  if (p) steps.push(policiesStep(p, c, notesOf(notes, 'policies')));
  if (c) steps.push(clampStep(c));
  steps.push(resultStep(detail));
  return steps;
}
