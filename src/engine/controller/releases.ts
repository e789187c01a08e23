// Kubernetes releases as kube-controller-manager's HPA controller differs between them: per
// release, the feature gates it has (default, stage, whether GA locked them on) and the
// behaviour switches that are not gates (the scale-to-zero state machine, int32 conversions,
// Succeeded pods, a missing container metric, message texts). Sources, rule by rule:
// ../../../../shared/RELEASES.md and the upstream code it names (horizontal.go at a fork tracking
// master after the 1.37 freeze, omerap12/kubernetes a769d588; CHANGELOG-1.33 for #127193).
// Where that page and the code disagree, the code wins; the disagreements are in
// src/engine/README.md ("Releases").

import { DEFAULT_CONTROLLER_CONFIG } from './config.ts';
import type { ControllerConfig, FeatureGates, Int32Caps, SelectorMessages } from './types.ts';

export const KUBERNETES_RELEASES = ['1.33', '1.34', '1.35', '1.36', '1.37', '1.38'] as const;
export type KubernetesRelease = (typeof KUBERNETES_RELEASES)[number];

/** What a scenario or link that names no release runs: the release hpa-sim followed before. */
export const UNNAMED_RELEASE: KubernetesRelease = '1.35';
/** The newest released minor: what new scenarios and the assumed world name. */
export const NEWEST_RELEASE: KubernetesRelease = '1.37';

export type GateName = keyof FeatureGates;
export const GATE_NAMES: readonly GateName[] = [
  'HPAConfigurableTolerance',
  'HPAScaleToZero',
  'HPAGeneration',
  'StaleControllerConsistencyHPA',
  'HPAOptimizedSelectorStore',
];

export interface GateState {
  default: boolean;
  stage: 'Alpha' | 'Beta' | 'GA';
  /** GA with LockToDefault: the gate cannot be set to anything but its default */
  locked: boolean;
}

/** The behaviour that differs by release without a gate of its own. */
export interface ReleaseRules {
  /** v1.36+ (#135118): the ScaledToZero condition decides whether a target at zero is evaluated */
  scaledToZeroCondition: boolean;
  int32Caps: Int32Caps;
  selectorMessages: SelectorMessages;
  /** master (#141302): groupPods ignores Succeeded pods like Failed ones */
  ignoreSucceededPods: boolean;
  /** false from v1.33 (#127193): a pod whose metrics lack the container is missing, not an error */
  containerMetricMissingIsError: boolean;
}

export interface Release {
  version: KubernetesRelease;
  /** "1.37", "1.38 (master, unreleased)" */
  label: string;
  released: boolean;
  gates: Readonly<Partial<Record<GateName, GateState>>>;
  rules: Readonly<ReleaseRules>;
  /** What this release changed in the controller, one line each (schema hover, README). */
  changes: readonly string[];
}

const alpha = (): GateState => ({ default: false, stage: 'Alpha', locked: false });
const beta = (): GateState => ({ default: true, stage: 'Beta', locked: false });
const ga = (): GateState => ({ default: true, stage: 'GA', locked: true });

const V133_RULES: ReleaseRules = {
  scaledToZeroCondition: false,
  int32Caps: 'v1.33',
  selectorMessages: 'v1.33',
  ignoreSucceededPods: false,
  containerMetricMissingIsError: false,
};

const table: Record<KubernetesRelease, Release> = {
  '1.33': {
    version: '1.33',
    label: '1.33',
    released: true,
    gates: { HPAConfigurableTolerance: alpha(), HPAScaleToZero: alpha() },
    rules: V133_RULES,
    changes: [
      'per-direction behavior tolerance (HPAConfigurableTolerance, alpha, off) and the inclusive [1−down, 1+up] test',
      'a pod whose metrics lack the ContainerResource container counts as missing (#127193)',
    ],
  },
  '1.34': {
    version: '1.34',
    label: '1.34',
    released: true,
    gates: { HPAConfigurableTolerance: alpha(), HPAScaleToZero: alpha() },
    rules: { ...V133_RULES, int32Caps: 'v1.34' },
    changes: ['External AverageValue proposals capped at 2^31−1 (#127050)'],
  },
  '1.35': {
    version: '1.35',
    label: '1.35',
    released: true,
    gates: { HPAConfigurableTolerance: beta(), HPAScaleToZero: alpha() },
    rules: { ...V133_RULES, int32Caps: 'v1.35' },
    changes: [
      'HPAConfigurableTolerance beta, on (#133128)',
      'Value-target proposals capped at 2^31−1 (#126979)',
    ],
  },
  '1.36': {
    version: '1.36',
    label: '1.36',
    released: true,
    gates: { HPAConfigurableTolerance: beta(), HPAScaleToZero: alpha() },
    rules: { ...V133_RULES, int32Caps: 'v1.35', scaledToZeroCondition: true },
    changes: [
      'scale to zero as a ScaledToZero condition state machine (#135118): only an HPA-made zero resumes; with HPAScaleToZero off in kube-controller-manager every zero is left alone',
    ],
  },
  '1.37': {
    version: '1.37',
    label: '1.37',
    released: true,
    gates: {
      HPAConfigurableTolerance: ga(),
      HPAScaleToZero: beta(),
      HPAGeneration: beta(),
      StaleControllerConsistencyHPA: beta(),
      HPAOptimizedSelectorStore: beta(),
    },
    rules: {
      ...V133_RULES,
      int32Caps: 'v1.35',
      scaledToZeroCondition: true,
      selectorMessages: 'v1.37',
    },
    changes: [
      'HPAScaleToZero beta, on (#139648); HPAConfigurableTolerance GA, locked on (#140107)',
      'HPAGeneration (#138228, #138294): a spec edit reconciles at once; status.observedGeneration',
      'StaleControllerConsistencyHPA (#139025): a sync is skipped while its own status write is not in the informer cache',
      'HPAOptimizedSelectorStore (no decision changes) and the AmbiguousSelector text "controlled by more than one HPA"',
    ],
  },
  '1.38': {
    version: '1.38',
    label: '1.38 (master, unreleased)',
    released: false,
    gates: {
      HPAConfigurableTolerance: ga(),
      HPAScaleToZero: beta(),
      HPAGeneration: beta(),
      StaleControllerConsistencyHPA: beta(),
      HPAOptimizedSelectorStore: beta(),
    },
    rules: {
      ...V133_RULES,
      int32Caps: 'all',
      scaledToZeroCondition: true,
      selectorMessages: 'v1.37',
      ignoreSucceededPods: true,
    },
    changes: [
      'Succeeded pods are ignored like Failed ones (#141302)',
      'every int32(math.Ceil(x)) saturates at 2^31−1 on every architecture (#141397)',
    ],
  },
};

export const RELEASES: Readonly<Record<KubernetesRelease, Readonly<Release>>> = table;

export function isKubernetesRelease(v: unknown): v is KubernetesRelease {
  return typeof v === 'string' && Object.hasOwn(table, v);
}

/** The release a document's `kubernetesVersion` names (a YAML number 1.37 included), or null. */
export function releaseNamed(v: unknown): KubernetesRelease | null {
  if (typeof v === 'string') return isKubernetesRelease(v) ? v : null;
  if (typeof v === 'number' && Number.isFinite(v)) {
    const s = v.toFixed(2);
    return isKubernetesRelease(s) && Number(s) === v ? s : null;
  }
  return null;
}

/** Every gate the release has, at its default. */
export function gateDefaults(release: KubernetesRelease): FeatureGates {
  const gates: FeatureGates = { HPAConfigurableTolerance: false, HPAScaleToZero: false };
  for (const name of GATE_NAMES) {
    const g = table[release].gates[name];
    if (g) gates[name] = g.default;
  }
  return gates;
}

/** A gate override the release refuses: unknown to it, or GA-locked and set to the other value. */
export interface GateProblem {
  gate: string;
  message: string;
}

/**
 * The release's gates with the given overrides applied, and what kube-controller-manager would
 * refuse to start with (`--feature-gates` naming a gate it does not know, or setting a locked one
 * off): those overrides are left out of the gates.
 */
export function gatesFor(
  release: KubernetesRelease,
  overrides: Readonly<Record<string, boolean>>,
): { gates: FeatureGates; problems: GateProblem[] } {
  const gates = gateDefaults(release);
  const problems: GateProblem[] = [];
  const r = table[release];
  for (const [name, value] of Object.entries(overrides)) {
    const state = (r.gates as Record<string, GateState | undefined>)[name];
    if (!state) {
      const since = KUBERNETES_RELEASES.find(
        (v) => (table[v].gates as Record<string, GateState | undefined>)[name],
      );
      problems.push({
        gate: name,
        message: since
          ? `Kubernetes ${r.label} has no ${name} feature gate (it is new in ${since})`
          : `unknown feature gate ${name}; Kubernetes ${r.label} has ${Object.keys(r.gates).join(', ')}`,
      });
      continue;
    }
    if (state.locked && value !== state.default) {
      problems.push({
        gate: name,
        message: `${name} is GA and locked to ${state.default} in Kubernetes ${r.label}: it cannot be set to ${value}`,
      });
      continue;
    }
    gates[name as GateName] = value;
  }
  return { gates, problems };
}

/**
 * The controller configuration of a release: the flag defaults (or `flags`), the release's
 * gates with `gates` applied (gatesFor: its problems are the caller's to report), and its rules.
 */
export function controllerConfigFor(
  release: KubernetesRelease,
  flags: Partial<ControllerConfig> = {},
  gates: FeatureGates = gateDefaults(release),
): ControllerConfig {
  const rules = table[release].rules;
  return {
    ...DEFAULT_CONTROLLER_CONFIG,
    ...flags,
    featureGates: gates,
    kubernetesVersion: release,
    scaledToZeroCondition: rules.scaledToZeroCondition,
    int32Caps: rules.int32Caps,
    selectorMessages: rules.selectorMessages,
    ignoreSucceededPods: rules.ignoreSucceededPods,
    containerMetricMissingIsError: rules.containerMetricMissingIsError,
  };
}
