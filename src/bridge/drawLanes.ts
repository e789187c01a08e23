// A scenario's timing draws (spec.draws) on the page's one pool: the draws split over a few leases
// (supervised workers of the same simulator API, src/worker runDraws), each lane running its
// share, then their KPIs summarized by the engine's own drawStats on one of them (the page never
// loads the engine) and the replicas' spread made into a band. The leases are kept between sets,
// so an edit's draws reuse warm workers; a crashed or hung lane is replaced by the pool and the
// set answers with why.

import type { DrawStats } from '../run/index.ts';
import type { DrawPayload, SimulatorApi } from '../worker/protocol.ts';
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
}

export type DrawSetReply = { ok: true; set: DrawSet } | { ok: false; error: string };

export interface DrawsService {
  run(request: DrawSetRequest): Promise<DrawSetReply>;
  dispose(): void;
}

/** Draw i goes to lane i mod n: every lane gets a share of the early and the late draws alike. */
export function laneShares(count: number, lanes: number): number[][] {
  const n = Math.max(1, Math.min(Math.trunc(lanes), count));
  const shares: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < count; i++) shares[i % n]!.push(i);
  return shares;
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
    const shares = laneShares(request.count, lanes);
    while (leases.length < shares.length) leases.push(pool.lease(none));
    const job = (indices: number[]) => (api: SimulatorApi) =>
      api.runDraws({
        text: request.text,
        count: request.count,
        seed: request.seed,
        indices,
        ...(request.hpa ? { hpa: request.hpa } : {}),
      });
    try {
      const replies = await Promise.all(shares.map((s, k) => leases[k]!.call(job(s))));
      const all: DrawPayload[] = [];
      for (const r of replies) {
        if (!r.ok) return r;
        all.push(...r.draws);
      }
      all.sort((a, b) => a.index - b.index);
      const stats = await leases[0]!.call((api) => api.summarizeDraws(all.map((d) => d.kpis)));
      return {
        ok: true,
        set: {
          count: request.count,
          seed: request.seed,
          stats,
          band: drawBand(all.map((d) => d.specReplicas)),
          draws: all.map(({ specReplicas: _, ...d }) => d),
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
