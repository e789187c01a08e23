// The multi-cluster loop: one World (time, traffic, queues) and N member Clusters. At every
// metrics-server scrape the demand is split over the ready pods of every cluster (the seed's
// equal-load assumption, and what a central controller averages); a cluster fails and recovers
// at its scrape instants. At every sync the model's control plane runs (proposal.ts: member HPAs
// then the seed's rules; shipped.ts: one central FederatedHPA then karmada-scheduler), and the
// runner records every member and the total in the single-cluster result shape.

import type { ReconcileTrace } from '../controller/index.ts';
import type { SyncStep, TickSource } from '../simulation/cluster.ts';
import type { SimulationInput } from '../simulation/input.ts';
import { KpiAccumulator } from '../simulation/kpis.ts';
import { overflowed, plottedValue, syncRecordOf } from '../simulation/recorder.ts';
import { describeMetric } from '../simulation/series.ts';
import { allocateSeries, type SimulationSeries } from '../simulation/seriesShape.ts';
import type { EventLog, SimulationResult, SyncRecord } from '../simulation/result.ts';
import { World } from '../simulation/world.ts';
import type { FederationInput, FederationModel } from '../simulation/federationInput.ts';
import type { Member } from './member.ts';
import type { ClusterEvent, FederationRun } from './result.ts';

/** What changed in the clusters since the previous sync. */
export interface Changes {
  failed: Member[];
  recovered: Member[];
}

/** What the control plane did at one sync, for the recorder. */
export interface PlaneSync {
  /** member controllers that ran, with what they decided */
  steps: Map<Member, SyncStep>;
  /** the central FederatedHPA's reconcile (shipped), or null */
  central: { step: SyncStep; templateReplicas: number } | null;
}

export interface ControlPlane {
  readonly members: Member[];
  sync(k: number, t: number, changes: Changes, events: ClusterEvent[]): PlaneSync;
}

export interface RunContext {
  input: SimulationInput;
  federation: FederationInput;
  world: World;
  syncCount: number;
  /** keep every controller decision in full (the explanation, `cli run --explain`) */
  full: boolean;
}

export function runContext(
  input: SimulationInput,
  federation: FederationInput,
  full = false,
): RunContext {
  const sync = input.controller.syncPeriodSeconds;
  return {
    input,
    federation,
    world: new World(input),
    syncCount: Math.floor(input.durationSeconds / sync) + 1,
    full,
  };
}

export class StoppedError extends Error {}

/** Run every sync of one model; `shouldStop` is checked between syncs. */
export function runFederation(
  ctx: RunContext,
  model: FederationModel,
  plane: ControlPlane,
  events: ClusterEvent[],
  shouldStop?: () => boolean,
): FederationRun {
  const { input, world, syncCount } = ctx;
  const members = plane.members;
  // Every member builds the same scrape schedule from the same input: read the first one's.
  const scrapes = members[0]!.cluster.scrapes;
  const tickCount = scrapes.count;
  const res = input.metricsPipeline.resolutionSeconds;
  const period = input.controller.syncPeriodSeconds;
  const cap = input.workload.podCapacity;
  const total = totalRecorder(input, members, syncCount);
  let nextTick = 0;
  let prevTick = NaN;
  // Each member scrapes its share of the demand (ready pods here over ready pods everywhere).
  const shares = members.map(() => 1);
  const sources: TickSource[] = members.map((_, i) => ({
    demandFrom: (x) => world.demandFrom(x) * shares[i]!,
    metricsServerDown: (x) => world.metricsServerDown(x),
    unavailableAt: (x) => world.unavailableAt(x),
    poll: () => {}, // the runner polls the shared adapters once per scrape, with the total
  }));
  let changes: Changes = { failed: [], recovered: [] };
  let prevTotal = members.reduce((s, m) => s + m.replicas, 0);
  // The central FederatedHPA's records and kubectl events (shipped model).
  const central: SyncRecord[] = [];
  const centralEvents: EventLog = { sync: [], events: [] };

  for (let k = 0; k < syncCount; k++) {
    if (shouldStop?.()) throw new StoppedError();
    const t = k * period;
    while (nextTick < tickCount && scrapes.timeOf(nextTick) <= t) {
      // Scrapes run on metrics-server's phase, the first ones before t = 0 (as loop.ts does).
      const s = scrapes.timeOf(nextTick);
      for (const m of members) updateHealth(m, s, changes);
      const demand = world.demandFrom(s);
      const ready = members.map((m) => m.readyAt(s));
      const allReady = ready.reduce((a, b) => a + b, 0);
      const counted = s >= 0;
      // As loop.ts: the queues drain up to s by the pods that were ready at the previous scrape
      // (what served the interval), then the adapters poll the backlog.
      let serving = 0;
      for (const m of members) if (!m.failed) serving += m.cluster.readyCount;
      world.advanceQueues(
        s,
        Number.isNaN(prevTick) || s <= 0 ? 0 : s - Math.max(prevTick, 0),
        demand,
        serving,
      );
      // Each member's adapter polls its Pods metrics on the scrapes the single cluster's does.
      const poll = nextTick % scrapes.pollEvery === 0;
      let pods = 0;
      let served = 0;
      members.forEach((m, i) => {
        if (m.failed) {
          m.demandNow = 0;
          if (counted) m.recorder.kpis.tick(s, res, 0, 0, 0, 0, world.hasTraffic);
          return;
        }
        shares[i] = allReady === 0 ? 0 : ready[i]! / allReady;
        m.demandNow = demand * shares[i]!;
        m.cluster.tick(s, prevTick, sources[i]!, poll);
        if (counted) m.recorder.tick(s, m.cluster, m.demandNow);
        pods += m.cluster.workload.pods.length;
        served += m.cluster.served;
      });
      if (poll) world.poll(s, demand);
      // With no ready pod anywhere the demand is not routed to any cluster: all of it is unmet.
      if (counted) total.kpis.tick(s, res, pods, allReady, demand, served, world.hasTraffic);
      prevTick = s;
      nextTick++;
    }

    // A cluster fails at its instant, whatever the scrape phase: the control plane sees it now.
    for (const m of members) updateHealth(m, t, changes);
    const did = plane.sync(k, t, changes, events);
    changes = { failed: [], recovered: [] };
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
    for (const m of members) {
      const s = m.recorder.series;
      const step = did.steps.get(m);
      if (step) {
        m.recorder.sync(k, step, m.cluster);
        if (ctx.full) m.record(k, step);
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
      s.demand[k] = world.hasTraffic ? m.demandNow : NaN;
      s.served[k] = m.failed ? 0 : m.cluster.served;
      s.capacity[k] = cap === null || m.failed ? NaN : m.cluster.readyCount * cap;
      if (!step && k > 0 && s.specReplicas[k] !== s.specReplicas[k - 1]) s.rescaled[k] = 1;
      if (step) traces.push(step.r.trace);
      m.minSeries[k] = m.bounds && !m.failed ? m.bounds.minReplicas : NaN;
      m.maxSeries[k] = m.bounds && !m.failed ? m.bounds.maxReplicas : NaN;
      m.failedSeries[k] = m.failed ? 1 : 0;
      m.unschedulableSeries[k] = m.failed ? 0 : m.unschedulable(t);
      sum.spec += s.specReplicas[k]!;
      sum.desired += s.desiredReplicas[k]!;
      sum.ready += pods.ready;
      sum.running += pods.running;
      sum.pending += pods.pending;
      sum.terminating += pods.terminating;
      sum.served += s.served[k]!;
    }

    const s = total.series;
    s.time[k] = t;
    s.readyReplicas[k] = sum.ready;
    s.pendingReplicas[k] = sum.pending;
    s.terminatingReplicas[k] = sum.terminating;
    s.demand[k] = demand;
    s.served[k] = sum.served;
    s.capacity[k] = cap === null ? NaN : sum.ready * cap;
    if (did.central) {
      const r = did.central.step.r;
      s.specReplicas[k] = did.central.templateReplicas;
      s.desiredReplicas[k] = r.desiredReplicas;
      s.rescaled[k] = r.rescaled ? 1 : 0;
      copyDecision(s, k, r.trace);
      total.kpis.sync(t, r.trace, period);
      if (ctx.full)
        central.push(centralRecord(did.central.step, did.central.templateReplicas, sum, input));
      for (const e of r.events) {
        centralEvents.sync.push(k);
        centralEvents.events.push(e);
      }
    } else {
      s.specReplicas[k] = sum.spec;
      s.desiredReplicas[k] = sum.desired;
      s.rescaled[k] = sum.spec !== prevTotal ? 1 : 0;
      // Some metric above target in any member counts as above target for the service.
      if (traces.length > 0)
        total.kpis.sync(
          t,
          { ...traces[0]!, metrics: traces.flatMap((x) => x.metrics ?? []) },
          period,
        );
    }
    prevTotal = s.specReplicas[k]!;
  }

  return {
    model,
    members: members.map((m) => ({
      name: m.name,
      result: finish(m.recorder.series, m.recorder.kpis, m.recorder.events, input),
      minReplicas: m.minSeries,
      maxReplicas: m.maxSeries,
      failed: m.failedSeries,
      unschedulable: m.unschedulableSeries,
      syncs: m.syncs,
      hpas: m.hpas,
    })),
    total: finish(total.series, total.kpis, centralEvents, input),
    events,
    record: ctx.full ? 'full' : 'compact',
    central: ctx.full && model === 'shipped' ? central : null,
  };
}

/** The central FederatedHPA's sync as a single-cluster record: its pods are the union's. */
function centralRecord(
  step: SyncStep,
  template: number,
  pods: { ready: number; pending: number; terminating: number; running: number },
  input: SimulationInput,
): SyncRecord {
  const { ready, running, pending, terminating } = pods;
  return syncRecordOf(step, template, { ready, running, pending, terminating }, input.hpa);
}

/** Failure and recovery happen at the first scrape or sync at or after their instant. */
function updateHealth(m: Member, s: number, changes: Changes): void {
  const { failAtSeconds: failAt, recoverAtSeconds: recoverAt } = m.spec;
  const down = failAt !== null && s >= failAt && (recoverAt === null || s < recoverAt);
  if (down && !m.failed) {
    m.failed = true;
    m.demandNow = 0;
    // The cluster is unreachable: its pods stop serving (none is ready to a client until it
    // scrapes again after recovery); it comes back empty.
    m.cluster.readyCount = 0;
    m.cluster.served = 0;
    m.setReplicas(0, s);
    changes.failed.push(m);
  } else if (!down && m.failed) {
    m.failed = false;
    changes.recovered.push(m);
  }
}

function totalRecorder(input: SimulationInput, members: Member[], syncCount: number) {
  const metrics = input.hpa.spec.metrics ?? [];
  const series = allocateSeries(syncCount, metrics.length, {
    metricInfo: metrics.map(describeMetric),
    minReplicas: input.hpa.spec.minReplicas ?? 1,
    maxReplicas: input.hpa.spec.maxReplicas,
    tolerance: { scaleUp: input.controller.tolerance, scaleDown: input.controller.tolerance },
  });
  const initial = members.reduce((s, m) => s + m.replicas, 0);
  const kpis = new KpiAccumulator({
    ...input,
    workload: { ...input.workload, initialReplicas: initial },
  });
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
  kpis: KpiAccumulator,
  events: SimulationResult['events'],
  input: SimulationInput,
): SimulationResult {
  return {
    record: 'compact',
    series,
    kpis: kpis.build(series),
    events,
    syncs: null,
    replay: null,
    durationSeconds: input.durationSeconds,
    syncPeriodSeconds: input.controller.syncPeriodSeconds,
  };
}
