// Inputs and outputs of the federation rules (../../../../shared/federation/README.md).
// Every count is a whole number of replicas; absent optional values are 0 (the spec's defaults),
// so callers fill them in before calling.

/** Seed-proposal policies (Part A). */
export type SeedPolicy =
  'Duplicated' | 'StaticWeighted' | 'DynamicWeighted' | 'Aggregated' | 'Prioritized';

/** karmada-scheduler strategies (Part B, §B.2). */
export type DivisionStrategy = 'Duplicated' | 'StaticWeight' | 'DynamicWeight' | 'Aggregated';

/** Webster's name tie-break: Karmada derives it from the workload UID's FNV-32a hash (§B.3). */
export type TieBreak = 'ascending' | 'descending';

export const SEED_POLICIES: readonly SeedPolicy[] = [
  'Duplicated',
  'StaticWeighted',
  'DynamicWeighted',
  'Aggregated',
  'Prioritized',
];

export const DIVISION_STRATEGIES: readonly DivisionStrategy[] = [
  'Duplicated',
  'StaticWeight',
  'DynamicWeight',
  'Aggregated',
];

/** What the seed policies read about a member cluster (§A.2). Higher priority = preferred. */
export interface ClusterTraits {
  name: string;
  weight: number;
  priority: number;
  availableReplicas: number;
}

/** A member HPA's bounds; 0/0 in inputs means the cluster has no HPA. */
export interface Bounds {
  minReplicas: number;
  maxReplicas: number;
}

export interface NamedBounds extends Bounds {
  name: string;
}

export interface NamedReplicas {
  name: string;
  replicas: number;
}
