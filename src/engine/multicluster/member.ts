// One member cluster of a multi-cluster run: a Cluster (its own pods, metrics pipeline and
// controller memory) built from the scenario's input with the member's capacity, replicas and
// HPA bounds, plus what the control plane tracks about it. Built on Cluster's public surface only.

import type { HorizontalPodAutoscaler } from '../controller/index.ts';
import { Cluster, type SyncStep } from '../simulation/cluster.ts';
import type { SimulationInput } from '../simulation/input.ts';
import { Recorder, syncRecord } from '../simulation/recorder.ts';
import type { SyncRecord } from '../simulation/result.ts';
import type { World } from '../simulation/world.ts';
import type { Bounds, ClusterTraits } from '../federation/index.ts';
import type { MemberClusterInput } from '../simulation/federationInput.ts';

/** Free capacity of a cluster without a limit, for the rules that read availableReplicas. */
export const UNLIMITED_AVAILABLE = 5_000;

export class Member {
  readonly spec: MemberClusterInput;
  /** this member's own input: the control plane rewrites its HPA's min/max (the member HPA) */
  readonly input: SimulationInput;
  readonly cluster: Cluster;
  readonly recorder: Recorder;
  /** the member HPA's bounds as the control plane assigned them; null = no HPA */
  bounds: Bounds | null;
  failed = false;
  /** demand routed to this cluster at the last scrape */
  demandNow = 0;
  readonly minSeries: Float64Array;
  readonly maxSeries: Float64Array;
  readonly failedSeries: Uint8Array;
  readonly unschedulableSeries: Float64Array;
  /** the member HPA's full record at each sync it ran (null where it did not) */
  readonly syncs: (SyncRecord | null)[];
  /** the member HPA each recorded sync was decided against (its bounds as read then) */
  readonly hpas: (HorizontalPodAutoscaler | null)[];
  /** the member HPA as it read its bounds at its last sync (the §A.6 hold included) */
  private hpaRead: HorizontalPodAutoscaler | null = null;

  constructor(
    base: SimulationInput,
    spec: MemberClusterInput,
    initialReplicas: number,
    bounds: Bounds | null,
    world: World,
    syncCount: number,
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
    this.recorder = new Recorder(this.input, world, syncCount, false);
    this.setReplicas(initialReplicas, 0);
    this.minSeries = new Float64Array(syncCount).fill(NaN);
    this.maxSeries = new Float64Array(syncCount).fill(NaN);
    this.failedSeries = new Uint8Array(syncCount);
    this.unschedulableSeries = new Float64Array(syncCount);
    this.syncs = new Array<SyncRecord | null>(syncCount).fill(null);
    this.hpas = new Array<HorizontalPodAutoscaler | null>(syncCount).fill(null);
  }

  /**
   * The member HPA's reconcile at t, within its bounds (or held at `holdAt`, §A.6). The bounds it
   * read are kept: the control plane may move them later in the same sync, and the decision chain
   * must clamp to what the member saw.
   */
  reconcile(t: number, world: World, holdAt: number | null): SyncStep {
    this.pushBounds(this.bounds, holdAt);
    const spec = this.input.hpa.spec;
    this.hpaRead = { ...this.input.hpa, spec: { ...spec } };
    return this.cluster.sync(t, world);
  }

  /** Keep the full record of the member's sync k (after the control plane acted on it). */
  record(k: number, step: SyncStep): void {
    const hpa = this.hpaRead ?? this.input.hpa;
    this.syncs[k] = syncRecord(step, this.cluster, hpa);
    this.hpas[k] = hpa;
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
    if (n === this.cluster.specReplicas) return;
    this.cluster.specReplicas = n;
    this.cluster.workload.scaleTo(n, t);
  }

  /** The member's HPA starts over (deleted and recreated by failover or recovery). */
  forgetController(): void {
    this.cluster.memory = { recommendations: null, scaleUpEvents: [], scaleDownEvents: [] };
    this.cluster.conditions = [];
    this.cluster.lastScaleTime = null;
    this.cluster.desiredReplicas = this.cluster.specReplicas;
  }

  /** Ready pods at scrape s (0 while failed). */
  readyAt(s: number): number {
    if (this.failed) return 0;
    const w = this.cluster.workload;
    w.advance(s);
    // The workload's memoized counts: the same pass Cluster.tick makes, not a second one.
    return w.countsAt(s).ready;
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

  /** availableReplicas as a rule reads it: free capacity now. */
  available(t: number): number {
    if (this.failed) return 0;
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
}
