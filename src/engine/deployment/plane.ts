// The Deployment's controller as a control plane (../simulation/plane.ts) beside the HPA of one
// cluster, when the run rolls out a new template (spec.changes `rollout`). It takes over the
// cluster's ReplicaSet writes (Cluster.deployment): every spec.replicas write (the HPA's, a
// kubectl scale, KEDA's) is a Deployment sync, a scaling event then (sync.go scale). Two kinds
// of clocks: each rollout, once at its instant, and the controller's wake-ups while a rollout is
// in progress (a pod turning available updates its ReplicaSet's status, which the deployment
// controller watches; a create going through).

import type { Cluster } from '../simulation/cluster.ts';
import type { RolloutStrategy, RunChange } from '../simulation/input.ts';
import type { ControlPlane, PlaneClock, PlaneSync } from '../simulation/plane.ts';
import { DeploymentController, DEFAULT_STRATEGY, type DeploymentSnapshot } from './controller.ts';

/** A rollout marker for the charts and the explanation: when, and the strategy it ran with. */
export interface RolloutMark {
  at: number;
  strategy: RolloutStrategy;
}

export class DeploymentPlane implements ControlPlane {
  readonly clocks: readonly PlaneClock[];
  readonly controller: DeploymentController;
  readonly rollouts: readonly RolloutMark[];
  private readonly out: PlaneSync = { members: [null], central: null };

  constructor(cluster: Cluster, changes: readonly RunChange[]) {
    const marks = changes.flatMap((c) =>
      c.rollout ? [{ at: c.atSeconds, strategy: c.rollout }] : [],
    );
    this.rollouts = marks;
    const controller = new DeploymentController(
      cluster.workload,
      cluster.specReplicas,
      marks[0]?.strategy ?? DEFAULT_STRATEGY,
    );
    this.controller = controller;
    cluster.deployment = {
      write: (replicas, t) => controller.sync(t, replicas),
      inProgress: (t) => (controller.rollingOut ? controller.podsBySet(t) : null),
    };
    this.clocks = [
      ...marks.map((m): PlaneClock => ({
        first: m.at,
        period: Infinity,
        fire: (_n, t) => controller.rollout(t, m.strategy, cluster.specReplicas),
      })),
      {
        first: 0,
        period: 0,
        next: () => controller.nextEvent(),
        fire: (_n, t) => controller.sync(t, cluster.specReplicas),
      },
    ];
  }

  /** The HPA's sync writes through the cluster; this plane decides nothing at a sync. */
  sync(): PlaneSync {
    return this.out;
  }

  snapshot(): DeploymentSnapshot {
    return this.controller.snapshot();
  }

  restore(state: unknown): void {
    this.controller.restore(state as DeploymentSnapshot);
  }
}
