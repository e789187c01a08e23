// What the metrics APIs answer, as metrics-server and the adapters build it (metrics-server
// 5ed5d3a2, after v0.9.0). The kubelet keeps a cumulative CPU counter per container; each
// scrape (every --metric-resolution, on its own phase) stores that point, and the API reports
// CPU as the rate between the last two points (pkg/storage/types.go resourceUsage), memory as
// the last working set, timestamped at the last point with the time between them as its window.
// Pods metrics come through an adapter as the rate of their counter over its polling interval.

import type {
  ExternalMetricSample,
  MetricSpec,
  ObjectMetricSample,
  PodObservation,
  PodResourceMetrics,
  SampleSink,
} from '../controller/index.ts';
import type { CompiledCurve } from './curves/index.ts';
import type { MetricLoad, SimulationInput } from './input.ts';
import { metricKey } from './input.ts';
import { LoosePlan } from './loosePlan.ts';
import {
  BURST_OWNER,
  BURST_ROW,
  GROUP_OWNER,
  GROUP_ROW,
  NO_GROUP,
  NO_OWNER,
  POD_ROW,
  PodRows,
} from './podRows.ts';
import { nodeSampleInstant, staggerBoundMs, type ScrapeStagger } from './scrapeStagger.ts';
import type { PodMetricsState } from './state.ts';
import type { SimPod, Workload } from './workload.ts';

/** reportColumn: the container is not in the pods (usage is null) */
export const NO_CONTAINER = -2;
/** reportColumn: the resource is not reported (usage is undefined) */
export const NOT_REPORTED = -1;

// metrics-server pkg/storage/pod.go freshContainerMinMetricsResolution
const FRESH_CONTAINER_MIN_SECONDS = 10;

/**
 * Counters: the increase since metrics-server's last stored point (or since the container
 * started, when none is stored: a fresh container's first point is its first scrape, scrapes
 * being one resolution apart). Gauges: the value now.
 */
// PodMetricsState (state.ts) holds these blocks in `v`.
const ACC = 0;
/** Counters: last stored point − the previous one (the rate's numerator). Gauges: the last point. */
const LAST = 1;
/** Pods metrics: the counter's increase since the adapter's last poll. */
const POLL_ACC = 2;
/** Pods metrics: the rate the adapter last reported (NaN: none yet). */
const POLL_RATE = 3;
const BLOCKS = 4;

/** A value's kind (MetricsPipeline.kinds): a gauge, a counter, a counter the adapter polls. */
const GAUGE = 0;
const COUNTER = 1;
const POLLED = 2;

/**
 * Pods whose metrics state is equal and that go on doing the same work (serving through every
 * interval, past the start-up burst, not deleted): one state (the store's GROUP_ROW), one report,
 * shared by all of them and stepped once per scrape. A pod joins when its row equals the group's;
 * it leaves, with a copy in its own row, when it is deleted. Equal numbers in, equal numbers out:
 * the group changes speed only.
 */
interface SteadyGroup {
  members: number;
  /** the Pods-metrics report the members' observations point to (pod.obs.customMetrics) */
  custom: PodObservation['customMetrics'];
}

/**
 * Pods whose start-up burst is on and that serve through every interval (a burst longer than the
 * interval): every scrape adds the same shared values (burstValues) and stores the same point, so
 * once a pod's row equals the group's row (BURST_ROW) it shares it, stepped once per scrape. A
 * pod leaves, with a copy in its own row, when it is deleted or unbound, or before the scrape its
 * burst ends within. Only without Pods metrics (no report is written into the pods) and with the
 * steady group's conditions (no stagger, not the reference world).
 */
interface BurstGroup {
  members: number;
  /** no member's burst ends before this (the earliest end of those that joined; a bound) */
  end: number;
}

export interface PerPodLoad {
  load: Extract<MetricLoad, { kind: 'resource' | 'pods' }>;
  demand: CompiledCurve | null;
  /** index of this load in each pod's ring set */
  slot: number;
}

/** Per load and container: usage = a + b × work (+ burst while warming up), capped at the limit. */
interface Coefficients {
  a: Float64Array;
  b: Float64Array;
  burst: Float64Array;
  limit: Float64Array;
  /** the pod's own cap (a node's CPU) per load; Infinity = none */
  podLimit: Float64Array;
  /** counters (CPU, Pods metrics) integrate; other resources are gauges */
  cumulative: Uint8Array;
}

/** What one scrape needs from the world, computed once for all pods. */
export interface ScrapeContext {
  /** previous scrape time (the counters integrate over (prev, s]) */
  prev: number;
  /** per load: mean work one serving pod did over (prev, s], and at s */
  meanWork: Float64Array;
  workNow: Float64Array;
  /** metrics-server is down: its storage is lost */
  serverDown: boolean;
  /** this scrape is also an adapter poll */
  poll: boolean;
  unavailable: Set<string> | null;
  /** the scrape's number from the run's first (a stagger's delays are drawn from it) */
  index: number;
  /** metrics-server's node list at t (any t up to now); null: no node pool, no stagger */
  nodesAt: ((t: number) => number) | null;
  /** per load slot: one serving pod's mean work over (from, to] and its work at `to` */
  workOver: ((from: number, to: number, mean: Float64Array, now: Float64Array) => void) | null;
}

/** One node's sample in a staggered scrape: its instant, the previous one's, the work between. */
interface NodeSample {
  at: number;
  from: number;
  mean: Float64Array;
  now: Float64Array;
}

/** Split a pod-level resource usage over containers in proportion to their requests. */
export function containerShares(input: SimulationInput, resource: string): number[] {
  const cs = input.workload.containers;
  const own = cs.map((c) => c.usage?.[resource] !== undefined);
  const reqs = cs.map((c, i) => (own[i] ? 0 : c.requests[resource]));
  const shared = cs.map((_, i) => i).filter((i) => !own[i]);
  if (shared.length > 0 && shared.every((i) => reqs[i] !== undefined && reqs[i]! > 0)) {
    const total = shared.reduce((a, i) => a + reqs[i]!, 0);
    return reqs.map((r, i) => (own[i] ? 0 : (r ?? 0) / total));
  }
  const first = shared[0] ?? -1;
  return cs.map((_, i) => (i === first ? 1 : 0));
}

/** MilliValue of a reported usage: metrics-server reports nanocores/bytes, the controller rounds up. */
export function toMilli(x: number): number {
  return x <= 0 ? 0 : Math.ceil(x - 1e-6);
}

/** Length of (from, to] ∩ [start, end). */
function overlap(from: number, to: number, start: number, end: number): number {
  const d = Math.min(to, end) - Math.max(from, start);
  return d > 0 ? d : 0;
}

export class MetricsPipeline {
  private readonly perPodLoads: PerPodLoad[];
  private readonly input: SimulationInput;
  private readonly nLoads: number;
  private readonly nContainers: number;
  /** loads × containers */
  private readonly n: number;
  private readonly coef: Coefficients;
  private readonly keys: string[];
  private readonly names: string[];
  /** per load: a Pods metric (through the adapter) rather than a resource */
  private readonly isPods: Uint8Array;
  /** per value (load × container): GAUGE, COUNTER or POLLED (a Pods metric's counter) */
  private readonly kinds: Uint8Array;
  /** some load is a Pods metric (its report is written every scrape) */
  private readonly hasPods: boolean;
  /** the container names, in the reports' order */
  private readonly containerNames: string[];
  /** per resource name: the load reporting it (the last one, as the report's writes leave it) */
  private readonly resourceLoad = new Map<string, number>();
  /** usage's memo of the last resource asked for and its load */
  private lastResource = '';
  private lastLoad: number | undefined = undefined;
  private readonly resolution: number;
  private readonly burstSeconds: number;
  /** one interval's increment per container, before the pod-wide cap */
  private readonly scratch: Float64Array;
  /** one interval's values for a pod that served through all of it (see steadyValues) */
  private readonly steady: Float64Array;
  /** the same for a pod whose start-up burst was on throughout the interval (burstValues) */
  private readonly burstSteady: Float64Array;
  /** every pod's counters and stored points, a row per pod slot (podRows.ts) */
  readonly rows: PodRows;
  /**
   * Resource metrics reports are read from the rows (PodMetricsView) and written into the pods'
   * observations only when asked (materialize); false (the reference world): every scrape writes
   * them, as metrics-server's answer would be rebuilt.
   */
  readonly lazy: boolean;
  /**
   * Pods that served through the interval add values computed once (steadyValues, burstValues);
   * false (the reference world): every pod integrates its own interval, the shared values' proof.
   */
  private readonly shortcuts: boolean;
  private readonly group: SteadyGroup = { members: 0, custom: undefined };
  private readonly burstGroup: BurstGroup = { members: 0, end: Infinity };
  /** the pods outside the group, for the workload's pod list at `seenVersion` */
  private loose: SimPod[] = [];
  /** the scrape's columns of `loose`, position by position (LoosePlan) */
  private readonly plan = new LoosePlan();
  private seenVersion = -1;
  /** a timing draw's per-node stagger (only with a node pool); null: one instant per scrape */
  private readonly stagger: ScrapeStagger | null;
  /** pods share the group's state (never under a stagger: each node samples at its own instant) */
  private readonly grouping: boolean;
  /** this scrape's samples by node (rebuilt every scrape) */
  private readonly nodeSamples = new Map<number, NodeSample>();

  /** `grouping`: pods with equal state share it (false: every pod on its own, the reference) */
  constructor(input: SimulationInput, perPodLoads: PerPodLoad[], grouping = true) {
    this.input = input;
    const stagger = input.metricsPipeline.stagger ?? null;
    this.stagger = stagger !== null && input.nodes ? stagger : null;
    this.grouping = grouping && this.stagger === null;
    this.perPodLoads = perPodLoads;
    this.lazy = grouping;
    this.shortcuts = grouping;
    this.resolution = input.metricsPipeline.resolutionSeconds;
    const containers = input.workload.containers;
    this.nLoads = perPodLoads.length;
    this.nContainers = Math.max(1, containers.length);
    this.n = this.nLoads * this.nContainers;
    this.keys = perPodLoads.map((l) => metricKey(l.load));
    this.names = perPodLoads.map((l) =>
      l.load.kind === 'resource' ? l.load.resource : l.load.metric,
    );
    this.isPods = Uint8Array.from(perPodLoads, (l) => (l.load.kind === 'pods' ? 1 : 0));
    this.hasPods = this.isPods.includes(1);
    this.containerNames = containers.map((c) => c.name);
    perPodLoads.forEach((l, i) => {
      if (l.load.kind === 'resource') this.resourceLoad.set(l.load.resource, i);
    });
    const burst = input.workload.startupCpuBurst;
    this.burstSeconds = burst ? burst.durationSeconds : 0;
    this.coef = coefficients(input, perPodLoads, this.nContainers);
    this.kinds = new Uint8Array(this.n);
    for (let i = 0; i < this.nLoads; i++)
      for (let j = 0; j < this.nContainers; j++)
        this.kinds[i * this.nContainers + j] =
          this.coef.cumulative[i] === 0 ? GAUGE : this.isPods[i] ? POLLED : COUNTER;
    this.scratch = new Float64Array(this.nContainers);
    this.steady = new Float64Array(Math.max(1, this.n));
    this.burstSteady = new Float64Array(Math.max(1, this.n));
    this.rows = new PodRows(BLOCKS * Math.max(1, this.n));
    this.rows.ensure(POD_ROW);
  }

  /** The CPU a pod can use per unit of work served, for the throttling cap (see podWorkCap). */
  get coefficients(): Coefficients {
    return this.coef;
  }

  /** The row holding `p`'s state, -1: none (not in the kubelet's answer). */
  rowOf(p: SimPod): number {
    if (p.group !== NO_GROUP) return p.group;
    const r = p.slot + POD_ROW;
    return this.rows.owner[r] === p.index ? r : -1;
  }

  /** A copy of `p`'s state, as a snapshot keeps it (null: none). */
  stateOf(p: SimPod): PodMetricsState | null {
    const r = this.rowOf(p);
    return r < 0 ? null : this.rows.toState(r);
  }

  /** Pods in the steady group (counted once per pod-list change). */
  get groupSize(): number {
    return this.group.members;
  }

  /** Pods in the burst group (counted once per pod-list change). */
  get burstGroupSize(): number {
    return this.burstGroup.members;
  }

  /** Bumped whenever a pod joins or leaves a group or the steady group's report objects change. */
  groupVersion = 0;

  /**
   * The pods not in the steady group, after letting deleted members go (each with a copy of the
   * group's state and report). Rebuilt when the workload's pods change, which is rare next to
   * scrapes.
   */
  private loosePods(w: Workload): SimPod[] {
    if (w.version === this.seenVersion) return this.loose;
    const g = this.group;
    const bg = this.burstGroup;
    // the last list's array, rewritten (a churn run rebuilds it about a thousand times)
    const loose = this.loose;
    let k = 0;
    let members = 0;
    let burstMembers = 0;
    for (const p of w.pods) {
      if (p.group !== NO_GROUP && (p.deletedAt !== null || p.scheduledAt === null)) this.leave(p);
      if (p.group === GROUP_ROW) members++;
      else if (p.group === BURST_ROW) burstMembers++;
      else loose[k++] = p;
    }
    loose.length = k;
    if (members !== g.members || burstMembers !== bg.members) this.groupVersion++;
    g.members = members;
    if (members === 0) this.rows.owner[GROUP_ROW] = NO_OWNER;
    bg.members = burstMembers;
    if (burstMembers === 0) {
      this.rows.owner[BURST_ROW] = NO_OWNER;
      bg.end = Infinity;
    }
    this.setLoose(loose, w.model.terminationSeconds);
    this.seenVersion = w.version;
    return loose;
  }

  /** `loose` and its plan's columns (each pod's fields the scrape reads, fixed until a change). */
  private setLoose(loose: SimPod[], termination: number): void {
    this.loose = loose;
    const plan = this.plan;
    plan.ensure(loose.length);
    const noSamples = this.n === 0;
    const burstSeconds = this.burstSeconds;
    for (let q = 0; q < loose.length; q++) {
      const p = loose[q]!;
      plan.row[q] = p.slot + POD_ROW;
      plan.index[q] = p.index;
      plan.run[q] = p.runFrom;
      plan.ready[q] = p.readyFrom;
      const deleted = p.deletedAt ?? Infinity;
      plan.deleted[q] = deleted;
      const out = p.scheduledAt === null || p.failed || p.noMetrics || noSamples;
      plan.out[q] = out ? 1 : 0;
      plan.servesFrom[q] = out ? NaN : Math.max(p.runFrom, p.readyFrom);
      plan.servesTo[q] = Math.min(deleted, deleted + termination);
      plan.burstEnd[q] = p.runFrom + burstSeconds;
    }
  }

  private leave(p: SimPod): void {
    const from = p.group;
    const r = p.slot + POD_ROW;
    p.group = NO_GROUP;
    this.groupVersion++;
    this.rows.ensure(r + 1);
    this.rows.copy(from, r, p.index);
    if (!this.lazy) this.reportResource(p.obs, r);
    // the burst group's members keep their own (none: it forms only without Pods metrics)
    if (from === GROUP_ROW) {
      const g = this.group;
      p.obs.customMetrics = g.custom ? { ...g.custom } : undefined;
    }
  }

  /**
   * Before the scrape at s: the burst group's members whose burst ends before s leave it (their
   * interval is no longer the shared one); the loose list is rebuilt with them.
   */
  private burstsEnding(w: Workload, s: number): void {
    const bg = this.burstGroup;
    if (bg.members === 0 || bg.end >= s) return;
    let end = Infinity;
    for (const p of w.pods) {
      if (p.group !== BURST_ROW) continue;
      const b = p.runFrom + this.burstSeconds;
      if (b < s) this.leave(p);
      else if (b < end) end = b;
    }
    bg.end = end;
    this.seenVersion = -1;
  }

  /** `p` (row r, burst ending at b) joins the burst group when its row is the group's (or founds it). */
  private joinBurst(p: SimPod, r: number, b: number): boolean {
    const rows = this.rows;
    const bg = this.burstGroup;
    if (rows.owner[BURST_ROW] !== BURST_OWNER) rows.copy(r, BURST_ROW, BURST_OWNER);
    else if (!rows.same(r, BURST_ROW)) return false;
    p.group = BURST_ROW;
    this.groupVersion++;
    bg.members++;
    if (b < bg.end) bg.end = b;
    return true;
  }

  /**
   * One scrape at s for every pod (its kubelet sample and metrics-server's storage of it).
   * Returns the pod states it stepped: each pod outside the steady group, and the group once.
   */
  scrape(w: Workload, s: number, ctx: ScrapeContext): number {
    this.burstsEnding(w, s);
    const loose = this.loosePods(w);
    const rows = this.rows;
    rows.ensure(w.slots + POD_ROW);
    const steady = this.steadyValues(s, ctx);
    // A burst outlasting the interval: every pod serving through it with its burst on throughout
    // integrates the same values (a start-up burst longer than the run: every pod, every scrape).
    const burstSteady = this.burstSeconds > 0 && this.shortcuts ? this.burstValues(s, ctx) : null;
    const grouped = rows.owner[GROUP_ROW] === GROUP_OWNER;
    if (grouped) this.stepGroup(w, s, steady, ctx);
    // the burst group's members, stepped once (as each one's shared path would step it)
    const burstMembers = this.burstGroup.members;
    if (burstMembers > 0) {
      this.addSteady(BURST_ROW, burstSteady!);
      // Members are never fresh: they served a whole interval before joining.
      this.store(BURST_ROW, s, -Infinity, ctx.serverDown);
      if (ctx.poll) this.poll(BURST_ROW, s);
    }
    // pods with their burst on may share the burst group's row (not with Pods metrics' reports)
    const burstJoins = this.grouping && burstSteady !== null && !this.hasPods;
    const termination = w.model.terminationSeconds;
    const burstSeconds = this.burstSeconds;
    const lazy = this.lazy;
    const shortcuts = this.shortcuts;
    const custom = this.hasPods;
    const serverDown = ctx.serverDown;
    const staggered = this.stagger !== null && ctx.nodesAt !== null && ctx.workOver !== null;
    if (staggered) this.nodeSamples.clear();
    // The pods' fields from the plan's columns, in the loose list's order (a join keeps it).
    const { row, index, run, ready, deleted: del, out } = this.plan;
    const owner = rows.owner;
    const prev0 = ctx.prev;
    const poll = ctx.poll;
    const grouping = this.grouping;
    // the rows' arrays (no row is added during the loop) and the values' kinds, for the shared path
    const { lastT, prevT, pollT, stride } = rows;
    const n = this.n;
    const kinds = this.kinds;
    const resolution = this.resolution;
    // one CPU counter (one load, one container): the shared path's write without its loop
    const oneCounter = n === 1 && kinds[0] === COUNTER;
    const fast = !staggered && !serverDown && prev0 < s;
    // The usual pod's whole step in a loop of its own (scrapeShared) when it writes no report.
    const kernel = fast && shortcuts && lazy && !custom;
    let joined = false;
    for (let q = 0; q < loose.length; q++) {
      if (kernel) {
        q = this.scrapeShared(loose, q, s, prev0, steady, burstSteady, poll, burstJoins);
        if (q === loose.length) break;
      }
      const r = row[q]!;
      const running = run[q]!;
      const deleted = del[q]!;
      const serveFrom = ready[q]!;
      // The usual pod first (churn's, every scrape): in the kubelet's answer with a state of its
      // own, serving through all of (prev, s] — the branch below's shared path, with its tests
      // answered once (through, at = s, not out) so the loop stays small.
      if (
        fast &&
        out[q] === 0 &&
        owner[r] === index[q] &&
        serveFrom <= prev0 &&
        running <= prev0 &&
        deleted > s &&
        s < deleted + termination
      ) {
        const shared =
          shortcuts && running + burstSeconds <= prev0
            ? steady
            : burstSteady !== null && running + burstSeconds >= s
              ? burstSteady
              : null;
        if (shared !== null) {
          this.storeSharedPoint(r, s, running, shared, oneCounter);
          if (poll) {
            if (custom) this.poll(r, s);
            else pollT[r] = s;
          }
          if (!lazy) this.reportResource(loose[q]!.obs, r);
          if (custom) this.reportCustom(loose[q]!.obs, r, ctx.unavailable);
          if (
            grouping &&
            deleted === Infinity &&
            running + burstSeconds <= s &&
            this.join(loose[q]!, r)
          )
            joined = true;
          else if (
            burstJoins &&
            shared === burstSteady &&
            deleted === Infinity &&
            running + burstSeconds > s &&
            this.joinBurst(loose[q]!, r, running + burstSeconds)
          )
            joined = true;
          continue;
        }
      }
      // A staggered node's pods are sampled at the node's own instant, over the interval since
      // its previous one (scrapeStagger.ts); every other pod at s, over (ctx.prev, s].
      const node = staggered ? loose[q]!.node : -1;
      const ns = node >= 0 ? this.nodeSample(node, s, ctx) : null;
      const at = ns === null ? s : ns.at;
      const prev = ns === null ? prev0 : ns.from;
      if (out[q] === 1 || at < running || at >= deleted + termination) {
        // Not in the kubelet's answer, so not in the storage Store rebuilds (pod.go Store).
        owner[r] = NO_OWNER;
        const o = loose[q]!.obs;
        if (!lazy) o.resourceMetrics = null;
        o.customMetrics = undefined;
        continue;
      }
      // The pod's row, its state started afresh when the row holds none of its own.
      if (owner[r] !== index[q]) rows.init(r, index[q]!);
      const through = ns === null && prev < s && serveFrom <= prev && deleted > s;
      // Served through the whole interval, like most pods most of the time: the same values
      // (past the burst: `steady`; with the burst on throughout: `burstSteady`).
      const shared =
        shortcuts && through && running + burstSeconds <= prev
          ? steady
          : burstSteady !== null && through && running <= prev && running + burstSeconds >= s
            ? burstSteady
            : null;
      if (shared !== null && !serverDown) {
        // addSteady then store at `at`, in one pass over the row: a counter's stored point is
        // its increase plus the shared values, a gauge's the values; the same numbers.
        const age = at - running;
        prevT[r] =
          age > 0 && age < resolution && age >= FRESH_CONTAINER_MIN_SECONDS ? running : lastT[r]!;
        lastT[r] = at;
        this.storeShared(r * stride, shared);
      } else {
        if (shared !== null) this.addSteady(r, shared);
        else if (ns === null)
          this.integrate(w, loose[q]!, r, s, prev, running, ctx.meanWork, ctx.workNow);
        else this.integrate(w, loose[q]!, r, at, prev, running, ns.mean, ns.now);
        this.store(r, at, running, serverDown);
      }
      // an adapter poll (with no Pods metric it only marks the poll's time)
      if (poll) {
        if (custom) this.poll(r, at);
        else pollT[r] = at;
      }
      if (!lazy) this.reportResource(loose[q]!.obs, r);
      if (custom) this.reportCustom(loose[q]!.obs, r, ctx.unavailable);
      // From here on it serves through every interval: it can share the group's state.
      if (
        grouping &&
        deleted === Infinity &&
        serveFrom <= s &&
        running + burstSeconds <= s &&
        this.join(loose[q]!, r)
      )
        joined = true;
    }
    if (this.sharedJoined) joined = true;
    this.sharedJoined = false;
    if (joined)
      this.setLoose(
        loose.filter((p) => p.group === NO_GROUP),
        termination,
      );
    // The burst group's members count one by one (the work meter prices the pods each would
    // step on its own); a steady group founded by this scrape counts too.
    return loose.length + burstMembers + (rows.owner[GROUP_ROW] === GROUP_OWNER ? 1 : 0);
  }

  /** some pod joined the group in scrapeShared during this scrape (the loose list changes) */
  private sharedJoined = false;

  /**
   * The scrape's usual pods of `loose` from position q on, up to the first that is not one
   * (returned; its length when all were): in the kubelet's answer with a state of their own,
   * serving through all of (prev, s] with values shared (`steady` past the burst, `burstSteady`
   * with it on throughout). The main loop's first branch for such a pod, step for step (the
   * join it may try included), over the plan's three columns that answer its tests
   * (LoosePlan.servesFrom): a churn run's every pod at nearly every scrape, in a loop small
   * enough to stay in registers. Only with lazy reports and no Pods metric (nothing is written
   * into a pod's observation).
   */
  private scrapeShared(
    loose: SimPod[],
    q: number,
    s: number,
    prev: number,
    steady: Float64Array,
    burstSteady: Float64Array | null,
    poll: boolean,
    burstJoins: boolean,
  ): number {
    const { row, index, run, deleted, servesFrom, servesTo, burstEnd } = this.plan;
    const { pollT, owner } = this.rows;
    const grouping = this.grouping;
    // one CPU counter (one load, one container): storeShared's write without its loop
    const oneCounter = this.n === 1 && this.kinds[0] === COUNTER;
    const end = loose.length;
    for (; q < end; q++) {
      const r = row[q]!;
      if (!(servesFrom[q]! <= prev && s < servesTo[q]! && owner[r] === index[q])) return q;
      const b = burstEnd[q]!;
      let burst: boolean;
      if (b <= prev) burst = false;
      else if (burstSteady !== null && b >= s) burst = true;
      else return q;
      this.storeSharedPoint(r, s, run[q]!, burst ? burstSteady! : steady, oneCounter);
      if (poll) pollT[r] = s;
      // past its burst by s and not deleted: it may share the group's state from here on
      if (grouping && b <= s && deleted[q] === Infinity && this.join(loose[q]!, r))
        this.sharedJoined = true;
      // its burst still on after s: it may share the burst group's
      else if (burstJoins && b > s && deleted[q] === Infinity && this.joinBurst(loose[q]!, r, b))
        this.sharedJoined = true;
    }
    return q;
  }

  /**
   * A pod on a shared path (serving through the interval, running since `running`) stores its
   * point at s in row r: its sample times, then the shared values (`oneCounter`: one CPU
   * counter, storeShared's write without its loop). Both of the scrape's loops call it.
   */
  private storeSharedPoint(
    r: number,
    s: number,
    running: number,
    shared: Float64Array,
    oneCounter: boolean,
  ): void {
    const { v, lastT, prevT, stride } = this.rows;
    const age = s - running;
    prevT[r] =
      age > 0 && age < this.resolution && age >= FRESH_CONTAINER_MIN_SECONDS ? running : lastT[r]!;
    lastT[r] = s;
    const o = r * stride;
    if (oneCounter) {
      v[o + LAST] = v[o + ACC]! + shared[0]!;
      v[o + ACC] = 0;
    } else this.storeShared(o, shared);
  }

  /**
   * addSteady then store, in one pass over the row at offset `o`: a counter's stored point is
   * its increase plus the shared values, a gauge's the values; the same numbers.
   */
  private storeShared(o: number, shared: Float64Array): void {
    const v = this.rows.v;
    const n = this.n;
    const kinds = this.kinds;
    for (let k = 0; k < n; k++) {
      const x = shared[k]!;
      const kind = kinds[k];
      if (kind === GAUGE) {
        v[o + ACC * n + k] = x;
        v[o + LAST * n + k] = x;
      } else {
        v[o + LAST * n + k] = v[o + ACC * n + k]! + x;
        v[o + ACC * n + k] = 0;
        if (kind === POLLED) v[o + POLL_ACC * n + k] = v[o + POLL_ACC * n + k]! + x;
      }
    }
  }

  /** Node `node`'s sample in this scrape (stored at s) and its previous one's instant. */
  private nodeSample(node: number, s: number, ctx: ScrapeContext): NodeSample {
    let ns = this.nodeSamples.get(node);
    if (ns !== undefined) return ns;
    const st = this.stagger!;
    const bound = (t: number) => staggerBoundMs(ctx.nodesAt!(t), this.resolution);
    const at = nodeSampleInstant(st, s, ctx.index, node, bound(s));
    const from =
      ctx.prev < s ? nodeSampleInstant(st, ctx.prev, ctx.index - 1, node, bound(ctx.prev)) : at;
    const k = Math.max(1, this.nLoads);
    ns = { at, from, mean: new Float64Array(k), now: new Float64Array(k) };
    ctx.workOver!(from, at, ns.mean, ns.now);
    this.nodeSamples.set(node, ns);
    return ns;
  }

  /** The group's scrape: one steady pod's, then the members' observations follow its report. */
  private stepGroup(w: Workload, s: number, steady: Float64Array, ctx: ScrapeContext): void {
    const g = this.group;
    this.addSteady(GROUP_ROW, steady);
    // Members are never fresh: they served a whole interval before this scrape.
    this.store(GROUP_ROW, s, -Infinity, ctx.serverDown);
    if (ctx.poll) this.poll(GROUP_ROW, s);
    if (!this.hasPods) return;
    const custom = g.custom;
    const obs = { customMetrics: custom };
    this.reportCustom(obs, GROUP_ROW, ctx.unavailable);
    // The report object is replaced only when the listing changes (an outage): repoint.
    if (obs.customMetrics !== custom) {
      g.custom = obs.customMetrics;
      this.groupVersion++;
      for (const p of w.pods) if (p.group === GROUP_ROW) p.obs.customMetrics = g.custom;
    }
  }

  /** `p` joins the group when its row is the group's (or founds it); true when it joined. */
  private join(p: SimPod, r: number): boolean {
    const g = this.group;
    const rows = this.rows;
    if (rows.owner[GROUP_ROW] !== GROUP_OWNER) {
      rows.copy(r, GROUP_ROW, GROUP_OWNER);
      g.custom = p.obs.customMetrics;
    } else if (!rows.same(r, GROUP_ROW)) {
      return false;
    }
    p.group = GROUP_ROW;
    this.groupVersion++;
    p.obs.customMetrics = g.custom;
    g.members++;
    return true;
  }

  /** A counter's increase (or a gauge's value) over an interval served throughout. */
  private addSteady(r: number, steady: Float64Array): void {
    const v = this.rows.v;
    const n = this.n;
    const o = r * this.rows.stride;
    const nc = this.nContainers;
    const cumulative = this.coef.cumulative;
    for (let i = 0; i < this.nLoads; i++) {
      const base = i * nc;
      if (cumulative[i]) {
        for (let k = base; k < base + nc; k++)
          v[o + ACC * n + k] = v[o + ACC * n + k]! + steady[k]!;
        // Only Pods metrics are polled (and reset by the poll).
        if (this.isPods[i])
          for (let k = base; k < base + nc; k++)
            v[o + POLL_ACC * n + k] = v[o + POLL_ACC * n + k]! + steady[k]!;
      } else {
        for (let k = base; k < base + nc; k++) v[o + ACC * n + k] = steady[k]!;
      }
    }
  }

  /** What integrate gives a pod that served through all of (ctx.prev, s], computed once. */
  private steadyValues(s: number, ctx: ScrapeContext): Float64Array {
    const { a, b, limit, podLimit, cumulative } = this.coef;
    const out = this.steady;
    const dt = s - ctx.prev;
    if (!(dt > 0)) return out;
    const nc = this.nContainers;
    for (let i = 0; i < this.nLoads; i++) {
      const base = i * nc;
      if (cumulative[i]) {
        const work = ctx.meanWork[i]! * dt;
        let total = 0;
        for (let k = base; k < base + nc; k++) {
          out[k] = Math.min(a[k]! * dt + b[k]! * work, limit[k]! * dt);
          total += out[k]!;
        }
        const cap = podLimit[i]! * dt;
        if (total > cap) for (let k = base; k < base + nc; k++) out[k] = (out[k]! * cap) / total;
      } else {
        const work = ctx.workNow[i]!;
        for (let k = base; k < base + nc; k++) out[k] = Math.min(a[k]! + b[k]! * work, limit[k]!);
      }
    }
    return out;
  }

  /**
   * What integrate gives a pod that served through all of (ctx.prev, s] with its start-up burst
   * on throughout, computed once: integrate's own expressions with every duration s − ctx.prev
   * (the run, the Ready time and the burst's overlap are each the whole interval), so the values
   * are integrate's bit for bit (the reference world, which integrates every pod, checks it).
   */
  private burstValues(s: number, ctx: ScrapeContext): Float64Array {
    const { a, b, burst, limit, podLimit, cumulative } = this.coef;
    const out = this.burstSteady;
    const dt = s - ctx.prev;
    if (!(dt > 0)) return out;
    const nc = this.nContainers;
    for (let i = 0; i < this.nLoads; i++) {
      const base = i * nc;
      if (cumulative[i]) {
        const work = ctx.meanWork[i]! * dt;
        let total = 0;
        for (let k = base; k < base + nc; k++) {
          const inc = Math.min(a[k]! * dt + b[k]! * work + burst[k]! * dt, limit[k]! * dt);
          out[k] = inc;
          total += inc;
        }
        const cap = podLimit[i]! * dt;
        const scale = total > cap ? cap / total : 1;
        for (let k = base; k < base + nc; k++) out[k] = out[k]! * scale;
      } else {
        const work = ctx.workNow[i]!;
        for (let k = base; k < base + nc; k++) out[k] = Math.min(a[k]! + b[k]! * work, limit[k]!);
      }
    }
    return out;
  }

  /** The kubelet's counters over (prev, s]; gauges at s (`meanWork`, `workNow` per load). */
  private integrate(
    w: Workload,
    p: SimPod,
    r: number,
    s: number,
    prev: number,
    running: number,
    meanWork: Float64Array,
    workNow: Float64Array,
  ): void {
    const { a, b, burst, limit, podLimit, cumulative } = this.coef;
    const from = Math.max(prev, running);
    const runDur = s > from ? s - from : 0;
    const serveFrom = w.servingFrom(p);
    const serveTo = p.deletedAt ?? Infinity;
    const readyDur = serveFrom === null ? 0 : overlap(from, s, serveFrom, serveTo);
    const servingNow = serveFrom !== null && s >= serveFrom && s < serveTo;
    const burstDur = overlap(from, s, running, running + this.burstSeconds);
    const v = this.rows.v;
    const n = this.n;
    const o = r * this.rows.stride;
    const nc = this.nContainers;
    for (let i = 0; i < this.nLoads; i++) {
      const base = o + i * nc;
      const cb = i * nc;
      if (cumulative[i]) {
        if (runDur === 0) continue;
        const work = meanWork[i]! * readyDur;
        let total = 0;
        for (let j = 0; j < nc; j++) {
          const k = cb + j;
          const inc = Math.min(
            a[k]! * runDur + b[k]! * work + burst[k]! * burstDur,
            limit[k]! * runDur,
          );
          this.scratch[j] = inc;
          total += inc;
        }
        // A node's CPU caps the pod as a whole: every container is throttled alike.
        const cap = podLimit[i]! * runDur;
        const scale = total > cap ? cap / total : 1;
        for (let j = 0; j < nc; j++) {
          const inc = this.scratch[j]! * scale;
          v[ACC * n + base + j] = v[ACC * n + base + j]! + inc;
          if (this.isPods[i]) v[POLL_ACC * n + base + j] = v[POLL_ACC * n + base + j]! + inc;
        }
      } else {
        const work = servingNow ? workNow[i]! : 0;
        for (let j = 0; j < nc; j++) {
          const k = cb + j;
          v[ACC * n + base + j] = Math.min(a[k]! + b[k]! * work, limit[k]!);
        }
      }
    }
  }

  // metrics-server pkg/storage/pod.go Store: keep the last point as `prev` unless the container
  // is fresh (10 s ≤ age < resolution), in which case prev is a zero point at its start time.
  // With differences stored, both cases make the counter's increase since then the rate's
  // numerator (see ACC).
  private store(r: number, s: number, running: number, serverDown: boolean): void {
    const rows = this.rows;
    if (serverDown) {
      rows.lastT[r] = NaN;
      rows.prevT[r] = NaN;
      return;
    }
    const n = this.n;
    const v = rows.v;
    const o = r * rows.stride;
    const age = s - running;
    if (age > 0 && age < this.resolution && age >= FRESH_CONTAINER_MIN_SECONDS)
      rows.prevT[r] = running;
    else rows.prevT[r] = rows.lastT[r]!;
    rows.lastT[r] = s;
    const cumulative = this.coef.cumulative;
    const nc = this.nContainers;
    for (let i = 0; i < this.nLoads; i++) {
      const base = o + i * nc;
      for (let k = base; k < base + nc; k++) v[LAST * n + k] = v[ACC * n + k]!;
      if (cumulative[i]) for (let k = base; k < base + nc; k++) v[ACC * n + k] = 0;
    }
  }

  /** An adapter poll: a Pods metric is its counter's rate since the previous poll. */
  private poll(r: number, s: number): void {
    const rows = this.rows;
    const n = this.n;
    const v = rows.v;
    const o = r * rows.stride;
    const nc = this.nContainers;
    const isPods = this.isPods;
    const pollT = rows.pollT[r]!;
    for (let i = 0; i < this.nLoads; i++) {
      if (isPods[i] === 0) continue;
      const k = o + i * nc;
      v[POLL_RATE * n + k] = Number.isNaN(pollT) ? NaN : v[POLL_ACC * n + k]! / (s - pollT);
      v[POLL_ACC * n + k] = 0;
    }
    rows.pollT[r] = s;
  }

  // metrics-server pkg/storage/pod.go GetMetrics: a pod is listed only when every container has
  // a previous point; its timestamp is the last point, its window the time between the two.
  /** Row r's PodMetrics item, written into `obs`. */
  private reportResource(obs: Pick<PodObservation, 'resourceMetrics'>, r: number): void {
    const rm = this.resourceReport(obs, r);
    if (rm === null) return;
    const rows = this.rows;
    const n = this.n;
    const v = rows.v;
    const o = r * rows.stride;
    const nc = this.nContainers;
    const window = rm.window;
    const cumulative = this.coef.cumulative;
    const cs = rm.containers;
    for (let i = 0; i < this.nLoads; i++) {
      if (this.isPods[i]) continue;
      const name = this.names[i]!;
      const base = o + i * nc;
      const rate = cumulative[i] === 1;
      for (let j = 0; j < cs.length; j++) {
        const x = v[LAST * n + base + j]!;
        cs[j]!.usage![name] = toMilli(rate ? x / window : x);
      }
    }
  }

  /** Row r's Pods metrics as the adapter serves them (not those it cannot read now). */
  private reportCustom(
    obs: Pick<PodObservation, 'customMetrics'>,
    r: number,
    unavailable: Set<string> | null,
  ): void {
    const rows = this.rows;
    const n = this.n;
    const v = rows.v;
    const o = r * rows.stride;
    const nc = this.nContainers;
    let custom = obs.customMetrics;
    for (let i = 0; i < this.nLoads; i++) {
      if (!this.isPods[i]) continue;
      const name = this.names[i]!;
      const x = v[POLL_RATE * n + o + i * nc]!;
      if (Number.isNaN(x) || (unavailable !== null && unavailable.has(this.keys[i]!))) {
        if (custom) delete custom[name];
      } else {
        (custom ??= obs.customMetrics = {})[name] = toMilli(x);
      }
    }
  }

  /** The PodMetrics item of row r in `obs` (made when missing), its times set; null: unlisted. */
  private resourceReport(
    obs: Pick<PodObservation, 'resourceMetrics'>,
    r: number,
  ): PodResourceMetrics | null {
    const rows = this.rows;
    const lastT = rows.lastT[r]!;
    const prevT = rows.prevT[r]!;
    if (Number.isNaN(prevT)) return (obs.resourceMetrics = null);
    const rm = (obs.resourceMetrics ??= {
      timestamp: lastT,
      window: 0,
      containers: this.input.workload.containers.map((c) => ({
        name: c.name,
        usage: {} as Record<string, number>,
      })),
    });
    rm.timestamp = lastT;
    rm.window = lastT - prevT;
    return rm;
  }

  /**
   * What reading row r's PodMetrics item would give (metricsClient.ts podResourceUsage): the
   * resource's usage of the named container, or summed over all ('') in container order, each
   * rounded as the report rounds it; undefined: not reported; null: no such container.
   */
  usage(r: number, resource: string, container: string): number | undefined | null {
    // one resource per metric: the Map is asked once per metric, not once per pod
    if (resource !== this.lastResource) {
      this.lastResource = resource;
      this.lastLoad = this.resourceLoad.get(resource);
    }
    const i = this.lastLoad;
    const names = this.containerNames;
    const rows = this.rows;
    const v = rows.v;
    const base = r * rows.stride + LAST * this.n + (i ?? 0) * this.nContainers;
    const rate = i !== undefined && this.coef.cumulative[i] === 1;
    const window = rows.lastT[r]! - rows.prevT[r]!;
    if (container !== '') {
      for (let j = 0; j < names.length; j++) {
        if (names[j] !== container) continue;
        if (i === undefined) return undefined;
        const x = v[base + j]!;
        return toMilli(rate ? x / window : x);
      }
      return null;
    }
    if (names.length === 0 || i === undefined) return undefined;
    let sum = 0;
    for (let j = 0; j < names.length; j++) {
      const x = v[base + j]!;
      sum += toMilli(rate ? x / window : x);
    }
    return sum;
  }

  /**
   * Where `usage(·, resource, container)` reads from, found once for every row: NO_CONTAINER
   * (usage is null), NOT_REPORTED (undefined), else a column for `reported`.
   */
  reportColumn(resource: string, container: string): number {
    const i = this.resourceLoad.get(resource);
    const names = this.containerNames;
    const nc = this.nContainers;
    if (container !== '') {
      const j = names.indexOf(container);
      if (j < 0) return NO_CONTAINER;
      return i === undefined ? NOT_REPORTED : i * (nc + 1) + j;
    }
    if (names.length === 0 || i === undefined) return NOT_REPORTED;
    return i * (nc + 1) + nc;
  }

  /**
   * `usage` at column `col` (reportColumn's, neither NO_CONTAINER nor NOT_REPORTED) of the rows
   * `rows[0..count)`, each with its timestamp and window into `sink` at its position and weight,
   * skipping a row its entry's `owners[i]` does not hold or that is unlisted; returns the listed.
   * Rows with the same point and window have the same usage (churn's pods mostly do): one reading
   * of one container is computed once for a run of them.
   */
  readReports(
    col: number,
    count: number,
    rowOf: Int32Array,
    owners: Int32Array,
    weights: Int32Array,
    sink: SampleSink,
  ): number {
    const nc = this.nContainers;
    const i = (col / (nc + 1)) | 0;
    const j = col - i * (nc + 1);
    const rows = this.rows;
    const v = rows.v;
    const stride = rows.stride;
    const owner = rows.owner;
    const lastT = rows.lastT;
    const prevT = rows.prevT;
    const offset = LAST * this.n + i * nc;
    const rate = this.coef.cumulative[i] === 1;
    const containers = this.containerNames.length;
    // one container's reading: the named one, or the sum over a single container
    const one = j < nc ? j : containers === 1 ? 0 : -1;
    let memoX = NaN;
    let memoWindow = NaN;
    let memo = 0;
    let items = 0;
    for (let p = 0; p < count; p++) {
      const r = rowOf[p]!;
      if (owner[r] !== owners[p]) continue;
      const prev = prevT[r]!;
      if (Number.isNaN(prev)) continue;
      items++;
      const last = lastT[r]!;
      const window = last - prev;
      const base = r * stride + offset;
      let value: number;
      if (one >= 0) {
        const x = v[base + one]!;
        // a zero window is computed afresh (its sign decides the rate's)
        if (x === memoX && window === memoWindow && window !== 0) {
          value = memo;
        } else {
          value = toMilli(rate ? x / window : x);
          if (j >= nc) value = 0 + value;
          memoX = x;
          memoWindow = window;
          memo = value;
        }
      } else {
        value = 0;
        for (let k = 0; k < containers; k++) {
          const x = v[base + k]!;
          value += toMilli(rate ? x / window : x);
        }
      }
      sink.set(p, value, last, window, weights[p]!);
    }
    return items;
  }

  /** Write row r's PodMetrics item into `obs` as a scrape's report would (r < 0: none). */
  writeResourceMetrics(obs: Pick<PodObservation, 'resourceMetrics'>, r: number): void {
    if (r < 0) obs.resourceMetrics = null;
    else this.reportResource(obs, r);
  }

  /** Every pod's PodMetrics item written into its observation (a plain pod list's reader). */
  materializeAll(w: Workload): void {
    if (!this.lazy) return;
    for (const p of w.pods) this.writeResourceMetrics(p.obs, this.rowOf(p));
  }

  /**
   * Back to a snapshot: each pod's state (`states[i]` of `w.pods[i]`, null: none) and its reports
   * rebuilt; no pod is grouped. `unavailable`: the metrics unavailable at the last scrape.
   */
  restore(w: Workload, states: (PodMetricsState | null)[], unavailable: Set<string> | null): void {
    this.seenVersion = -1;
    this.groupVersion++;
    this.group.members = 0;
    this.group.custom = undefined;
    this.burstGroup.members = 0;
    this.burstGroup.end = Infinity;
    const rows = this.rows;
    rows.clear();
    rows.ensure(w.slots + POD_ROW);
    w.pods.forEach((p, k) => {
      const m = states[k];
      if (!m) return;
      const r = p.slot + POD_ROW;
      rows.fromState(r, m, p.index);
      if (!this.lazy) this.reportResource(p.obs, r);
      if (this.hasPods) this.reportCustom(p.obs, r, unavailable);
    });
  }
}

function coefficients(
  input: SimulationInput,
  perPodLoads: PerPodLoad[],
  nContainers: number,
): Coefficients {
  const n = perPodLoads.length * nContainers;
  const c: Coefficients = {
    a: new Float64Array(n),
    b: new Float64Array(n),
    burst: new Float64Array(n),
    limit: new Float64Array(n).fill(Infinity),
    podLimit: new Float64Array(perPodLoads.length).fill(Infinity),
    cumulative: new Uint8Array(perPodLoads.length),
  };
  const containers = input.workload.containers;
  const burst = input.workload.startupCpuBurst;
  perPodLoads.forEach((l, i) => {
    const base = i * nContainers;
    const load = l.load;
    if (load.kind === 'pods') {
      c.a[base] = load.perPodMilli;
      c.b[base] = load.perUnitMilli;
      c.cumulative[i] = 1;
      return;
    }
    const r = load.resource;
    // Only CPU is a cumulative counter (cAdvisor usage_usec); memory is a working-set gauge.
    c.cumulative[i] = r === 'cpu' ? 1 : 0;
    const shares = containerShares(input, r);
    for (let j = 0; j < containers.length; j++) {
      const k = base + j;
      const own = containers[j]!.usage?.[r];
      c.a[k] = own ? own.perPodMilli : load.perPodMilli * shares[j]!;
      c.b[k] = own ? own.perUnitMilli : load.perUnitMilli * shares[j]!;
      if (r === 'cpu' && burst) c.burst[k] = burst.extraMilli * shares[j]!;
      const lim = containers[j]!.limits?.[r];
      if (lim !== undefined && lim > 0) c.limit[k] = lim;
    }
    const node = input.workload.nodeCpuMilli;
    if (r === 'cpu' && node !== null && node !== undefined && node > 0) c.podLimit[i] = node;
  });
  return c;
}

/**
 * The most work a pod can serve before CPU throttling stops it (a container at its CPU limit, or
 * the pod at the node's cores), from the CPU load that follows the traffic; Infinity = no cap.
 */
export function podWorkCap(pipeline: MetricsPipeline, perPodLoads: PerPodLoad[]): number {
  const { a, b, limit, podLimit } = pipeline.coefficients;
  const nc = perPodLoads.length === 0 ? 1 : a.length / perPodLoads.length;
  let cap = Infinity;
  perPodLoads.forEach((l, i) => {
    if (l.load.kind !== 'resource' || l.load.resource !== 'cpu' || l.demand !== null) return;
    let sa = 0;
    let sb = 0;
    for (let j = 0; j < nc; j++) {
      const k = i * nc + j;
      sa += a[k]!;
      sb += b[k]!;
      if (b[k]! > 0 && Number.isFinite(limit[k]!))
        cap = Math.min(cap, Math.max(0, (limit[k]! - a[k]!) / b[k]!));
    }
    if (sb > 0 && Number.isFinite(podLimit[i]!))
      cap = Math.min(cap, Math.max(0, (podLimit[i]! - sa) / sb));
  });
  return cap;
}

/** Object metric samples for every Object metric of the HPA at time s. */
export function objectSamples(
  metrics: MetricSpec[],
  valueOf: (metric: string) => number | null,
): ObjectMetricSample[] {
  const out: ObjectMetricSample[] = [];
  for (const m of metrics) {
    if (m.type !== 'Object' || !m.object) continue;
    const v = valueOf(m.object.metric.name);
    if (v === null) continue;
    out.push({
      describedObject: { ...m.object.describedObject },
      metric: m.object.metric.name,
      value: toMilli(v),
    });
  }
  return out;
}

/** External metric samples for every External metric of the HPA at time s. */
export function externalSamples(
  metrics: MetricSpec[],
  valueOf: (metric: string) => number | null,
): ExternalMetricSample[] {
  const out: ExternalMetricSample[] = [];
  for (const m of metrics) {
    if (m.type !== 'External' || !m.external) continue;
    const v = valueOf(m.external.metric.name);
    if (v === null) continue;
    out.push({ metric: m.external.metric.name, values: [toMilli(v)] });
  }
  return out;
}
