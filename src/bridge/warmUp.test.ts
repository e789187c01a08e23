import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from '../worker/api.ts';
import type { RunReply, SimulatorApi } from '../worker/protocol.ts';
import { fakeReply } from './testing/fakes.ts';
import {
  WARM_UP_ATTEMPTS,
  WARM_UP_ROUNDS,
  WARM_UP_RUN_ID,
  WARM_UP_SCENARIO,
  warmUpWith,
} from './warmUp.ts';

/** An API whose runs answer at once, cancelled when `cancelled(n)` says so for the n-th run. */
function countingApi(cancelled: (n: number) => boolean) {
  const runs: { runId: number; text: string }[] = [];
  const api = {
    run: async (runId: number, text: string): Promise<RunReply> => {
      runs.push({ runId, text });
      const reply = fakeReply(runId, text);
      return cancelled(runs.length) ? { ...reply, error: 'cancelled' } : reply;
    },
  } as unknown as SimulatorApi;
  return { api, runs };
}

describe("a spare's warm-up", () => {
  it("runs the user's text WARM_UP_ROUNDS times, each after the idle wait", async () => {
    const { api, runs } = countingApi(() => false);
    let idles = 0;
    await warmUpWith('fallback')(
      api,
      () => 'mine',
      () => true,
      async () => void idles++,
    );
    expect(runs).toEqual(Array(WARM_UP_ROUNDS).fill({ runId: WARM_UP_RUN_ID, text: 'mine' }));
    expect(idles).toBe(WARM_UP_ROUNDS);
  });

  it('runs again a run that gave way to a real run: only whole runs count', async () => {
    const { api, runs } = countingApi((n) => n === 2 || n === 3);
    await warmUpWith('fallback')(
      api,
      () => null,
      () => true,
      async () => {},
    );
    expect(runs).toHaveLength(WARM_UP_ROUNDS + 2);
    expect(runs.every((r) => r.text === 'fallback')).toBe(true);
  });

  it('gives up after WARM_UP_ATTEMPTS runs when every one gives way', async () => {
    const { api, runs } = countingApi(() => true);
    await warmUpWith('fallback')(
      api,
      () => null,
      () => true,
      async () => {},
    );
    expect(runs).toHaveLength(WARM_UP_ATTEMPTS);
  });

  it('stops once the spare is taken', async () => {
    const { api, runs } = countingApi(() => false);
    await warmUpWith('fallback')(
      api,
      () => null,
      () => runs.length < 2,
      async () => {},
    );
    expect(runs).toHaveLength(2);
  });
});

describe('the warm-up scenario', () => {
  it('is a valid scenario the engine simulates (so warming up really runs the engine)', async () => {
    const reply = await createSimulatorApi().run(1, WARM_UP_SCENARIO);
    expect(reply.parse.diagnostics).toEqual([]);
    expect(reply.error).toBeNull();
    expect(reply.runs[0]?.result?.series.time.length).toBe(481);
    expect(reply.runs[0]?.result?.kpis.scaleEvents).toBeGreaterThan(1); // scales up and down: more code paths
  });

  it('runs below every real run id, so a real run always replaces it', () => {
    expect(WARM_UP_RUN_ID).toBeLessThan(1);
  });

  it('replies without its runs and keeps nothing: the page would only drop them', async () => {
    const api = createSimulatorApi();
    const reply = await api.run(WARM_UP_RUN_ID, WARM_UP_SCENARIO);
    expect(reply.error).toBeNull();
    expect(reply.parse.ok).toBe(true);
    expect(reply.timings.simulateMs).toBeGreaterThan(0); // it did simulate
    expect(reply.runs).toEqual([]);
    expect(await api.exportCsv(WARM_UP_RUN_ID)).toBeNull();
  });
});
