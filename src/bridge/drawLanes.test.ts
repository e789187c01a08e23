import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeDraws, planScenario } from '../run/index.ts';
import { createSimulatorApi } from '../worker/api.ts';
import type { SimulatorApi } from '../worker/protocol.ts';
import { createDrawsService, drawBand, drawChunks } from './drawLanes.ts';
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
  it('cuts the draws into about four chunks a lane, every draw once', () => {
    expect(drawChunks(16, 2)).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
      [8, 9],
      [10, 11],
      [12, 13],
      [14, 15],
    ]);
    expect(drawChunks(5, 2)).toEqual([[0], [1], [2], [3], [4]]);
    expect(drawChunks(1, 2)).toEqual([[0]]);
    const big = drawChunks(256, 2);
    expect(big).toHaveLength(8);
    expect(big.flat()).toEqual(Array.from({ length: 256 }, (_, i) => i));
  });

  it('a slow lane takes fewer chunks: no lane waits on a fixed share of a slower one', async () => {
    const { pool, calls } = inThreadPool();
    // lane 0's first answer is held until lane 1 has answered every other chunk
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let made = 0;
    const slow = {
      lease<S>(setup: (api: SimulatorApi) => Promise<S>): Lease<S> {
        const lease = pool.lease(setup);
        const first = made++ === 0;
        let n = 0;
        return {
          ...lease,
          async call(job) {
            const r = await lease.call(job);
            if (first && n++ === 0) await held;
            return r;
          },
        };
      },
    } as unknown as WorkerPool;
    const service = createDrawsService(slow, { lanes: 2 });
    const done = service.run({ text: story, count: 8, seed: 3 });
    // let lane 1 drain the queue, then free lane 0
    for (let i = 0; i < 200 && calls.filter((c) => c === 1).length < 7; i++)
      await new Promise((r) => setTimeout(r, 0));
    release();
    const reply = await done;
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const [lane0, lane1] = reply.set.timing!.lanes;
    expect(lane0!.chunks).toBe(1);
    expect(lane1!.chunks).toBe(7);
    expect(reply.set.draws.map((d) => d.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    service.dispose();
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
