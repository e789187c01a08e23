// A policy search over the pool (the app's and `cli tune`'s): one lease per lane, each worker
// prepared once for the search (prepareSearch: the text parsed once, its curves sampled once),
// then fed candidates by the search's one scheduler (src/tune/feed.ts). The generator stays on
// the caller's thread and orders results by candidate index, so the answer does not depend on the
// number of lanes. A lane's worker that crashes or hangs is replaced by the pool and prepared
// again; the candidate it held is retried once (a crash) or kept with a plain error (a hang).

import {
  feedEvaluator,
  LaneError,
  type AbortSignalLike,
  type LaneIncident,
  type SearchLane,
} from '../tune/feed.ts';
import type { BatchEvaluator } from '../tune/search.ts';
import type { SearchRequest, SimulatorApi } from '../worker/protocol.ts';
import type { TuneBase } from '../tune/candidate.ts';
import type { WorkerPool } from './pool.ts';

export interface SearchSession {
  /** what the search's generator needs (the HPA, the world) */
  base: TuneBase;
  /** lanes (workers) evaluating candidates */
  workers: number;
  evaluate: BatchEvaluator;
  /** the search is over: its workers go back to the pool */
  close(): void;
}

export type SearchOpen = { ok: true; session: SearchSession } | { ok: false; error: string };

export interface SearchLaneOptions {
  workers: number;
  /** aborts the job in flight on every lane (their workers are terminated and replaced) */
  signal: AbortSignalLike;
  onIncident?: (incident: LaneIncident) => void;
}

/** The scenario cannot be tuned (prepareSearch said why): not a worker's failure. */
class Refused extends Error {}

/** Searches of one page or process, numbered so a worker keeps each one's preparation apart. */
let nextSlot = 1;

export async function openSearch(
  pool: WorkerPool,
  request: SearchRequest,
  options: SearchLaneOptions,
): Promise<SearchOpen> {
  const slot = nextSlot++;
  const prepare = async (api: SimulatorApi): Promise<TuneBase> => {
    const prepared = await api.prepareSearch(slot, request);
    if (!prepared.ok) throw new Refused(prepared.error);
    return prepared.base;
  };
  const n = Math.max(1, Math.trunc(options.workers));
  const leases = Array.from({ length: n }, () => pool.lease(prepare));
  const close = () => leases.forEach((l) => l.release());
  let base: TuneBase;
  try {
    // The first lane prepares before the search starts: a text that cannot be tuned says why
    // once, and a worker that crashed on the way gets one more try.
    base = await leases[0]!.ready().catch((e: unknown) => {
      if (e instanceof LaneError && e.kind === 'crashed') return leases[0]!.ready();
      throw e;
    });
  } catch (error) {
    close();
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: error instanceof Refused ? message : `the search could not start: ${message}`,
    };
  }
  const lanes: SearchLane[] = leases.map((lease) => ({
    evaluate: (patch, signal) => lease.call((api) => api.evaluate(slot, patch), signal),
  }));
  return {
    ok: true,
    session: {
      base,
      workers: n,
      evaluate: feedEvaluator(lanes, {
        signal: options.signal,
        ...(options.onIncident ? { onIncident: options.onIncident } : {}),
      }),
      close,
    },
  };
}
