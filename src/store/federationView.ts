// The cluster lanes' view of a multi-cluster run set: per federation model, each member run's
// series and lanes and the total's, read from the runs themselves (keyed by RunKey), for the HPA's
// federation or a variant's. Nothing travels beside the runs: the worker sends `runs` only.

import { parseMemberKey, variantOf } from '../run/runKey.ts';
import type { ClusterEvent, FederationModel, Kpis, MemberLanes, NodeRun } from '../run/index.ts';
import type { RunPayload } from '../worker/protocol.ts';

/** One member cluster over time, as the lanes draw it. */
export interface ClusterLaneView extends Omit<MemberLanes, 'kind'> {
  name: string;
  specReplicas: Float64Array;
  readyReplicas: Float64Array;
  /** pods not Ready yet: starting, or with no node */
  pendingReplicas: Float64Array;
  kpis: Kpis;
  /** its own nodes (a member with spec.nodes or its own); absent: none */
  nodes?: NodeRun;
}

/** One model's multi-cluster run, as the Clusters panel draws it. */
export interface FederationModelView {
  model: FederationModel;
  /** the variant (spec.variants) whose federation this is; absent: the HPA's own */
  variant?: string;
  /** the proposal's policy or the shipped scheduler's strategy, e.g. "DynamicWeighted" */
  policy: string;
  /** sync times, seconds (every member and the total share them) */
  time: Float64Array;
  clusters: ClusterLaneView[];
  total: {
    specReplicas: Float64Array;
    readyReplicas: Float64Array;
    pendingReplicas: Float64Array;
    /** work arriving per second (NaN without traffic) */
    demand: Float64Array;
    served: Float64Array;
    /** what the ready pods could serve (NaN without a pod capacity) */
    capacity: Float64Array;
    kpis: Kpis;
  };
  /** what the control plane did, in time order, each with its rule and its arithmetic */
  events: ClusterEvent[];
}

export interface FederationView {
  models: FederationModelView[];
}

/**
 * The federation of `variant` (null: the HPA's) in a run set, every model in the set's order;
 * null when the set has no such federation (a single cluster, or a failed total).
 */
export function federationView(
  runs: readonly RunPayload[],
  variant: string | null = null,
): FederationView | null {
  const models: FederationModelView[] = [];
  for (const total of runs) {
    if (total.kind !== 'total' || variantOf(total) !== variant) continue;
    if (!total.result || total.lanes?.kind !== 'total') return null;
    const t = total.result.series;
    const members = runs.filter((r) => r.kind === 'member' && r.group === total.group);
    const clusters: ClusterLaneView[] = [];
    for (const m of members) {
      if (!m.result || m.lanes?.kind !== 'member') return null;
      const { kind: _, ...lanes } = m.lanes;
      const s = m.result.series;
      clusters.push({
        name: parseMemberKey(m.key)!.member!,
        ...lanes,
        specReplicas: s.specReplicas,
        readyReplicas: s.readyReplicas,
        pendingReplicas: s.pendingReplicas,
        kpis: m.result.kpis,
        ...(m.result.nodes ? { nodes: m.result.nodes } : {}),
      });
    }
    models.push({
      model: total.lanes.model,
      ...(variant === null ? {} : { variant }),
      policy: total.lanes.policy,
      time: t.time,
      clusters,
      total: {
        specReplicas: t.specReplicas,
        readyReplicas: t.readyReplicas,
        pendingReplicas: t.pendingReplicas,
        demand: t.demand,
        served: t.served,
        capacity: t.capacity,
        kpis: total.result.kpis,
      },
      events: total.lanes.events,
    });
  }
  return models.length > 0 ? { models } : null;
}

/** The variants whose federation the set holds (null: the HPA's), in the set's order. */
export function federationGroups(runs: readonly RunPayload[]): (string | null)[] {
  const out: (string | null)[] = [];
  for (const r of runs) {
    if (r.kind !== 'total') continue;
    const v = variantOf(r);
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

const groups = new WeakMap<readonly RunPayload[], (string | null)[]>();

/** `federationGroups`, one array per run set (a hook's value must keep its identity). */
export function cachedFederationGroups(runs: readonly RunPayload[]): (string | null)[] {
  let g = groups.get(runs);
  if (!g) groups.set(runs, (g = federationGroups(runs)));
  return g;
}

const views = new WeakMap<readonly RunPayload[], Map<string | null, FederationView | null>>();

/** `federationView`, computed once per run set and variant (a hook reads it on every render). */
export function cachedFederationView(
  runs: readonly RunPayload[],
  variant: string | null,
): FederationView | null {
  let byVariant = views.get(runs);
  if (!byVariant) views.set(runs, (byVariant = new Map()));
  if (!byVariant.has(variant)) byVariant.set(variant, federationView(runs, variant));
  return byVariant.get(variant)!;
}
