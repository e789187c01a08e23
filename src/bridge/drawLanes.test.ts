import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeDraws, planScenario } from '../run/index.ts';
import { createSimulatorApi } from '../worker/api.ts';
import type { SimulatorApi } from '../worker/protocol.ts';
import { createDrawsService, drawBand, laneShares } from './drawLanes.ts';
import type { Lease, WorkerPool } from './pool.ts';

const story = readFileSync(
  resolve(import.meta.dirname, '../presets/story-1-scale-up-fast.yaml'),
  'utf8',
);

/** A pool whose leases each run their own real API in this thread (one per lease, as workers). */
function inThreadPool(): { pool: WorkerPool; calls: number[] } {
  const calls: number[] = [];
  let n = 0;
  const pool = {
    lease<S>(setup: (api: SimulatorApi) => Promise<S>): Lease<S> {
      const id = n++;
      const api = createSimulatorApi({ now: () => 0 });
      const ready = setup(api);
      return {
        ready: () => ready,
        async call(job) {
          calls.push(id);
          return job(api, await ready);
        },
        release() {},
      };
    },
  } as unknown as WorkerPool;
  return { pool, calls };
}

describe('draws on the pool (issue 25: draws in the app)', () => {
  it('splits the draws over the lanes, each getting early and late ones', () => {
    expect(laneShares(5, 2)).toEqual([
      [0, 2, 4],
      [1, 3],
    ]);
    expect(laneShares(1, 2)).toEqual([[0]]);
  });

  it('bands the replicas sync by sync: the fewest and the most of any draw', () => {
    const band = drawBand([Float64Array.of(1, 4, 2), Float64Array.of(3, 2, 2, 9)]);
    expect([...band.lo]).toEqual([1, 2, 2]);
    expect([...band.hi]).toEqual([3, 4, 2]);
  });

  it('gives the figures the CLI gives for the same seed, over two lanes', async () => {
    const { pool, calls } = inThreadPool();
    const service = createDrawsService(pool, { lanes: 2 });
    const reply = await service.run({ text: story, count: 6, seed: 9 });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    // both lanes ran draws, then one summarized them
    expect(new Set(calls)).toEqual(new Set([0, 1]));
    const cli = executeDraws(planScenario(story).runs[0]!, 6, 9);
    expect(cli.ok).toBe(true);
    if (!cli.ok) return;
    expect(reply.set.stats).toEqual(cli.stats);
    expect(reply.set.draws.map((d) => d.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(reply.set.draws.map((d) => d.kpis)).toEqual(cli.draws.map((d) => d.kpis));
    // draw 0 is the run as written; the band holds it
    const main = (await createSimulatorApi().run(1, story)).runs[0]!.result!;
    expect(reply.set.draws[0]!.kpis).toEqual(main.kpis);
    const spec = main.series.specReplicas;
    expect(reply.set.band.lo.length).toBe(spec.length);
    for (let i = 0; i < spec.length; i++) {
      expect(reply.set.band.lo[i]).toBeLessThanOrEqual(spec[i]!);
      expect(reply.set.band.hi[i]).toBeGreaterThanOrEqual(spec[i]!);
    }
    service.dispose();
  });

  it('says why when the text cannot be drawn', async () => {
    const { pool } = inThreadPool();
    const service = createDrawsService(pool, { lanes: 2 });
    expect(await service.run({ text: 'kind: nope', count: 2, seed: 1 })).toEqual({
      ok: false,
      error: 'the scenario is not valid',
    });
  });
});
