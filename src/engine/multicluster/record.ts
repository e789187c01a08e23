// What a multi-cluster run keeps: every member and the total in the single-cluster result shape
// (series, KPIs, events), each member's bounds, failure and unschedulable lanes, and at record
// level 'full' every controller decision (the member HPAs', or the central FederatedHPA's). An
// observer of the one loop (../simulation/loop.ts); the plane's decisions come in its PlaneSync.

import type { HorizontalPodAutoscaler, ReconcileTrace } from '../controller/index.ts';
import type { SyncStep } from '../simulation/cluster.ts';
import type { FederationModel } from '../simulation/federationInput.ts';
import type { SimulationInput } from '../simulation/input.ts';
import { KpiAccumulator } from '../simulation/kpis.ts';
import type { LoopObserver } from '../simulation/loop.ts';
import type { PlaneSync } from '../simulation/plane.ts';
import {
  overflowed,
  plottedValue,
  capacityOf,
  Recorder,
  syncRecord,
  syncRecordOf,
} from '../simulation/recorder.ts';
import type {
  EventLog,
  Kpis,
  ReplayIndex,
  SimulationResult,
  SyncRecord,
} from '../simulation/result.ts';
import { describeMetric } from '../simulation/series.ts';
import { allocateSeries, type SimulationSeries } from '../simulation/seriesShape.ts';
import type { World } from '../simulation/world.ts';
import type { Member } from './member.ts';
import { NodeRecorder } from '../nodes/record.ts';
import type { NodeRun } from '../nodes/result.ts';
import { totalNodeRun } from './nodesTotal.ts';
import type { ClusterEvent, FederationRun } from './result.ts';

/** One member's recording. */
interface MemberLanes {
  member: Member;
  recorder: Recorder;
  minSeries: Float64Array;
  maxSeries: Float64Array;
  failedSeries: Uint8Array;
  unschedulableSeries: Float64Array;
  syncs: (SyncRecord | null)[];
  hpas: (HorizontalPodAutoscaler | null)[];
  /** its node lane and KPIs (a member with its own node plane); null: none */
  nodes: NodeRecorder | null;
}

export class FederationRecorder implements LoopObserver {
  private readonly input: SimulationInput;
  private readonly world: World;
  private readonly full: boolean;
  private readonly lanes: MemberLanes[];
  private readonly total: { series: SimulationSeries; kpis: KpiAccumulator };
  /** the central FederatedHPA's records and kubectl events (shipped model) */
  private readonly central: SyncRecord[] = [];
  private readonly centralHpas: HorizontalPodAutoscaler[] = [];
  private readonly centralEvents: EventLog = { sync: [], events: [] };
  private prevTotal: number;

  /** `full`: keep every controller decision (the explanation, `cli run --explain`) */
  constructor(
    input: SimulationInput,
    world: World,
    members: Member[],
    syncCount: number,
    full: boolean,
  ) {
    this.input = input;
    this.world = world;
    this.full = full;
    this.lanes = members.map((m) => ({
      member: m,
      recorder: new Recorder(m.input, world, syncCount, false),
      minSeries: new Float64Array(syncCount).fill(NaN),
      maxSeries: new Float64Array(syncCount).fill(NaN),
      failedSeries: new Uint8Array(syncCount),
      unschedulableSeries: new Float64Array(syncCount),
      syncs: new Array<SyncRecord | null>(syncCount).fill(null),
      hpas: new Array<HorizontalPodAutoscaler | null>(syncCount).fill(null),
      nodes: m.nodes ? new NodeRecorder(m.nodes, m.cluster.workload, syncCount) : null,
    }));
    this.total = totalRecorder(input, world, members, syncCount);
    this.prevTotal = members.reduce((s, m) => s + m.replicas, 0);
  }

  tick(s: number): void {
    // The loop routes the demand in proportion to the ready pods of the reachable clusters.
    let ready = 0;
    for (const { member: m } of this.lanes) if (!m.cluster.failed) ready += m.cluster.readyCount;
    let capacity = 0;
    for (const { member: m, recorder } of this.lanes) {
      const c = m.cluster;
      const share = c.failed || ready === 0 ? 0 : c.readyCount / ready;
      recorder.tick(s, c, share);
      capacity += capacityOf(c);
    }
    // With no ready pod anywhere the demand is not routed to any cluster: all of it is unmet.
    this.total.kpis.tick(s, capacity);
  }

  sync(k: number, t: number, did: PlaneSync): void {
    const input = this.input;
    const world = this.world;
    const res = input.metricsPipeline.resolutionSeconds;
    const period = input.controller.syncPeriodSeconds;
    const cap = input.workload.podCapacity;
    const lastScrape = Math.floor(t / res) * res;
    const demand = world.hasTraffic ? world.demandAt(lastScrape) : NaN;
    const sum = {
      spec: 0,
      desired: 0,
      ready: 0,
      running: 0,
      pending: 0,
      terminating: 0,
      served: 0,
    };
    const traces: ReconcileTrace[] = [];
    this.lanes.forEach((lane, i) => {
      const m = lane.member;
      const s = lane.recorder.series;
      const ran = did.members[i] ?? null;
      const step = ran?.step;
      if (ran) {
        lane.recorder.sync(k, ran.step, m.cluster);
        if (this.full) {
          // After the control plane acted: the record reads the scale it left.
          lane.syncs[k] = syncRecord(ran.step, m.cluster, ran.hpa);
          lane.hpas[k] = ran.hpa;
        }
      }
      const pods = m.failed
        ? { ready: 0, running: 0, pending: 0, terminating: 0 }
        : m.cluster.podCounts(t);
      s.time[k] = t;
      // After the control plane: what the cluster runs until the next sync.
      s.specReplicas[k] = m.failed ? 0 : m.replicas;
      if (!step) s.desiredReplicas[k] = s.specReplicas[k]!;
      s.readyReplicas[k] = pods.ready;
      s.pendingReplicas[k] = pods.pending;
      s.terminatingReplicas[k] = pods.terminating;
      s.demand[k] = world.hasTraffic ? m.cluster.demandNow : NaN;
      s.served[k] = m.failed ? 0 : m.cluster.served;
      s.capacity[k] = cap === null || m.failed ? NaN : m.cluster.readyCount * cap;
      if (!step && k > 0 && s.specReplicas[k] !== s.specReplicas[k - 1]) s.rescaled[k] = 1;
      if (step) traces.push(step.r.trace);
      lane.minSeries[k] = m.bounds && !m.failed ? m.bounds.minReplicas : NaN;
      lane.maxSeries[k] = m.bounds && !m.failed ? m.bounds.maxReplicas : NaN;
      lane.failedSeries[k] = m.failed ? 1 : 0;
      lane.unschedulableSeries[k] = m.failed ? 0 : m.unschedulable(t);
      lane.nodes?.sync(k, t);
      sum.spec += s.specReplicas[k]!;
      sum.desired += s.desiredReplicas[k]!;
      sum.ready += pods.ready;
      sum.running += pods.running;
      sum.pending += pods.pending;
      sum.terminating += pods.terminating;
      sum.served += s.served[k]!;
    });

    const s = this.total.series;
    s.time[k] = t;
    s.readyReplicas[k] = sum.ready;
    s.pendingReplicas[k] = sum.pending;
    s.terminatingReplicas[k] = sum.terminating;
    s.demand[k] = demand;
    s.served[k] = sum.served;
    s.capacity[k] = cap === null ? NaN : sum.ready * cap;
    const central = did.central;
    if (central) {
      const r = central.step.r;
      s.specReplicas[k] = central.replicas;
      s.desiredReplicas[k] = r.desiredReplicas;
      s.rescaled[k] = r.rescaled ? 1 : 0;
      copyDecision(s, k, r.trace);
      this.total.kpis.sync(t, r.trace, period);
      if (this.full) {
        this.central.push(centralRecord(central.step, central.replicas, sum, central.hpa));
        this.centralHpas.push(central.hpa);
      }
      for (const e of r.events) {
        this.centralEvents.sync.push(k);
        this.centralEvents.events.push(e);
      }
    } else {
      s.specReplicas[k] = sum.spec;
      s.desiredReplicas[k] = sum.desired;
      s.rescaled[k] = sum.spec !== this.prevTotal ? 1 : 0;
      // Some metric above target in any member counts as above target for the service.
      if (traces.length > 0)
        this.total.kpis.sync(
          t,
          { ...traces[0]!, metrics: traces.flatMap((x) => x.metrics ?? []) },
          period,
        );
    }
    this.prevTotal = s.specReplicas[k]!;
  }

  /** Every member's pod-seconds and Ready pod-seconds, summed. */
  private livedTotal(): [number, number] {
    const sum: [number, number] = [0, 0];
    for (const { member: m } of this.lanes) {
      const [pods, ready] = m.cluster.workload.livedSeconds(this.input.durationSeconds);
      sum[0] += pods;
      sum[1] += ready;
    }
    return sum;
  }

  /**
   * The run of one model. `replay` (a compact run's snapshots): every member's result and the
   * total's carry it, each naming its own decision (a member HPA, or the central FederatedHPA).
   */
  finish(
    model: FederationModel,
    events: ClusterEvent[],
    replay: ReplayIndex | null,
  ): FederationRun {
    const input = this.input;
    const replayOf = (member: string | null): ReplayIndex | null =>
      replay && { ...replay, of: { kind: 'federation', model, member } };
    const nodeRuns: { name: string; run: NodeRun }[] = [];
    for (const lane of this.lanes)
      if (lane.nodes)
        nodeRuns.push({ name: lane.member.name, run: lane.nodes.build(input.durationSeconds) });
    const nodesOf = (name: string) => nodeRuns.find((x) => x.name === name)?.run;
    const totalNodes = totalNodeRun(nodeRuns);
    return {
      model,
      members: this.lanes.map((lane) => {
        const r = lane.recorder;
        const name = lane.member.name;
        const result = finish(
          r.series,
          r.build(lane.member.cluster),
          r.events,
          input,
          replayOf(name),
        );
        // Only a member with nodes has the key, as a single cluster's result.
        const nodes = nodesOf(name);
        return {
          name,
          result: nodes ? { ...result, nodes } : result,
          minReplicas: lane.minSeries,
          maxReplicas: lane.maxSeries,
          failed: lane.failedSeries,
          unschedulable: lane.unschedulableSeries,
          syncs: lane.syncs,
          hpas: lane.hpas,
        };
      }),
      total: {
        ...finish(
          this.total.series,
          this.total.kpis.build(this.total.series, this.livedTotal()),
          this.centralEvents,
          input,
          replayOf(null),
        ),
        ...(totalNodes ? { nodes: totalNodes } : {}),
      },
      events,
      record: this.full ? 'full' : 'compact',
      central: this.full && model === 'shipped' ? this.central : null,
      centralHpas: this.full && model === 'shipped' ? this.centralHpas : null,
      replay: replayOf(null),
    };
  }
}

/** The central FederatedHPA's sync as a single-cluster record: its pods are the union's. */
export function centralRecord(
  step: SyncStep,
  template: number,
  pods: { ready: number; pending: number; terminating: number; running: number },
  hpa: HorizontalPodAutoscaler,
): SyncRecord {
  const { ready, running, pending, terminating } = pods;
  return syncRecordOf(step, template, { ready, running, pending, terminating }, hpa);
}

function totalRecorder(input: SimulationInput, world: World, members: Member[], syncCount: number) {
  const metrics = input.hpa.spec.metrics ?? [];
  const series = allocateSeries(syncCount, metrics.length, {
    metricInfo: metrics.map(describeMetric),
    minReplicas: input.hpa.spec.minReplicas ?? 1,
    maxReplicas: input.hpa.spec.maxReplicas,
    tolerance: { scaleUp: input.controller.tolerance, scaleDown: input.controller.tolerance },
  });
  const initial = members.reduce((s, m) => s + m.replicas, 0);
  const kpis = new KpiAccumulator(
    { ...input, workload: { ...input.workload, initialReplicas: initial } },
    world.traffic,
  );
  return { series, kpis };
}

/** The central controller's decision fields, as the single-cluster recorder keeps them. */
function copyDecision(s: SimulationSeries, k: number, tr: ReconcileTrace): void {
  if (k === 0) s.tolerance = { ...tr.tolerances };
  if (tr.metricDesiredReplicas !== undefined) s.rawReplicas[k] = tr.metricDesiredReplicas;
  if (tr.stabilizedReplicas !== undefined) s.stabilizedReplicas[k] = tr.stabilizedReplicas;
  if (tr.normalizedReplicas !== undefined) s.limitedReplicas[k] = tr.normalizedReplicas;
  const traces = tr.metrics ?? [];
  const n = Math.min(traces.length, s.metrics.length);
  for (let j = 0; j < n; j++) {
    const m = traces[j]!;
    s.metrics[j]![k] = plottedValue(m);
    if (overflowed(m)) s.metricOverflow[j]![k] = 1;
    if (m.usageRatio !== undefined) s.ratios[j]![k] = m.usageRatio;
    if (m.error === undefined && m.proposal !== undefined) s.proposals[j]![k] = m.proposal;
  }
}

function finish(
  series: SimulationSeries,
  kpis: Kpis,
  events: SimulationResult['events'],
  input: SimulationInput,
  replay: ReplayIndex | null,
): SimulationResult {
  return {
    record: 'compact',
    series,
    kpis,
    events,
    syncs: null,
    replay,
    durationSeconds: input.durationSeconds,
    syncPeriodSeconds: input.controller.syncPeriodSeconds,
  };
}
