// What a run with a node pool keeps of it (SimulationResult.nodes): per-sync series for the
// node lane, the plane's timeline, and the node KPIs. Types only.

import type { NodeEvent } from './events.ts';

export interface NodeSeries {
  /** Ready, schedulable nodes at each sync */
  ready: Float64Array;
  /** asked for, not yet Ready */
  provisioning: Float64Array;
  /** cordoned and draining, not yet deleted */
  draining: Float64Array;
  /** cpu the scheduler can give pods on Ready nodes (cores, daemonsets included) */
  allocatableCpu: Float64Array;
  /** cpu requested on those nodes: daemonsets and bound pods (cores) */
  requestedCpu: Float64Array;
  /** pods Pending with no node (Unschedulable) */
  waiting: Float64Array;
}

export interface NodeKpis {
  /** node-hours billed over the run (from t = 0; a node from the cloud call to its deletion) */
  nodeHours: number;
  peakNodes: number;
  finalNodes: number;
  /** nodeHours × spec.cost.nodeHour; null without a node price */
  cost: number | null;
  /** the same rate over an average month (730 h); null without a node price */
  costPerMonth: number | null;
  /**
   * pods that found no node when created, and how long they waited for one (until bound,
   * deleted, or the run's end)
   */
  podsWaited: number;
  waitTotalSeconds: number;
  waitMaxSeconds: number;
  waitMeanSeconds: number;
  /** scale-ups and node removals by the provisioner */
  scaleUps: number;
  scaleDowns: number;
}

export interface NodeRun {
  provisioner: 'cluster-autoscaler' | 'karpenter';
  /** pods of the workload one empty node holds (the first node group's) */
  podsPerNode: number;
  /**
   * a federation's total (../multicluster/nodesTotal.ts): the members it adds up, each with its
   * own provisioner and pods per node (`provisioner`/`podsPerNode` above are the first's)
   */
  members?: { name: string; provisioner: NodeRun['provisioner']; podsPerNode: number }[];
  /** with several node groups (`spec.nodes.groups`): each one's name, pods per node, final size */
  groups?: { name: string; podsPerNode: number; finalNodes: number }[];
  series: NodeSeries;
  events: NodeEvent[];
  kpis: NodeKpis;
}
