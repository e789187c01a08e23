/**
 * Where a FederatedHPA's workload runs: the PropagationPolicy that selects it → the clusters,
 * weights and karmada-scheduler strategy of `spec.federation` (shared/federation/README.md §B.2);
 * without one, three equal clusters. Either way a notice gives the `spec.federation` to edit.
 *
 * upstream: karmada-io/karmada pkg/apis/policy/v1alpha1/propagation_helper.go
 * Placement.ReplicaSchedulingType (nil replicaScheduling → Duplicated);
 * pkg/scheduler/core/assignment.go newAssignState (Divided + Aggregated / Weighted with a
 * dynamicWeight → DynamicWeight, else StaticWeight); pkg/util/helper/policy.go
 * SetReplicaDivisionPreferenceWeighted (Divided with no preference is Weighted).
 */
import type { FederationDocument, MemberClusterDocument } from '../simulation/document.ts';
import { list, rec, str, type Obj } from './types.ts';

/** Three equal clusters, named as Karmada's local-up names its members. */
export const DEFAULT_CLUSTERS = ['member1', 'member2', 'member3'];

export interface Placement {
  federation: FederationDocument;
  /** what it came from, for the notice */
  source: string;
}

/** The workload a FederatedHPA scales: whether a policy's resourceSelectors pick it. */
export interface WorkloadRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace: string;
}

/** upstream: pkg/util/helper/policy ResourceMatches (apiVersion, kind, namespace, name; labels not read). */
export function selects(policy: Obj, isCluster: boolean, target: WorkloadRef): boolean {
  const policyNs = str(rec(policy.metadata).namespace);
  return list(rec(policy.spec).resourceSelectors).some((s) => {
    const sel = rec(s);
    if (str(sel.apiVersion) !== target.apiVersion || str(sel.kind) !== target.kind) return false;
    const ns = isCluster ? str(sel.namespace) : policyNs;
    if (ns !== '' && target.namespace !== '' && ns !== target.namespace) return false;
    return str(sel.name) === '' || str(sel.name) === target.name;
  });
}

/** upstream: newAssignState's strategy, from the policy's placement. */
function strategyOf(placement: Obj): string {
  if (placement.replicaScheduling === undefined || placement.replicaScheduling === null)
    return 'Duplicated';
  const rs = rec(placement.replicaScheduling);
  // The CRD defaults replicaSchedulingType to Divided.
  if ((str(rs.replicaSchedulingType) || 'Divided') === 'Duplicated') return 'Duplicated';
  if (str(rs.replicaDivisionPreference) === 'Aggregated') return 'Aggregated';
  const dynamic = str(rec(rs.weightPreference).dynamicWeight);
  return dynamic !== '' ? 'DynamicWeight' : 'StaticWeight';
}

/** The policy's clusters and static weights (a cluster named twice keeps its first weight). */
function clustersOf(placement: Obj): MemberClusterDocument[] {
  const names = list(rec(placement.clusterAffinity).clusterNames).map(str).filter(Boolean);
  const weights = new Map<string, number>();
  for (const w of list(rec(rec(placement.replicaScheduling).weightPreference).staticWeightList)) {
    const entry = rec(w);
    const weight = typeof entry.weight === 'number' ? entry.weight : 0;
    for (const n of list(rec(entry.targetCluster).clusterNames).map(str))
      if (n && !weights.has(n)) weights.set(n, weight);
  }
  const all = names.length > 0 ? names : [...weights.keys()];
  const unique = [...new Set(all)];
  // With a static weight list a cluster it does not name weighs 0; without one, all weigh 1.
  return unique.map((name) => ({ name, weight: weights.get(name) ?? (weights.size ? 0 : 1) }));
}

/** spec.federation requires a seed policy too: the one that matches the strategy (§B.2). */
const SEED_POLICY: Record<string, string> = {
  Duplicated: 'Duplicated',
  StaticWeight: 'StaticWeighted',
  DynamicWeight: 'DynamicWeighted',
  Aggregated: 'Aggregated',
};

export function placementFromPolicy(policy: Obj, kind: string): Placement | null {
  const placement = rec(rec(policy.spec).placement);
  const clusters = clustersOf(placement);
  if (clusters.length === 0) return null;
  const strategy = strategyOf(placement);
  return {
    federation: { model: 'shipped', policy: SEED_POLICY[strategy]!, strategy, clusters },
    source: `the ${kind} ${str(rec(policy.metadata).name) || '(no name)'}: ${strategy} over ${clusters.map((c) => c.name).join(', ')}`,
  };
}

export function defaultPlacement(): Placement {
  return {
    federation: {
      model: 'shipped',
      policy: 'StaticWeighted',
      strategy: 'StaticWeight',
      clusters: DEFAULT_CLUSTERS.map((name) => ({ name, weight: 1 })),
    },
    source: 'three equal clusters (no PropagationPolicy selects the workload): StaticWeight 1:1:1',
  };
}
