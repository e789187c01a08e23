// The behavior space a search walks: a few discrete dimensions, each a short ordered list of
// values, so a candidate is one index per dimension (its genome) and a neighbour is one step away.
// The lists hold what people actually write (windows in round minutes, policies in small pod
// counts or round percentages); validity is still decided by the API rules (candidate.ts).

import {
  KUBERNETES_RELEASES,
  RELEASES,
  type GateName,
  type HorizontalPodAutoscaler,
} from '../engine/controller/index.ts';

export interface Dimension {
  name: string;
  values: readonly (number | string | null)[];
}

export interface SpaceOptions {
  /** search per-direction tolerance (only when the HPAConfigurableTolerance gate is on) */
  tolerance: boolean;
  /** search minReplicas and maxReplicas around the current ones */
  replicas: boolean;
  /** search the averageUtilization target of Resource/ContainerResource metrics */
  target: boolean;
}

export interface Space {
  dimensions: Dimension[];
  /** the candidate's merge patch over the HPA's spec */
  toPatch(genome: number[]): Record<string, unknown>;
}

const SHAPES = ['pods', 'percent', 'both'] as const;
const SELECT = ['Max', 'Min'] as const;
const TOLERANCES = [null, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3] as const;

/**
 * `hpa` is the defaulted HPA (current min/max); `writtenMetrics` the manifest's metrics as written,
 * which a target change replaces wholesale (a merge patch replaces arrays).
 */
export function buildSpace(
  hpa: HorizontalPodAutoscaler,
  writtenMetrics: Metric[],
  options: SpaceOptions,
): Space {
  const dims: Dimension[] = [
    { name: 'up.window', values: [0, 15, 30, 60, 120, 180, 300] },
    { name: 'up.shape', values: SHAPES },
    { name: 'up.pods', values: [1, 2, 4, 6, 8, 12, 16, 24, 32] },
    { name: 'up.percent', values: [25, 50, 100, 200, 300, 500] },
    { name: 'up.period', values: [15, 30, 60, 120] },
    { name: 'up.select', values: SELECT },
    { name: 'down.window', values: [0, 30, 60, 120, 180, 300, 600, 900, 1200, 1800] },
    { name: 'down.shape', values: SHAPES },
    { name: 'down.pods', values: [1, 2, 4, 8, 16] },
    { name: 'down.percent', values: [5, 10, 20, 30, 50, 75, 100] },
    { name: 'down.period', values: [15, 30, 60, 120, 300, 600] },
    { name: 'down.select', values: SELECT },
  ];
  if (options.tolerance) {
    dims.push({ name: 'up.tolerance', values: TOLERANCES });
    dims.push({ name: 'down.tolerance', values: TOLERANCES });
  }
  const min = hpa.spec.minReplicas ?? 1;
  const max = hpa.spec.maxReplicas;
  if (options.replicas) {
    dims.push({ name: 'minReplicas', values: replicaSteps(min, 1, max) });
    dims.push({ name: 'maxReplicas', values: replicaSteps(max, 1, Math.max(max * 2, max + 1)) });
  }
  const utilization = writtenMetrics.some(hasUtilization);
  if (options.target && utilization)
    dims.push({ name: 'target', values: [40, 50, 60, 65, 70, 75, 80, 90] });

  const at = (genome: number[], name: string) => {
    const i = dims.findIndex((d) => d.name === name);
    return i < 0 ? undefined : dims[i]!.values[genome[i]!];
  };
  const rules = (genome: number[], dir: 'up' | 'down') => {
    const shape = at(genome, `${dir}.shape`) as (typeof SHAPES)[number];
    const periodSeconds = at(genome, `${dir}.period`) as number;
    const policies: { type: string; value: number; periodSeconds: number }[] = [];
    if (shape !== 'percent')
      policies.push({ type: 'Pods', value: at(genome, `${dir}.pods`) as number, periodSeconds });
    if (shape !== 'pods')
      policies.push({
        type: 'Percent',
        value: at(genome, `${dir}.percent`) as number,
        periodSeconds,
      });
    const out: Record<string, unknown> = {
      stabilizationWindowSeconds: at(genome, `${dir}.window`),
      selectPolicy: at(genome, `${dir}.select`),
      policies,
    };
    if (options.tolerance) {
      const t = at(genome, `${dir}.tolerance`);
      // null in a merge patch removes the field: the controller's --horizontal-pod-autoscaler-tolerance
      out.tolerance = t === null ? null : String(t);
    }
    return out;
  };
  return {
    dimensions: dims,
    toPatch(genome) {
      const patch: Record<string, unknown> = {
        behavior: { scaleUp: rules(genome, 'up'), scaleDown: rules(genome, 'down') },
      };
      if (options.replicas) {
        const lo = at(genome, 'minReplicas') as number;
        const hi = at(genome, 'maxReplicas') as number;
        patch.minReplicas = Math.min(lo, hi);
        patch.maxReplicas = Math.max(lo, hi);
      }
      const target = at(genome, 'target');
      if (typeof target === 'number')
        patch.metrics = writtenMetrics.map((m) => withUtilization(m, target));
      return patch;
    },
  };
}

/** Around `around`: ×0.5 … ×2 in a few steps, within [lo, hi], without repeats, ascending. */
function replicaSteps(around: number, lo: number, hi: number): number[] {
  const factors = [0.5, 0.67, 0.75, 1, 1.25, 1.5, 2];
  const set = new Set(
    factors.map((f) => Math.min(hi, Math.max(lo, Math.round(around * f)))).filter((n) => n >= 1),
  );
  return [...set].sort((a, b) => a - b);
}

export type Metric = NonNullable<HorizontalPodAutoscaler['spec']['metrics']>[number];

function hasUtilization(m: Metric): boolean {
  const target = m.resource?.target ?? m.containerResource?.target;
  return target?.type === 'Utilization';
}

/** The metric with its Utilization target set to `value` (other metrics unchanged). */
function withUtilization(m: Metric, value: number): Metric {
  if (!hasUtilization(m)) return m;
  const key = m.resource ? 'resource' : 'containerResource';
  const source = m[key]!;
  return { ...m, [key]: { ...source, target: { ...source.target, averageUtilization: value } } };
}

/** A gated field a candidate uses, and the first release whose default gate honours it. */
export interface ReleaseNeed {
  field: string;
  gate: GateName;
  /** first release with the gate on by default ("1.35") */
  since: string;
  text: string;
}

/**
 * What a candidate patch needs of the cluster's release (searchSpace only proposes fields the
 * scenario's release honours; this says so for people running it elsewhere). Today the one
 * gated field the space uses is the per-direction tolerance.
 */
export function releaseNeeds(patch: Record<string, unknown>): ReleaseNeed[] {
  const behavior = (patch.behavior ?? {}) as Record<string, { tolerance?: unknown } | undefined>;
  const needs: ReleaseNeed[] = [];
  for (const direction of ['scaleUp', 'scaleDown']) {
    const t = behavior[direction]?.tolerance;
    if (t === undefined || t === null) continue;
    needs.push(need(`behavior.${direction}.tolerance`, 'HPAConfigurableTolerance'));
  }
  return needs;
}

function need(field: string, gate: GateName): ReleaseNeed {
  const since = KUBERNETES_RELEASES.find((v) => RELEASES[v].gates[gate]?.default) ?? '';
  const ga = KUBERNETES_RELEASES.find((v) => RELEASES[v].gates[gate]?.stage === 'GA');
  return {
    field,
    gate,
    since,
    text: `${field} needs ${gate}: on by default from Kubernetes ${since}${ga ? ` (GA in ${ga})` : ''}`,
  };
}
