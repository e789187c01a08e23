// One member cluster of a multi-cluster run: a Cluster (its own pods, metrics pipeline and
// controller memory) built from the scenario's input with the member's capacity, replicas and
// HPA bounds, plus what the control plane tracks about it. Built on Cluster's public surface only;
// the loop (../simulation/loop.ts) scrapes it and marks it failed, the plane writes its scale.

import type { TraceLevel } from '../simulation/plane.ts';
import { Cluster } from '../simulation/cluster.ts';
import type { FederationInput, MemberClusterInput } from '../simulation/federationInput.ts';
import type { SimulationInput } from '../simulation/input.ts';
import type { ControllerSync } from '../simulation/plane.ts';
import type { World } from '../simulation/world.ts';
import type { Bounds, ClusterTraits } from '../federation/index.ts';
import type { NodePlane } from '../nodes/nodePlane.ts';
import { availableOnNodes } from './memberNodes.ts';
import { objectList } from '../controller/index.ts';

/** Free capacity of a cluster without a limit, for the rules that read availableReplicas. */
export const UNLIMITED_AVAILABLE = 5_000;

/** What a multi-cluster plane is built over: the scenario's input, its federation, one world. */
export interface PlaneContext {
  input: SimulationInput;
  federation: FederationInput;
  world: World;
}

/** What a snapshot keeps of a member beyond its cluster: the bounds and what its HPA reads. */
export interface MemberState {
  bounds: Bounds | null;
  minReplicas: number | null | undefined;
  maxReplicas: number;
}

export class Member {
  readonly spec: MemberClusterInput;
  /** this member's own input: the control plane rewrites its HPA's min/max (the member HPA) */
  readonly input: SimulationInput;
  readonly cluster: Cluster;
  /** the member HPA's bounds as the control plane assigned them; null = no HPA */
  bounds: Bounds | null;
  /** its own nodes and provisioner (memberNodes.ts), set once the planes are stacked; null: none */
  nodes: NodePlane | null = null;

  constructor(
    base: SimulationInput,
    spec: MemberClusterInput,
    initialReplicas: number,
    bounds: Bounds | null,
    world: World,
    maxPods: number,
  ) {
    this.spec = spec;
    const ref = base.hpa.spec.scaleTargetRef;
    this.input = {
      ...base,
      // The member name in the target's name keeps pod names unique across clusters.
      hpa: {
        ...base.hpa,
        spec: { ...base.hpa.spec, scaleTargetRef: { ...ref, name: `${ref.name}-${spec.name}` } },
      },
      // Starting pods run only as far as the cluster has room (the rest are added Pending below).
      workload: {
        ...base.workload,
        initialReplicas: Math.min(initialReplicas, spec.capacityPods ?? initialReplicas),
        maxPods: spec.capacityPods,
      },
      federation: null,
    };
    this.bounds = bounds;
    this.pushBounds(bounds);
    this.cluster = new Cluster(this.input, world, maxPods);
    this.setReplicas(initialReplicas, 0);
  }

  /** Unreachable (the loop marks it at its failure and recovery instants). */
  get failed(): boolean {
    return this.cluster.failed;
  }

  /**
   * The member HPA's reconcile at t, within its bounds (or held at `holdAt`, §A.6), with the HPA
   * it read: the control plane may move the bounds later in the same sync, and the decision
   * chain must clamp to what the member saw.
   */
  reconcile(t: number, world: World, holdAt: number | null, trace: TraceLevel): ControllerSync {
    this.pushBounds(this.bounds, holdAt);
    const hpa = { ...this.input.hpa, spec: { ...this.input.hpa.spec } };
    return { step: this.cluster.sync(t, world, trace), hpa };
  }

  get name(): string {
    return this.spec.name;
  }

  get replicas(): number {
    return this.cluster.specReplicas;
  }

  /** Set the member HPA's bounds (what the control plane writes). */
  setBounds(b: Bounds | null): void {
    this.bounds = b;
    this.pushBounds(b);
  }

  /**
   * The bounds the member HPA reads: the assigned ones, or (§A.6 hold) a min raised to the
   * current count so the member cannot scale down while the control plane holds it.
   */
  pushBounds(b: Bounds | null, holdAt: number | null = null): void {
    const spec = this.input.hpa.spec;
    if (!b) return;
    spec.maxReplicas = b.maxReplicas;
    spec.minReplicas =
      holdAt === null ? b.minReplicas : Math.min(b.maxReplicas, Math.max(b.minReplicas, holdAt));
  }

  /** The scale subresource's spec.replicas, as the control plane (or the scheduler) writes it. */
  setReplicas(n: number, t: number): void {
    this.cluster.writeScale(n, t);
  }

  /** The member's HPA starts over (deleted and recreated by failover or recovery). */
  forgetController(): void {
    this.cluster.memory = {
      recommendations: null,
      scaleUpEvents: objectList(),
      scaleDownEvents: objectList(),
    };
    this.cluster.conditions = [];
    this.cluster.lastScaleTime = null;
    this.cluster.desiredReplicas = this.cluster.specReplicas;
  }

  /** Pods waiting for a node: Pending because the cluster is full. */
  unschedulable(t: number): number {
    const w = this.cluster.workload;
    let n = 0;
    for (const p of w.pods) if (w.stateAt(p, t) === 'unscheduled' && p.scheduledAt === null) n++;
    return n;
  }

  /** Pods holding a node (anything scheduled and not gone). */
  placed(t: number): number {
    const w = this.cluster.workload;
    let n = 0;
    for (const p of w.pods) if (p.scheduledAt !== null && w.stateAt(p, t) !== 'gone') n++;
    return n;
  }

  /** availableReplicas as a rule reads it: free capacity now (with nodes, what they have room for). */
  available(t: number): number {
    if (this.failed) return 0;
    if (this.nodes !== null)
      return availableOnNodes(this.nodes.pool, this.cluster.workload.unscheduledCount, t);
    const cap = this.spec.capacityPods ?? UNLIMITED_AVAILABLE;
    return Math.max(0, cap - this.placed(t));
  }

  traits(t: number): ClusterTraits {
    return {
      name: this.name,
      weight: this.spec.weight,
      priority: this.spec.priority,
      availableReplicas: this.available(t),
    };
  }

  snapshot(): MemberState {
    const spec = this.input.hpa.spec;
    return { bounds: this.bounds, minReplicas: spec.minReplicas, maxReplicas: spec.maxReplicas };
  }

  restore(s: MemberState): void {
    this.bounds = s.bounds;
    const spec = this.input.hpa.spec;
    spec.minReplicas = s.minReplicas;
    spec.maxReplicas = s.maxReplicas;
  }
}
