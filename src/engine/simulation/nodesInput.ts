// The node pool under a cluster (`SimulationInput.nodes`), as the scenario layer hands it to the
// engine: plain data in milli-units and seconds, defaults applied. Declared here, beside the rest
// of the input, so the input imports nothing from ../nodes/ (which runs it).

/** One node as the scheduler sees it: what it can hold, less what its daemonsets take. */
export interface NodeShapeInput {
  /** status.allocatable cpu, milli-cores */
  cpuMilli: number;
  /** status.allocatable memory, milli-bytes (the engine's milli-units) */
  memoryMilli: number;
  /** status.allocatable pods (the kubelet's --max-pods) */
  pods: number;
  /** requests of the daemonset pods every node runs (counted in its utilization, not free) */
  overheadCpuMilli: number;
  overheadMemoryMilli: number;
  /** daemonset pods per node (they take pod slots too) */
  overheadPods: number;
}

/** A node's time from the cloud call to Ready: uniform in [min, max], drawn per node. */
export interface DelayInput {
  minSeconds: number;
  maxSeconds: number;
  /** uint32: the draws are a pure function of (seed, node number) */
  seed: number;
}

/** cluster-autoscaler's flags (kubernetes/autoscaler cluster-autoscaler/config/flags). */
export interface ClusterAutoscalerInput {
  kind: 'cluster-autoscaler';
  /** --scan-interval: how often RunOnce looks (10 s) */
  scanIntervalSeconds: number;
  provisioningDelay: DelayInput;
  /** --scale-down-unneeded-time (10 min) */
  scaleDownUnneededSeconds: number;
  /** --scale-down-delay-after-add (10 min) */
  scaleDownDelayAfterAddSeconds: number;
  /** --scale-down-delay-after-delete (default: the scan interval) */
  scaleDownDelayAfterDeleteSeconds: number;
  /** --scale-down-utilization-threshold (0.5): requested / allocatable below it is unneeded */
  scaleDownUtilizationThreshold: number;
  /** --expander: which node group grows when several could (one group: it, whatever the name) */
  expander: ExpanderName;
  /** --max-scale-down-parallelism (10): empty nodes deleted at once */
  maxScaleDownParallelism: number;
  /** --max-drain-parallelism (1): non-empty nodes drained at once */
  maxDrainParallelism: number;
}

/** Karpenter's NodePool and controller settings (kubernetes-sigs/karpenter v1). */
export interface KarpenterInput {
  kind: 'karpenter';
  /** BATCH_IDLE_DURATION (1 s): the batch closes after this long without a new pending pod */
  batchIdleSeconds: number;
  /** BATCH_MAX_DURATION (10 s): the longest a batch stays open */
  batchMaxSeconds: number;
  /** a NodeClaim's time from launch to a Ready node */
  provisioningDelay: DelayInput;
  /** spec.disruption.consolidationPolicy */
  consolidationPolicy: 'WhenEmpty' | 'WhenEmptyOrUnderutilized';
  /** spec.disruption.consolidateAfter: how long a node must be consolidatable first */
  consolidateAfterSeconds: number;
  /** spec.disruption.budgets nodes: the share of nodes disrupted at once (10 %) */
  budgetPercent: number;
}

/** cluster-autoscaler's expanders this simulator runs (cluster-autoscaler/expander/*). */
export type ExpanderName = 'random' | 'most-pods' | 'least-waste' | 'priority';

/** One of several node groups under cluster-autoscaler (`spec.nodes.groups[]`). */
export interface NodeGroupInput {
  /** the node group's id (the cloud's ASG / MIG name): node names and the priority expander use it */
  name: string;
  shape: NodeShapeInput;
  initial: number;
  min: number;
  max: number;
  /** price per node-hour of this group's nodes (null: no node cost) */
  price: number | null;
  /** the priority expander's priority for this group (higher wins; null: not listed) */
  priority: number | null;
}

export type ProvisionerInput = ClusterAutoscalerInput | KarpenterInput;

/** Karpenter's defaults: the controller's batch durations, NodePool v1 disruption defaults. */
export const KARPENTER_DEFAULTS: Omit<KarpenterInput, 'provisioningDelay'> = {
  kind: 'karpenter',
  batchIdleSeconds: 1,
  batchMaxSeconds: 10,
  consolidationPolicy: 'WhenEmptyOrUnderutilized',
  consolidateAfterSeconds: 0,
  budgetPercent: 10,
};

export interface NodesInput {
  shape: NodeShapeInput;
  /** nodes at t = 0 (Ready long before) */
  initial: number;
  /**
   * `initial` was not written and the pool is a federation member's: the engine starts it with
   * the nodes the member's own starting pods need (within min and max), known only once the
   * run has divided the replicas. Absent: `initial` as given.
   */
  initialFromPods?: true;
  /** the node group's min and max size */
  min: number;
  max: number;
  provisioner: ProvisionerInput;
  /** price per node-hour (spec.cost.nodeHour), null: no node cost */
  nodeHourPrice: number | null;
  /**
   * Several node groups (cluster-autoscaler only). Absent: one group made of shape, initial,
   * min, max and nodeHourPrice above, exactly as before groups existed.
   */
  groups?: NodeGroupInput[];
}

/** The node groups of a pool: `groups`, or the one group the top-level fields describe. */
export function nodeGroupsOf(n: NodesInput): NodeGroupInput[] {
  if (n.groups && n.groups.length > 0) return n.groups;
  return [
    {
      name: 'default',
      shape: n.shape,
      initial: n.initial,
      min: n.min,
      max: n.max,
      price: n.nodeHourPrice,
      priority: null,
    },
  ];
}

/** cluster-autoscaler's defaults (FAQ "What are the parameters to CA?"). */
export const CLUSTER_AUTOSCALER_DEFAULTS: Omit<ClusterAutoscalerInput, 'provisioningDelay'> = {
  kind: 'cluster-autoscaler',
  scanIntervalSeconds: 10,
  scaleDownUnneededSeconds: 600,
  scaleDownDelayAfterAddSeconds: 600,
  scaleDownDelayAfterDeleteSeconds: 10,
  scaleDownUtilizationThreshold: 0.5,
  expander: 'random',
  maxScaleDownParallelism: 10,
  maxDrainParallelism: 1,
};
