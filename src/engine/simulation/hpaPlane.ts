// The control plane of one cluster: kube-controller-manager's HPA controller, one reconcile per
// sync on the cluster's own pods (Cluster.sync), then the ReplicaSet. Its memory lives in the
// cluster (ClusterSnapshot), so the plane keeps no state of its own. A plane that wraps it (KEDA
// around the HPA) calls `sync` itself when the HPA should run. The run's changes (HPA edits,
// `kubectl scale`: changes.ts) are its clocks, and an edit HPAGeneration reconciles at once is
// one of its `syncsAt`.

import type { ControllerConfig, HorizontalPodAutoscaler } from '../controller/index.ts';
import { changeClocks, immediateSyncs } from './changes.ts';
import type { Cluster } from './cluster.ts';
import type { RunChange } from './input.ts';
import type {
  ClusterChanges,
  ControlPlane,
  ControllerSync,
  PlaneClock,
  PlaneSync,
  TraceLevel,
} from './plane.ts';
import type { World } from './world.ts';

export class HpaPlane implements ControlPlane {
  readonly clocks: readonly PlaneClock[];
  readonly syncsAt: readonly number[];
  private readonly cluster: Cluster;
  private readonly world: World;
  /** rewritten every sync: a sync's answer is read before the next one */
  private readonly controller: ControllerSync;
  private readonly out: PlaneSync;

  /** `changes`: the run's writes of others (SimulationInput.changes), applied to this cluster */
  constructor(
    cluster: Cluster,
    world: World,
    hpa: HorizontalPodAutoscaler,
    changes: readonly RunChange[] = [],
    config?: ControllerConfig,
    lag = 0,
  ) {
    this.cluster = cluster;
    this.clocks = changeClocks(cluster, changes, lag);
    this.syncsAt = config ? immediateSyncs(hpa, changes, config, lag) : [];
    this.world = world;
    this.controller = { step: null!, hpa };
    this.out = { members: [this.controller], central: null };
  }

  sync(_k: number, t: number, _changes: ClusterChanges, trace: TraceLevel): PlaneSync {
    this.controller.step = this.cluster.sync(t, this.world, trace);
    // The HPA this sync read (an edit replaces it).
    this.controller.hpa = this.cluster.hpa;
    return this.out;
  }

  snapshot(): null {
    return null;
  }

  restore(): void {}
}
