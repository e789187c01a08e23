// What a multi-cluster scenario adds to a SimulationInput (the scenario layer's `spec.federation`,
// validated and defaulted). The HPA manifest is the federated HPA's template: its minReplicas and
// maxReplicas are F_min and F_max; the workload, startup, traffic and loads are the same in every
// member cluster.

import type { NodesInput } from './nodesInput.ts';
import type { DivisionStrategy, SeedPolicy, TieBreak } from '../federation/index.ts';

/** proposal: the seed design (member HPAs + control plane); shipped: Karmada's FederatedHPA. */
export type FederationModel = 'proposal' | 'shipped';

export interface MemberClusterInput {
  /** unique within the scenario; also the suffix of the member's pod names */
  name: string;
  /** most pods the cluster can run; the rest stay Pending (unschedulable). null = no limit */
  capacityPods: number | null;
  /** static weight (StaticWeighted / StaticWeight) */
  weight: number;
  /** higher = preferred (Prioritized) */
  priority: number;
  /** the cluster becomes unreachable at this instant (its pods stop serving); null = never */
  failAtSeconds: number | null;
  /** it is back (empty) at this instant; null = never */
  recoverAtSeconds: number | null;
  /**
   * the member's own node plane (its nodes and provisioner, ../nodes/); absent: none, and
   * `capacityPods` is its room as before. The scenario gives every member the top-level
   * spec.nodes unless the member writes its own.
   */
  nodes?: NodesInput;
}

/**
 * One firing of a Karmada CronFederatedHPA rule (scenario/karmada/cron.ts computes them): at
 * `atSeconds` the FederatedHPA's bounds become the given ones (ScaleFHPA), or the template's
 * replicas `replicas` when the rule scales the workload itself (ScaleWorkloads).
 */
export interface CronAction {
  atSeconds: number;
  /** the CronFederatedHPA's name and the rule's */
  rule: string;
  minReplicas?: number;
  maxReplicas?: number;
  replicas?: number;
}

export interface FederationInput {
  /** the models to run, in this order (one or both) */
  models: FederationModel[];
  /** the seed proposal's policy (proposal model) */
  policy: SeedPolicy;
  /** karmada-scheduler's strategy (shipped model) */
  strategy: DivisionStrategy;
  clusters: MemberClusterInput[];
  scalingToZero: boolean;
  scaleAssist: boolean;
  autoscaleMultiClusterDelaySeconds: number;
  /** period of the optimisation pass (§A.8); null = never */
  optimizePeriodSeconds: number | null;
  /** Webster's name tie-break (the workload UID's hash parity upstream) */
  tieBreak: TieBreak;
  /** a CronFederatedHPA's firings, in time order (shipped model only) */
  cron?: CronAction[];
}
