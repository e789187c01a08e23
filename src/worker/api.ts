// The simulator API object (Squoosh-style): plain methods over plain data, exposed by worker.ts
// through comlink and used directly in Node tests and the bridge's main-thread fallback.

import { resultToCsv } from '../engine/simulation/exportCsv.ts';
import { federationToCsv, type FederationRun } from '../engine/multicluster/index.ts';
import {
  copySeries,
  drawStats,
  seriesArrays,
  simulate,
  syncDetail,
  type Kpis,
} from '../engine/simulation/index.ts';
import {
  executeDrawsAt,
  executeRun,
  runDecision,
  parseMemberKey,
  planScenario,
  runChanges,
  runSetToCsv,
  variantOf,
  type RunSetCsvRun,
  type ScenarioPlan,
} from '../run/index.ts';
import {
  detachBuffers,
  lanesPayload,
  recentEvents,
  replyTransferables,
  resultPayload,
  type KeptRun,
} from './payload.ts';
import { swapTraffic } from './curveSwap.ts';
import { createSeriesPool } from './seriesPool.ts';
import { isWarmUpRun } from './stopSignal.ts';
import { addVariant, duplicateAsVariant, parseScenario } from '../scenario/index.ts';
import { prepareSearch as prepareTuneSearch, type PreparedSearch } from '../tune/index.ts';
import type {
  DrawsReply,
  DrawsRequest,
  EditReply,
  Evaluation,
  ParseSummary,
  CsvExport,
  RunPayload,
  RunReply,
  RunRequestOptions,
  SearchPrepared,
  SearchRequest,
  SimulatorApi,
  SyncDetail,
  VariantRequest,
} from './protocol.ts';

export interface SimulatorApiOptions {
  /** milliseconds, for the reply's timings; injectable so tests can pin them */
  now?: () => number;
  /** true once the page stopped this worker (stopSignal.ts): a run in progress stops at once */
  stopped?: () => boolean;
  /**
   * true while a warm-up run (`isWarmUpRun`) must give way (stopSignal.ts): one in progress
   * stops at its next sync with the error 'cancelled'; real runs never read it
   */
  warmUpYields?: () => boolean;
  /**
   * the id below which runs stop (stopSignal.ts: the page posted a newer run to this worker): a
   * run in progress with a lower id stops at its next sync, one not yet started at once, each with
   * the error 'cancelled'
   */
  interruptedBelow?: () => number;
  /**
   * What a warm-up run does with the buffers its reply would have transferred (default
   * `detachBuffers`); injectable so tests can see them.
   */
  detach?: (buffers: ArrayBuffer[]) => void;
}

const UNREADABLE: ParseSummary = {
  ok: false,
  diagnostics: [],
  notices: [],
  name: '',
  description: '',
  effectiveHpaYaml: null,
  documents: [],
  hpaChoices: [],
  selectedHpa: '',
  defaultSimulation: null,
  defaultWorld: null,
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Searches a worker keeps prepared: the current one and the one before (a restart overlaps). */
const KEPT_SEARCHES = 2;

export function createSimulatorApi(options: SimulatorApiOptions = {}): SimulatorApi {
  const now = options.now ?? (() => performance.now());
  const stopped = options.stopped ?? (() => false);
  const warmUpYields = options.warmUpYields ?? (() => false);
  const interruptedBelow = options.interruptedBelow ?? (() => 0);
  const detach = options.detach ?? detachBuffers;
  /** the newest runId seen: an older run still computing is pointless */
  let newestRunId = -Infinity;
  /** buffers for the kept runs' series copies */
  const pool = createSeriesPool();
  let kept: KeptRun | null = null;
  /** every run of the kept reply, by run key (`kept` is its first) */
  let keptRuns = new Map<string, KeptRun>();
  /** the kept reply's runs that ran, in the set's order (the run-set CSV) */
  let keptSet: RunSetCsvRun[] = [];
  /** the last text this worker parsed, with its plan: a curve drag's moves reuse it */
  let lastPlan: { text: string; hpa: string | undefined; plan: ScenarioPlan } | null = null;

  /** `text`'s plan: a drag's move swaps its curve into the start text's plan, else a parse. */
  function planOf(
    text: string,
    hpa: string | undefined,
    options: RunRequestOptions,
    warmUp: boolean,
  ): ScenarioPlan {
    const edit = options.curve;
    if (edit && lastPlan && lastPlan.text === edit.base && lastPlan.hpa === hpa) {
      const swapped = swapTraffic(lastPlan.plan, edit);
      if (swapped) return swapped;
    }
    const plan = planScenario(text, hpa === undefined ? {} : { hpa });
    // A warm-up run (the current worker's too, between a drag's moves) never replaces the plan a
    // drag's moves swap their curve into; a spare keeps its first one's (the user's text).
    if (!warmUp || lastPlan === null) lastPlan = { text, hpa, plan };
    return plan;
  }

  async function run(
    runId: number,
    text: string,
    options: RunRequestOptions = {},
  ): Promise<RunReply> {
    newestRunId = Math.max(newestRunId, runId);
    const warmUp = isWarmUpRun(runId);
    // A warm-up run's id is below every real one's: only a run posted after it supersedes it (a
    // worker that ran real runs warms up too, src/bridge/client.ts); an interrupt stops every
    // run below the interrupting one's id (the stop signal's third slot).
    const floor = warmUp ? newestRunId : runId;
    const superseded = () =>
      newestRunId > floor || stopped() || runId < interruptedBelow() || (warmUp && warmUpYields());
    const timings = { parseMs: 0, simulateMs: 0 };
    let parse = UNREADABLE;
    // Interrupted before it started (queued behind a run that was stopping): no parse either.
    if (runId < interruptedBelow()) return { runId, parse, error: 'cancelled', timings, runs: [] };
    try {
      const t0 = now();
      // Only a non-empty name is a choice: anything else means "the first HPA".
      const hpa = typeof options?.hpa === 'string' && options.hpa !== '' ? options.hpa : undefined;
      const plan = planOf(text, hpa, options ?? {}, warmUp);
      parse = plan.summary;
      timings.parseMs = now() - t0;
      const main = plan.runs[0];
      if (!main) return { runId, parse, error: null, timings, runs: [] };
      // Yield once: a caller that starts a newer run meanwhile (API-level use; a worker only
      // sees the next message after this run returns) makes this one stop before simulating.
      await Promise.resolve();
      if (superseded()) return { runId, parse, error: 'cancelled', timings, runs: [] };
      const t1 = now();
      // A model's members and total share one simulation (the run service caches it).
      const done = plan.runs.map((r) => executeRun(r, { shouldStop: superseded }));
      const first = done[0]!;
      timings.simulateMs = now() - t1;
      // The first run failing (the HPA's, or a model's member) fails the reply; a variant that
      // fails alone is an entry with its error.
      if (!first.ok) return { runId, parse, error: first.error, timings, runs: [] };
      // A plain run's reply takes the engine's own series (transferred: no copy), and the worker
      // keeps a copy in a buffer it reuses (seriesPool.ts: a new buffer's memory is the costly
      // part in Chromium). A model's member or total sends a copy: its result is the run
      // service's cached model run's, which its other runs and the details still read.
      const own = (r: (typeof done)[number]) => r.ok && !r.modelRun;
      const runs: RunPayload[] = done.map((r) => ({
        key: r.key,
        kind: r.kind,
        group: r.group,
        label: r.label,
        colour: r.colour,
        result: r.ok ? resultPayload(r.result, own(r) ? r.result.series : undefined) : null,
        error: r.ok ? null : r.error,
        // A member's or total's cluster lanes, on the run itself.
        ...(r.ok && r.lanes ? { lanes: lanesPayload(r.lanes) } : {}),
        // A variant's, or a multi-cluster variant's total (the run the comparison lists).
        ...(r.kind === 'variant' || (r.kind === 'total' && variantOf(r) !== null)
          ? { changes: runChanges(main.input, r.input) }
          : {}),
      }));
      // A warm-up run has done its work (the payload's code ran too): it replies without its
      // runs, which the page would only receive and drop (a 24 h run's series are about a
      // megabyte, five per spare, as garbage on the page's thread), and keeps nothing. Its
      // buffers are detached as a real reply's transfer detaches them. In Chromium the first
      // transfer of the engine's buffers deoptimised every engine function that had read them
      // ("dependent property cell changed"): after warm-up runs that never transferred, a
      // worker's first eight real runs cost 840 ms of CPU, against 280 when the warm-up runs
      // detached too (as fast as warming up with real runs).
      if (warmUp) {
        detach(replyTransferables({ runId, parse, error: null, timings, runs }));
        return { runId, parse, error: null, timings, runs: [] };
      }
      if (!kept || runId >= kept.runId) {
        const next = new Map<string, KeptRun>();
        for (const r of done) {
          if (!r.ok) continue;
          const series = own(r) ? copySeries(r.result.series, pool.take) : null;
          next.set(r.key, {
            runId,
            key: r.key,
            result: series ? { ...r.result, series } : r.result,
            input: r.input,
            ...(r.modelRun ? { modelRun: r.modelRun } : {}),
            ...(series ? { pooled: seriesArrays(series)[0]!.buffer as ArrayBuffer } : {}),
          });
        }
        // The runs dropped: their copies' buffers serve the next run's.
        for (const old of keptRuns.values()) if (old.pooled) pool.give(old.pooled);
        keptRuns = next;
        kept = keptRuns.get(main.key) ?? null;
        keptSet = done.flatMap((r) => {
          const k = r.ok ? next.get(r.key) : undefined;
          return k ? [{ ...r, result: k.result }] : [];
        });
      }
      return {
        runId,
        parse,
        error: null,
        timings,
        runs,
      };
    } catch (error) {
      // Never throw across the boundary: comlink would turn it into an opaque rejection.
      return {
        runId,
        parse,
        error: `internal error: ${message(error)}`,
        timings,
        runs: [],
      };
    }
  }

  async function getSync(
    runId: number,
    index: number,
    runKey = 'main',
  ): Promise<SyncDetail | null> {
    const run = keptRuns.get(runKey) ?? null;
    if (kept?.input.federation && kept.runId === runId) {
      // A member HPA's or the central FederatedHPA's decision (run/runKey.ts), of the HPA's
      // federation or a variant's: replayed from that run's own model run (compact records).
      const d = run ? runDecision(run, index) : null;
      return d ? { index, sync: d.sync, hpa: d.hpa, events: recentEvents(d.result, index) } : null;
    }
    if (!run || run.runId !== runId) return null;
    // The run is compact: the record is replayed from the nearest snapshot (deterministic).
    const sync = syncDetail(run.input, run.result, index);
    if (!sync) return null;
    return { index, sync, hpa: run.input.hpa, events: recentEvents(run.result, index) };
  }

  /** A text edit made in the worker; never throws across the boundary. */
  async function edited(edit: () => EditReply): Promise<EditReply> {
    try {
      return edit();
    } catch (error) {
      return { ok: false, error: `internal error: ${message(error)}` };
    }
  }

  /** Prepared searches by slot, oldest first (a worker of the pool serves one search at a time). */
  const searches = new Map<number, PreparedSearch>();

  async function prepareSearch(slot: number, request: SearchRequest): Promise<SearchPrepared> {
    try {
      const hpa = typeof request.hpa === 'string' && request.hpa !== '' ? request.hpa : undefined;
      const parsed = parseScenario(request.text, {
        maxWork: request.maxWork,
        ...(hpa === undefined ? {} : { hpa }),
      });
      const prepared = prepareTuneSearch(parsed, request.maxWork, request.draws ?? null);
      if (!prepared.ok) return prepared;
      searches.delete(slot);
      searches.set(slot, prepared.search);
      for (const old of searches.keys()) if (searches.size > KEPT_SEARCHES) searches.delete(old);
      return { ok: true, base: prepared.search.base };
    } catch (error) {
      return { ok: false, error: `internal error: ${message(error)}` };
    }
  }

  async function evaluate(slot: number, patch: Record<string, unknown>): Promise<Evaluation> {
    const prepared = searches.get(slot);
    if (!prepared) return { ok: false, error: `no search is prepared under ${slot}` };
    try {
      return prepared.evaluate(patch);
    } catch (error) {
      return { ok: false, error: `internal error: ${message(error)}` };
    }
  }

  /**
   * The plan a lane last drew, by text and HPA: a set drawn again (another count or seed of the
   * same scenario, the page's next set) skips the parse, a tenth of a lane's time (bench
   * `--draws-profile`). A plan is never changed by running it (each draw builds its own input).
   */
  let drawPlan: { text: string; hpa: string | undefined; plan: ScenarioPlan } | null = null;

  /** A lane's share of the draws: the HPA's run (never a variant's) under each drawn timing. */
  async function runDraws(request: DrawsRequest): Promise<DrawsReply> {
    try {
      const t0 = performance.now();
      const hpa = typeof request.hpa === 'string' && request.hpa !== '' ? request.hpa : undefined;
      const cached = drawPlan !== null && drawPlan.text === request.text && drawPlan.hpa === hpa;
      const plan = cached
        ? drawPlan!.plan
        : planScenario(request.text, hpa === undefined ? {} : { hpa });
      if (!cached) drawPlan = { text: request.text, hpa, plan };
      const main = plan.runs[0];
      if (!plan.summary.ok || !main) return { ok: false, error: 'the scenario is not valid' };
      const t1 = performance.now();
      const done = executeDrawsAt(main, request.count, request.seed, request.indices);
      if (!done.ok) return done;
      return {
        ok: true,
        draws: done.draws.map((d) => ({ ...d.draw, kpis: d.kpis, specReplicas: d.specReplicas })),
        timing: { parseMs: t1 - t0, drawsMs: performance.now() - t1, parsed: !cached },
      };
    } catch (error) {
      return { ok: false, error: `internal error: ${message(error)}` };
    }
  }

  async function exportCsv(runId: number, which: CsvExport = 'primary'): Promise<string | null> {
    if (!kept || kept.runId !== runId) return null;
    if (which === 'runs') return runSetToCsv(keptSet);
    // A multi-cluster run: every model, a column group per cluster (the CLI writes the same).
    if (kept.input.federation) {
      // The HPA's models, each once, from the kept runs' own model runs (nothing simulated).
      const models = new Set<FederationRun>();
      for (const r of keptRuns.values())
        if (r.modelRun && parseMemberKey(r.key)?.variant === undefined) models.add(r.modelRun);
      return models.size > 0 ? federationToCsv([...models]) : null;
    }
    // Every row carries its explanation: record the run in full once, for the export only.
    const full = simulate(kept.input, { record: 'full' });
    return full.ok ? resultToCsv(full.result) : null;
  }

  return {
    run,
    getSync,
    exportCsv,
    duplicateAsVariant: (text: string) => edited(() => duplicateAsVariant(text)),
    addVariant: (text: string, variant: VariantRequest) => edited(() => addVariant(text, variant)),
    prepareSearch,
    evaluate,
    runDraws,
    summarizeDraws: async (kpis: Kpis[]) => drawStats(kpis),
  };
}
