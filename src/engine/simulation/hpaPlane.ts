// The control plane of one cluster: kube-controller-manager's HPA controller, one reconcile per
// sync on the cluster's own pods (Cluster.sync), then the ReplicaSet. Its memory lives in the
// cluster (ClusterSnapshot), so the plane keeps no state of its own. A plane that wraps it (KEDA
// around the HPA) calls `sync` itself when the HPA should run.

import type { HorizontalPodAutoscaler } from '../controller/index.ts';
import type { Cluster } from './cluster.ts';
import type {
  ClusterChanges,
  ControlPlane,
  ControllerSync,
  PlaneSync,
  TraceLevel,
} from './plane.ts';
import type { World } from './world.ts';

export class HpaPlane implements ControlPlane {
  readonly clocks = [];
  private readonly cluster: Cluster;
  private readonly world: World;
  /** rewritten every sync: a sync's answer is read before the next one */
  private readonly controller: ControllerSync;
  private readonly out: PlaneSync;

  constructor(cluster: Cluster, world: World, hpa: HorizontalPodAutoscaler) {
    this.cluster = cluster;
    this.world = world;
    this.controller = { step: null!, hpa };
    this.out = { members: [this.controller], central: null };
  }

  sync(_k: number, t: number, _changes: ClusterChanges, trace: TraceLevel): PlaneSync {
    this.controller.step = this.cluster.sync(t, this.world, trace);
    return this.out;
  }

  snapshot(): null {
    return null;
  }

  restore(): void {}
}
