// A scenario's timing draws (spec.draws) on the page's one pool: the draws split over a few leases
// (supervised workers of the same simulator API, src/worker runDraws), each lane taking the next
// chunk of draws as it answers one, then their KPIs summarized by the engine's own drawStats on one of them (the page never
// loads the engine) and the replicas' spread made into a band. The leases are kept between sets,
// so an edit's draws reuse warm workers; a crashed or hung lane is replaced by the pool and the
// set answers with why.

import type { DrawStats } from '../run/index.ts';
import type { DrawPayload, DrawsReply, SimulatorApi } from '../worker/protocol.ts';
import type { Lease, WorkerPool } from './pool.ts';

export interface DrawSetRequest {
  text: string;
  hpa?: string;
  count: number;
  seed: number;
}

/** Per sync, the fewest and the most replicas any draw had. */
export interface DrawBand {
  lo: Float64Array;
  hi: Float64Array;
}

export interface DrawSet {
  count: number;
  seed: number;
  stats: DrawStats;
  band: DrawBand;
  /** each draw's phases and KPIs, by index (its series dropped once in the band) */
  draws: Omit<DrawPayload, 'specReplicas'>[];
  /** where the set's wall time went, for the bench (`npm run bench -- --draws`) */
  timing?: DrawSetTiming;
}

/**
 * Per lane: when it answered its last chunk (ms from the set's start, in the page), how many
 * chunks it ran, and the worker's own parse and draws time summed over them.
 */
export interface DrawSetTiming {
  lanes: { doneMs: number; chunks: number; parseMs: number; drawsMs: number }[];
  /** the summary's call, after the last lane answered */
  summaryMs: number;
}

export type DrawSetReply = { ok: true; set: DrawSet } | { ok: false; error: string };

export interface DrawsService {
  run(request: DrawSetRequest): Promise<DrawSetReply>;
  dispose(): void;
}

/**
 * The draws in chunks the lanes take in turn, each lane its next chunk as it answers one: a lane
 * slowed by its machine (a GC, another process) takes fewer, so no lane waits on a slower one
 * with a fixed share. About four chunks a lane; a lane parses the text once (it keeps the plan
 * for the rest, src/worker/api.ts runDraws), so a chunk costs one message more.
 */
export function drawChunks(count: number, lanes: number): number[][] {
  const size = Math.max(1, Math.ceil(count / (Math.max(1, Math.trunc(lanes)) * 4)));
  const chunks: number[][] = [];
  for (let i = 0; i < count; i += size)
    chunks.push(Array.from({ length: Math.min(size, count - i) }, (_, k) => i + k));
  return chunks;
}

/** The band of the draws' replicas, sync by sync (over the syncs every draw has). */
export function drawBand(series: readonly Float64Array[]): DrawBand {
  const n = series.length === 0 ? 0 : Math.min(...series.map((s) => s.length));
  const lo = new Float64Array(n).fill(Infinity);
  const hi = new Float64Array(n).fill(-Infinity);
  for (const s of series)
    for (let i = 0; i < n; i++) {
      const v = s[i]!;
      if (v < lo[i]!) lo[i] = v;
      if (v > hi[i]!) hi[i] = v;
    }
  return { lo, hi };
}

const none = async () => null;

export function createDrawsService(pool: WorkerPool, options: { lanes: number }): DrawsService {
  let leases: Lease<null>[] = [];
  const lanes = Math.max(1, Math.trunc(options.lanes));

  async function run(request: DrawSetRequest): Promise<DrawSetReply> {
    const chunks = drawChunks(request.count, lanes);
    const used = Math.min(lanes, chunks.length);
    while (leases.length < used) leases.push(pool.lease(none));
    const job = (indices: number[]) => (api: SimulatorApi) =>
      api.runDraws({
        text: request.text,
        count: request.count,
        seed: request.seed,
        indices,
        ...(request.hpa ? { hpa: request.hpa } : {}),
      });
    try {
      const t0 = performance.now();
      const lanesTiming = Array.from({ length: used }, () => ({
        doneMs: 0,
        chunks: 0,
        parseMs: 0,
        drawsMs: 0,
      }));
      const all: DrawPayload[] = [];
      let failure: DrawsReply | null = null;
      let next = 0;
      // Each lane takes the next chunk as soon as it answers one, until none is left (or one fails).
      const lane = async (k: number) => {
        while (next < chunks.length && failure === null) {
          const r = await leases[k]!.call(job(chunks[next++]!));
          const t = lanesTiming[k]!;
          t.doneMs = performance.now() - t0;
          t.chunks++;
          if (!r.ok) {
            failure ??= r;
            return;
          }
          t.parseMs += r.timing?.parseMs ?? 0;
          t.drawsMs += r.timing?.drawsMs ?? 0;
          all.push(...r.draws);
        }
      };
      await Promise.all(lanesTiming.map((_, k) => lane(k)));
      if (failure !== null) return failure as Extract<DrawsReply, { ok: false }>;
      all.sort((a, b) => a.index - b.index);
      const t1 = performance.now();
      const stats = await leases[0]!.call((api) => api.summarizeDraws(all.map((d) => d.kpis)));
      const timing: DrawSetTiming = { lanes: lanesTiming, summaryMs: performance.now() - t1 };
      return {
        ok: true,
        set: {
          count: request.count,
          seed: request.seed,
          stats,
          band: drawBand(all.map((d) => d.specReplicas)),
          draws: all.map(({ specReplicas: _, ...d }) => d),
          timing,
        },
      };
    } catch (error) {
      return {
        ok: false,
        error: `the draws could not run: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  return {
    run,
    dispose() {
      leases.forEach((l) => l.release());
      leases = [];
    },
  };
}
