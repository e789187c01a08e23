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
} from '../controller/index.ts';
import type { CompiledCurve } from './curves/index.ts';
import type { MetricLoad, SimulationInput } from './input.ts';
import { metricKey } from './input.ts';
import { nodeSampleInstant, staggerBoundMs, type ScrapeStagger } from './scrapeStagger.ts';
import type { PodMetricsState } from './state.ts';
import type { SimPod, Workload } from './workload.ts';

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

export function cloneMetricsState(m: PodMetricsState): PodMetricsState {
  return { v: m.v.slice(), lastT: m.lastT, prevT: m.prevT, pollT: m.pollT };
}

const same = (a: number, b: number) => a === b || (a !== a && b !== b);

/** Every number equal (NaN equal to NaN): the two pods' reports are equal now and stay so. */
function sameState(x: PodMetricsState, y: PodMetricsState): boolean {
  if (!same(x.lastT, y.lastT) || !same(x.prevT, y.prevT) || !same(x.pollT, y.pollT)) return false;
  const a = x.v;
  const b = y.v;
  for (let k = 0; k < a.length; k++) if (!same(a[k]!, b[k]!)) return false;
  return true;
}

/**
 * Pods whose metrics state is equal and that go on doing the same work (serving through every
 * interval, past the start-up burst, not deleted): one state, one report, shared by all of them
 * and stepped once per scrape. A pod joins when its state equals the group's; it leaves, with a
 * copy, when it is deleted. Equal numbers in, equal numbers out: the group changes speed only.
 */
interface SteadyGroup {
  state: PodMetricsState | null;
  members: number;
  /** the report the members' observations point to (pod.obs fields) */
  obs: {
    resourceMetrics: PodObservation['resourceMetrics'];
    customMetrics: PodObservation['customMetrics'];
  };
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
  private readonly resolution: number;
  private readonly burstSeconds: number;
  /** one interval's increment per container, before the pod-wide cap */
  private readonly scratch: Float64Array;
  /** one interval's values for a pod that served through all of it (see steadyValues) */
  private readonly steady: Float64Array;
  private readonly group: SteadyGroup = {
    state: null,
    members: 0,
    obs: { resourceMetrics: null, customMetrics: undefined },
  };
  /** the pods outside the group, for the workload's pod list at `seenVersion` */
  private loose: SimPod[] = [];
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
    const burst = input.workload.startupCpuBurst;
    this.burstSeconds = burst ? burst.durationSeconds : 0;
    this.coef = coefficients(input, perPodLoads, this.nContainers);
    this.scratch = new Float64Array(this.nContainers);
    this.steady = new Float64Array(Math.max(1, this.n));
  }

  /** The CPU a pod can use per unit of work served, for the throttling cap (see podWorkCap). */
  get coefficients(): Coefficients {
    return this.coef;
  }

  private state(p: SimPod): PodMetricsState {
    return (p.metrics ??= {
      v: new Float64Array(BLOCKS * Math.max(1, this.n)),
      lastT: NaN,
      prevT: NaN,
      pollT: NaN,
    });
  }

  /** Pods in the steady group (counted once per pod-list change). */
  get groupSize(): number {
    return this.group.members;
  }

  /** Bumped whenever a pod joins or leaves the group or its report objects change. */
  groupVersion = 0;

  /**
   * The pods not in the steady group, after letting deleted members go (each with a copy of the
   * group's state and report). Rebuilt when the workload's pods change, which is rare next to
   * scrapes.
   */
  private loosePods(w: Workload): SimPod[] {
    if (w.version === this.seenVersion) return this.loose;
    const g = this.group;
    const loose: SimPod[] = [];
    let members = 0;
    for (const p of w.pods) {
      if (p.inGroup && (p.deletedAt !== null || p.scheduledAt === null)) this.leave(p);
      if (p.inGroup) members++;
      else loose.push(p);
    }
    if (members !== g.members) this.groupVersion++;
    g.members = members;
    if (members === 0) g.state = null;
    this.loose = loose;
    this.seenVersion = w.version;
    return loose;
  }

  private leave(p: SimPod): void {
    const g = this.group;
    p.inGroup = false;
    this.groupVersion++;
    p.metrics = cloneMetricsState(g.state!);
    const rm = g.obs.resourceMetrics;
    p.obs.resourceMetrics = rm
      ? {
          timestamp: rm.timestamp,
          window: rm.window,
          containers: rm.containers.map((c) => ({ name: c.name, usage: { ...c.usage } })),
        }
      : (rm ?? null);
    p.obs.customMetrics = g.obs.customMetrics ? { ...g.obs.customMetrics } : undefined;
  }

  /**
   * One scrape at s for every pod (its kubelet sample and metrics-server's storage of it).
   * Returns the pod states it stepped: each pod outside the steady group, and the group once.
   */
  scrape(w: Workload, s: number, ctx: ScrapeContext): number {
    const loose = this.loosePods(w);
    const steady = this.steadyValues(s, ctx);
    const g = this.group;
    if (g.state !== null) this.stepGroup(w, g.state, s, steady, ctx);
    const n = this.n;
    const termination = w.model.terminationSeconds;
    const burstSeconds = this.burstSeconds;
    const staggered = this.stagger !== null && ctx.nodesAt !== null && ctx.workOver !== null;
    if (staggered) this.nodeSamples.clear();
    let joined = false;
    for (let q = 0; q < loose.length; q++) {
      const p = loose[q]!;
      // A staggered node's pods are sampled at the node's own instant, over the interval since
      // its previous one (scrapeStagger.ts); every other pod at s, over (ctx.prev, s].
      const ns = staggered && p.node >= 0 ? this.nodeSample(p.node, s, ctx) : null;
      const at = ns === null ? s : ns.at;
      const prev = ns === null ? ctx.prev : ns.from;
      const running = p.scheduledAt === null ? null : p.runFrom;
      const deleted = p.deletedAt;
      if (
        running === null ||
        at < running ||
        p.failed ||
        (deleted !== null && at >= deleted + termination) ||
        p.noMetrics ||
        n === 0
      ) {
        // Not in the kubelet's answer, so not in the storage Store rebuilds (pod.go Store).
        p.metrics = null;
        p.obs.resourceMetrics = null;
        p.obs.customMetrics = undefined;
        continue;
      }
      const m = this.state(p);
      const serveFrom = p.readyFrom;
      if (
        ns === null &&
        prev < s &&
        serveFrom <= prev &&
        running + burstSeconds <= prev &&
        (deleted === null || deleted > s)
      ) {
        // Served through the whole interval, like most pods most of the time: the same values.
        this.addSteady(m, steady);
      } else if (ns === null) {
        this.integrate(w, p, m, s, prev, running, ctx.meanWork, ctx.workNow);
      } else {
        this.integrate(w, p, m, at, prev, running, ns.mean, ns.now);
      }
      this.store(m, at, running, ctx.serverDown);
      if (ctx.poll) this.poll(m, at);
      this.report(p.obs, m, ctx.unavailable);
      // From here on it serves through every interval: it can share the group's state.
      if (
        this.grouping &&
        deleted === null &&
        serveFrom <= s &&
        running + burstSeconds <= s &&
        this.join(p, m)
      )
        joined = true;
    }
    if (joined) this.loose = loose.filter((p) => !p.inGroup);
    return loose.length + (g.state !== null ? 1 : 0);
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
  private stepGroup(
    w: Workload,
    m: PodMetricsState,
    s: number,
    steady: Float64Array,
    ctx: ScrapeContext,
  ): void {
    const g = this.group;
    this.addSteady(m, steady);
    // Members are never fresh: they served a whole interval before this scrape.
    this.store(m, s, -Infinity, ctx.serverDown);
    if (ctx.poll) this.poll(m, s);
    const rm = g.obs.resourceMetrics;
    const custom = g.obs.customMetrics;
    this.report(g.obs, m, ctx.unavailable);
    // The report objects are replaced only when the listing changes (an outage): repoint.
    if (g.obs.resourceMetrics !== rm || g.obs.customMetrics !== custom) {
      this.groupVersion++;
      for (const p of w.pods) {
        if (!p.inGroup) continue;
        p.obs.resourceMetrics = g.obs.resourceMetrics;
        p.obs.customMetrics = g.obs.customMetrics;
      }
    }
  }

  /** `p` joins the group when its state is the group's (or founds it); true when it joined. */
  private join(p: SimPod, m: PodMetricsState): boolean {
    const g = this.group;
    if (g.state === null) {
      g.state = m;
      g.obs = { resourceMetrics: p.obs.resourceMetrics, customMetrics: p.obs.customMetrics };
    } else if (!sameState(m, g.state)) {
      return false;
    }
    p.inGroup = true;
    this.groupVersion++;
    p.metrics = g.state;
    p.obs.resourceMetrics = g.obs.resourceMetrics;
    p.obs.customMetrics = g.obs.customMetrics;
    g.members++;
    return true;
  }

  /** A counter's increase (or a gauge's value) over an interval served throughout. */
  private addSteady(m: PodMetricsState, steady: Float64Array): void {
    const v = m.v;
    const n = this.n;
    const nc = this.nContainers;
    const cumulative = this.coef.cumulative;
    for (let i = 0; i < this.nLoads; i++) {
      const base = i * nc;
      if (cumulative[i]) {
        for (let k = base; k < base + nc; k++) v[ACC * n + k] = v[ACC * n + k]! + steady[k]!;
        // Only Pods metrics are polled (and reset by the poll).
        if (this.isPods[i])
          for (let k = base; k < base + nc; k++)
            v[POLL_ACC * n + k] = v[POLL_ACC * n + k]! + steady[k]!;
      } else {
        for (let k = base; k < base + nc; k++) v[ACC * n + k] = steady[k]!;
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

  /** The kubelet's counters over (prev, s]; gauges at s (`meanWork`, `workNow` per load). */
  private integrate(
    w: Workload,
    p: SimPod,
    m: PodMetricsState,
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
    const v = m.v;
    const n = this.n;
    const nc = this.nContainers;
    for (let i = 0; i < this.nLoads; i++) {
      const base = i * nc;
      if (cumulative[i]) {
        if (runDur === 0) continue;
        const work = meanWork[i]! * readyDur;
        let total = 0;
        for (let j = 0; j < nc; j++) {
          const k = base + j;
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
          const k = base + j;
          v[ACC * n + k] = Math.min(a[k]! + b[k]! * work, limit[k]!);
        }
      }
    }
  }

  // metrics-server pkg/storage/pod.go Store: keep the last point as `prev` unless the container
  // is fresh (10 s ≤ age < resolution), in which case prev is a zero point at its start time.
  // With differences stored, both cases make the counter's increase since then the rate's
  // numerator (see ACC).
  private store(m: PodMetricsState, s: number, running: number, serverDown: boolean): void {
    if (serverDown) {
      m.lastT = NaN;
      m.prevT = NaN;
      return;
    }
    const n = this.n;
    const v = m.v;
    const age = s - running;
    if (age > 0 && age < this.resolution && age >= FRESH_CONTAINER_MIN_SECONDS) m.prevT = running;
    else m.prevT = m.lastT;
    m.lastT = s;
    const cumulative = this.coef.cumulative;
    const nc = this.nContainers;
    for (let i = 0; i < this.nLoads; i++) {
      const base = i * nc;
      for (let k = base; k < base + nc; k++) v[LAST * n + k] = v[ACC * n + k]!;
      if (cumulative[i]) for (let k = base; k < base + nc; k++) v[ACC * n + k] = 0;
    }
  }

  /** An adapter poll: a Pods metric is its counter's rate since the previous poll. */
  private poll(m: PodMetricsState, s: number): void {
    const n = this.n;
    const v = m.v;
    const nc = this.nContainers;
    const isPods = this.isPods;
    for (let i = 0; i < this.nLoads; i++) {
      if (isPods[i] === 0) continue;
      const k = i * nc;
      v[POLL_RATE * n + k] = Number.isNaN(m.pollT) ? NaN : v[POLL_ACC * n + k]! / (s - m.pollT);
      v[POLL_ACC * n + k] = 0;
    }
    m.pollT = s;
  }

  // metrics-server pkg/storage/pod.go GetMetrics: a pod is listed only when every container has
  // a previous point; its timestamp is the last point, its window the time between the two.
  private report(
    obs: Pick<PodObservation, 'resourceMetrics' | 'customMetrics'>,
    m: PodMetricsState,
    unavailable: Set<string> | null,
  ): void {
    const n = this.n;
    const v = m.v;
    const nc = this.nContainers;
    const listed = !Number.isNaN(m.prevT);
    let rm = obs.resourceMetrics ?? null;
    let custom = obs.customMetrics;
    if (listed && rm === null) {
      rm = obs.resourceMetrics = {
        timestamp: m.lastT,
        window: 0,
        containers: this.input.workload.containers.map((c) => ({
          name: c.name,
          usage: {} as Record<string, number>,
        })),
      };
    } else if (!listed) {
      obs.resourceMetrics = rm = null;
    }
    const window = m.lastT - m.prevT;
    if (rm !== null) {
      rm.timestamp = m.lastT;
      rm.window = window;
    }
    const cumulative = this.coef.cumulative;
    for (let i = 0; i < this.nLoads; i++) {
      const name = this.names[i]!;
      const base = i * nc;
      if (this.isPods[i]) {
        const x = v[POLL_RATE * n + base]!;
        if (Number.isNaN(x) || (unavailable !== null && unavailable.has(this.keys[i]!))) {
          if (custom) delete custom[name];
        } else {
          (custom ??= obs.customMetrics = {})[name] = toMilli(x);
        }
      } else if (rm !== null) {
        const cs = rm.containers;
        const rate = cumulative[i] === 1;
        for (let j = 0; j < cs.length; j++) {
          const x = v[LAST * n + base + j]!;
          cs[j]!.usage![name] = toMilli(rate ? x / window : x);
        }
      }
    }
  }

  /** Rewrite every pod's reported metrics from its state (after a restore: no pod is grouped). */
  rewrite(w: Workload, unavailable: Set<string> | null): void {
    this.seenVersion = -1;
    this.groupVersion++;
    this.group.state = null;
    this.group.members = 0;
    for (const p of w.pods) if (p.metrics) this.report(p.obs, p.metrics, unavailable);
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
