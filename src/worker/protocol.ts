// What crosses the worker boundary: the protocol's own message types, plain data only (checked
// below: no functions, no class instances). The main thread imports these types, never the
// engine; the engine's data shapes they carry come through the run service's type re-exports
// (src/run/dataTypes.ts). Bulky series travel as transferred typed arrays; a sync's full trace
// is fetched on demand (a day-long run has 5,761 of them).

import type {
  DrawStats,
  TimingDraw,
  HorizontalPodAutoscaler,
  KedaKpis,
  KedaPhase,
  KedaVersion,
  Kpis,
  RunIdentity,
  RunLanes,
  NodeRun,
  RolloutRun,
  ScenarioSummary,
  SeriesArrays,
  SeriesInfo,
  SyncRecord,
} from '../run/index.ts';
import type { DrawsGoal, Evaluation, TuneBase } from '../tune/index.ts';

/** The scenario's parse summary, as the run service gives it. */
export type ParseSummary = ScenarioSummary;

/**
 * Per-sync series, one entry per sync, as typed arrays (transferred, not copied); the keys are
 * declared once in engine/simulation/seriesShape.ts.
 */
export type SeriesPayload = SeriesArrays & SeriesInfo;

export interface ResultPayload {
  series: SeriesPayload;
  kpis: Kpis;
  durationSeconds: number;
  syncPeriodSeconds: number;
  /** the node pool's lane, timeline and KPIs (spec.nodes only; copied, not transferred) */
  nodes?: NodeRun;
  /** KEDA's part of a ScaledObject's run (absent without KEDA) */
  keda?: KedaPayload;
  /** the run's HPA edits and kubectl scales (spec.changes), for chart markers; absent: none */
  changes?: { time: number; description: string }[];
  /** a rollout's old and new pods per sync (spec.changes rollout; copied); absent: none */
  rollout?: RolloutRun;
}

/** Per sync, KEDA's phase (an index into `phases`) and the replicas it wrote (NaN: none). */
export interface KedaPayload {
  version: KedaVersion;
  phases: readonly KedaPhase[];
  phase: Uint8Array;
  write: Float64Array;
  /** KEDA's minReplicaCount (the chart's floor: 0 by default) */
  minReplicas: number;
  kpis: KedaKpis;
}

export interface RunReply {
  runId: number;
  parse: ParseSummary;
  /** a run-time failure (the parse may still be ok); `runs` is then empty */
  error: string | null;
  timings: { parseMs: number; simulateMs: number };
  /**
   * Every run of the scenario (src/run/runKey.ts): the HPA's (`main`) then each variant; or, for
   * a multi-cluster scenario, per model every member then the total. Empty when the text did not
   * parse or the run failed or was cancelled.
   */
  runs: RunPayload[];
}

/** One run of the scenario as the UI shows it: who it is (src/run/types.ts) and what it gave. */
export interface RunPayload extends RunIdentity {
  result: ResultPayload | null;
  error: string | null;
  /**
   * kinds `member` and `total` (spec.federation): what the cluster lanes draw beyond the run's
   * series — a member's bounds, failures, pods with no node and demand share; a total's control
   * plane and its events (src/run/types.ts `RunLanes`)
   */
  lanes?: RunLanes;
  /** kind `variant`: the fields it changes in the HPA ("path: 300 → 600"; src/run/variantChanges) */
  changes?: string[];
}

export type EditReply = { ok: true; text: string } | { ok: false; error: string };

export interface SyncEvent {
  /** lastTimestamp: the controller's last accepted send */
  time: number;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  /** the Event object's count (absent: 1), repeats the spam filter held back included */
  count?: number;
  /** firstTimestamp (absent: `time`) */
  firstTime?: number;
}

export interface SyncDetail {
  index: number;
  sync: SyncRecord;
  /** the effective HPA (targets, behavior) the sync was decided against */
  hpa: HorizontalPodAutoscaler;
  /** `kubectl describe hpa` events up to and including this sync, newest last (at most 20) */
  events: SyncEvent[];
}

/** What a run asks besides the text. */
export interface RunRequestOptions {
  /** metadata.name of the HPA to simulate when the text holds several (else the first) */
  hpa?: string;
  /**
   * A curve drag's move: `text` is `base` with this curve's numbers changed. A worker that
   * planned `base` last runs that plan with the curve swapped instead of parsing `text`
   * (curveSwap.ts); the reply's parse is then `base`'s. Anything else parses `text`.
   */
  curve?: CurveEdit;
}

/** What a curve drag changed: one curve of the Simulation document, before and after. */
export interface CurveEdit {
  /** the text the drag started from */
  base: string;
  /** the curve's path in the Simulation document, e.g. ['spec', 'traffic'] */
  path: (string | number)[];
  /** the curve as `base` writes it */
  before: unknown;
  /** the curve as the edited text writes it */
  after: unknown;
}

/** A variant to add: a DNS-label name and a JSON merge patch over the HPA's spec. */
export interface VariantRequest {
  name: string;
  patch: Record<string, unknown>;
  description?: string;
}

/** A policy search's scenario, as each worker of the search parses it once (prepareSearch). */
export interface SearchRequest {
  text: string;
  /** metadata.name of the HPA to tune when the text holds several (else the first) */
  hpa?: string;
  /** the work budget a candidate's run may cost (src/scenario/budget.ts units) */
  maxWork: number;
  /** judge every candidate over timing draws (src/tune/drawn.ts) */
  draws?: DrawsGoal | null;
}

/** A prepared search: the base its generator needs (plain data), or why the text cannot be tuned. */
export type SearchPrepared = { ok: true; base: TuneBase } | { ok: false; error: string };

/** A candidate's evaluation (its judged runs' KPIs, or why it could not run). */
export type { Evaluation };

/** Some of a scenario's timing draws (spec.draws), run on a pool's worker: one lane's share. */
export interface DrawsRequest {
  text: string;
  /** metadata.name of the HPA when the text holds several (else the first) */
  hpa?: string;
  count: number;
  seed: number;
  /** which draws this worker runs (0 … count − 1) */
  indices: number[];
}

/** One draw: its phases, its KPIs and its replicas per sync (the chart's band). */
export interface DrawPayload extends TimingDraw {
  kpis: Kpis;
  specReplicas: Float64Array;
}

/** Where a lane's time went (the bench's breakdown; never asserted on). */
export interface LaneTiming {
  /** reading the scenario (0 when the lane had this text's plan already) */
  parseMs: number;
  /** running its share of the draws */
  drawsMs: number;
  /** it parsed the text (no plan of it kept) */
  parsed: boolean;
}

export type DrawsReply =
  { ok: true; draws: DrawPayload[]; timing?: LaneTiming } | { ok: false; error: string };

/**
 * The object the worker exposes (comlink), one method per entry of the method table
 * (methods.ts), which generates every forwarding. Also runs directly in Node for tests, on the
 * main thread as the bridge's fallback, and in `cli tune`'s worker threads.
 */
/** Which CSV export (SimulatorApi.exportCsv). */
export type CsvExport = 'primary' | 'runs';

export interface SimulatorApi {
  /** Parse and simulate; a newer runId makes older in-flight work pointless (caller drops it). */
  run(runId: number, text: string, options?: RunRequestOptions): Promise<RunReply>;
  /** Full record of one sync of the latest run (null if that run is gone or out of range). */
  getSync(runId: number, index: number, runKey?: string): Promise<SyncDetail | null>;
  /** The text with a new variant copying the HPA's behavior (src/scenario/edit/addVariant.ts). */
  duplicateAsVariant(text: string): Promise<EditReply>;
  /** The text with `variant` added under spec.variants (a policy search's candidate). */
  addVariant(text: string, variant: VariantRequest): Promise<EditReply>;
  /**
   * The latest run's series as CSV: `primary` (default) the HPA's run (one row per sync, with its
   * explanation) or, multi-cluster, every model's clusters; `runs` every run of the set, a row per
   * run and sync led by its RunKey (src/run/runSetCsv.ts).
   */
  exportCsv(runId: number, which?: CsvExport): Promise<string | null>;
  /**
   * Parse a scenario for a policy search and keep it under `slot` (the search's number): the
   * text parsed once, its curves sampled once for every candidate (src/tune/prepared.ts).
   */
  prepareSearch(slot: number, request: SearchRequest): Promise<SearchPrepared>;
  /** One candidate (a merge patch over the HPA's spec) of the search prepared under `slot`. */
  evaluate(slot: number, patch: Record<string, unknown>): Promise<Evaluation>;
  /** Some timing draws of the scenario's HPA run (src/run/draws.ts), each with its replicas. */
  runDraws(request: DrawsRequest): Promise<DrawsReply>;
  /** The median, 95th percentile and worst of every KPI over the draws (the engine's drawStats). */
  summarizeDraws(kpis: Kpis[]): Promise<DrawStats>;
}

/**
 * `T` when it is plain data that structured clone keeps whole (objects, arrays, primitives, typed
 * arrays), `never` where it has a function: a class instance's methods would not survive the
 * trip to the main thread.
 */
export type PlainData<T> = T extends ArrayBufferView
  ? T
  : T extends (...args: never[]) => unknown
    ? never
    : T extends object
      ? { [K in keyof T]: PlainData<T[K]> }
      : T;

/** Compile-time proof that every message is plain data (a violation fails typecheck). */
export type MessagesArePlain = [
  RunReply,
  SyncDetail,
  SearchPrepared,
  Evaluation,
  DrawsReply,
  DrawStats,
] extends [
  PlainData<RunReply>,
  PlainData<SyncDetail>,
  PlainData<SearchPrepared>,
  PlainData<Evaluation>,
  PlainData<DrawsReply>,
  PlainData<DrawStats>,
]
  ? true
  : never;
const _messagesArePlain: MessagesArePlain = true;
void _messagesArePlain;
