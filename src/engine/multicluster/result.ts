// What a multi-cluster run returns: one SimulationResult per member cluster and one for the
// total (same shape as a single-cluster run, so charts, KPIs and the CLI read them alike), the
// per-cluster bounds over time, and the control plane's cluster events.

import type { HorizontalPodAutoscaler } from '../controller/index.ts';
import type { ReplayIndex, SimulationResult, SyncRecord } from '../simulation/result.ts';
import type { FederationModel } from '../simulation/federationInput.ts';

export type ClusterEventKind =
  | 'initial'
  | 'failure'
  | 'recovery'
  | 'failover'
  | 'spill-over'
  | 'priority-scale-down'
  | 'trigger-optimize'
  | 'optimize'
  | 'scale-to-zero'
  | 'scale-from-zero'
  | 'division'
  | 'unschedulable'
  | 'calibration'
  | 'paused'
  | 'cron';

export interface ClusterEvent {
  /** seconds from the start; the sync it happened at */
  time: number;
  sync: number;
  kind: ClusterEventKind;
  /** the rule that acted, as the spec names it ("§A.5 priority spill-over", "§B.4 DynamicWeight") */
  rule: string;
  /** the clusters it changed */
  clusters: string[];
  /** one line: what happened */
  message: string;
  /** step by step: each division's arithmetic (Webster seats, CeilShare, CapacityFill) */
  steps: string[];
}

export interface MemberRun {
  name: string;
  result: SimulationResult;
  /** the member HPA's bounds after each sync (proposal model); NaN = no HPA (shipped: always) */
  minReplicas: Float64Array;
  maxReplicas: Float64Array;
  /** 1 while the cluster is failed */
  failed: Uint8Array;
  /** pods with no node (Pending because the cluster is full), at each sync */
  unschedulable: Float64Array;
  /**
   * Proposal model, record 'full': the member HPA's full record at each sync it ran (null where
   * it had no HPA or was failed), and the HPA it decided against (its bounds as read at that
   * sync). Shipped model, or record 'compact': all null.
   */
  syncs: (SyncRecord | null)[];
  hpas: (HorizontalPodAutoscaler | null)[];
}

export interface FederationRun {
  model: FederationModel;
  members: MemberRun[];
  /** the sum over the members: replicas, pods, demand and what was served; KPIs of the service */
  total: SimulationResult;
  events: ClusterEvent[];
  /**
   * 'full': every controller decision is kept (`members[].syncs`, `central`); 'compact' (the
   * default): none, which keeps a long run light. The series, KPIs and events are the same.
   */
  record: 'compact' | 'full';
  /**
   * Shipped model, record 'full': the central FederatedHPA's full record at every sync (its
   * decision over the union of the Ready members' pods). Otherwise null. Its kubectl events are
   * in `total.events` either way.
   */
  central: SyncRecord[] | null;
  /** with `central`: the FederatedHPA as each of those syncs read it (a CronFederatedHPA moves its bounds) */
  centralHpas: HorizontalPodAutoscaler[] | null;
  /**
   * Record 'compact': the snapshots any decision of this model is replayed from
   * (`federationSyncDetail`); every member's result and the total's carry them too, each naming
   * its own decision. Record 'full': null.
   */
  replay: ReplayIndex | null;
}
