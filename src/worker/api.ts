// The simulator API object (Squoosh-style): plain methods over plain data, exposed by worker.ts
// through comlink and used directly in Node tests and the bridge's main-thread fallback.

import { resultToCsv } from '../engine/simulation/exportCsv.ts';
import { simulate, syncDetail } from '../engine/simulation/index.ts';
import { executeRun, planScenario } from '../run/index.ts';
import { recentEvents, resultPayload, type KeptRun } from './payload.ts';
import type { ParseSummary, RunReply, SimulatorApi, SyncDetail } from './protocol.ts';

export interface SimulatorApiOptions {
  /** milliseconds, for the reply's timings; injectable so tests can pin them */
  now?: () => number;
}

const UNREADABLE: ParseSummary = {
  ok: false,
  diagnostics: [],
  notices: [],
  name: '',
  description: '',
  effectiveHpaYaml: null,
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createSimulatorApi(options: SimulatorApiOptions = {}): SimulatorApi {
  const now = options.now ?? (() => performance.now());
  /** the newest runId seen: an older run still computing is pointless */
  let newestRunId = -Infinity;
  let kept: KeptRun | null = null;

  async function run(runId: number, text: string): Promise<RunReply> {
    newestRunId = Math.max(newestRunId, runId);
    const superseded = () => newestRunId > runId;
    const timings = { parseMs: 0, simulateMs: 0 };
    let parse = UNREADABLE;
    try {
      const t0 = now();
      const plan = planScenario(text);
      parse = plan.summary;
      timings.parseMs = now() - t0;
      // A multi-cluster scenario shows its first model's total until the app has cluster lanes.
      const main = plan.runs.find((r) => r.federation?.member === null) ?? plan.runs[0];
      if (!main) return { runId, parse, result: null, error: null, timings };
      // Yield once: a caller that starts a newer run meanwhile (API-level use; a worker only
      // sees the next message after this run returns) makes this one stop before simulating.
      await Promise.resolve();
      if (superseded()) return { runId, parse, result: null, error: 'cancelled', timings };
      const t1 = now();
      const run = executeRun(main, { shouldStop: superseded });
      timings.simulateMs = now() - t1;
      if (!run.ok) return { runId, parse, result: null, error: run.error, timings };
      const result = resultPayload(run.result);
      if (!kept || runId >= kept.runId) {
        kept = { runId, result: run.result, input: main.input };
      }
      return { runId, parse, result, error: null, timings };
    } catch (error) {
      // Never throw across the boundary: comlink would turn it into an opaque rejection.
      return { runId, parse, result: null, error: `internal error: ${message(error)}`, timings };
    }
  }

  async function getSync(runId: number, index: number): Promise<SyncDetail | null> {
    if (!kept || kept.runId !== runId) return null;
    // The run is compact: the record is replayed from the nearest snapshot (deterministic).
    const sync = syncDetail(kept.input, kept.result, index);
    if (!sync) return null;
    return { index, sync, hpa: kept.input.hpa, events: recentEvents(kept.result, index) };
  }

  async function exportCsv(runId: number): Promise<string | null> {
    if (!kept || kept.runId !== runId) return null;
    // A multi-cluster run has no single-cluster CSV yet (the CLI's --format csv has one).
    if (kept.input.federation) return null;
    // Every row carries its explanation: record the run in full once, for the export only.
    const full = simulate(kept.input, { record: 'full' });
    return full.ok ? resultToCsv(full.result) : null;
  }

  return { run, getSync, exportCsv };
}
