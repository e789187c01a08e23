import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from '../worker/api.ts';
import type { RunReply, SimulatorApi } from '../worker/protocol.ts';
import { fakeReply } from './testing/fakes.ts';
import {
  WARM_RUN_MS,
  WARM_UP_ATTEMPTS,
  WARM_UP_BUDGET_MS,
  WARM_UP_TARGET_ROUNDS,
  WARM_UP_ROUNDS,
  WARM_UP_RUN_ID,
  WARM_UP_SCENARIO,
  warmEnough,
  warmUpWith,
} from './warmUp.ts';

/**
 * An API whose runs answer at once, cancelled when `cancelled(n)` says so for the n-th run; the
 * n-th run's worker clock reads `ms(n)` (0: the fake's, a run too short to time).
 */
function countingApi(cancelled: (n: number) => boolean, ms: (n: number) => number = () => 0) {
  const runs: { runId: number; text: string }[] = [];
  const api = {
    run: async (runId: number, text: string): Promise<RunReply> => {
      runs.push({ runId, text });
      const reply = { ...fakeReply(runId, text), timings: { parseMs: 1, simulateMs: 0 } };
      reply.timings.simulateMs = ms(runs.length) - 1;
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

  it('goes on to WARM_UP_TARGET_ROUNDS runs: the JIT warms by runs, not by the clock', async () => {
    // Chromium's curve for the default scenario: slow runs, then fast ones (the JIT's work).
    const curve = [135, 85, 100, 88, 92, 67, 41, 47, 55, 65, 50, 17, 17, 18, 22, 15, 14];
    const { api, runs } = countingApi(
      () => false,
      (n) => curve[n - 1] ?? 12,
    );
    await warmUpWith('fallback')(
      api,
      () => 'mine',
      () => true,
      async () => {},
    );
    expect(runs).toHaveLength(WARM_UP_TARGET_ROUNDS);
  });

  it('stops sooner when the runs have taken WARM_UP_BUDGET_MS (a long scenario)', async () => {
    const { api, runs } = countingApi(
      () => false,
      () => 400,
    );
    await warmUpWith('fallback')(
      api,
      () => 'mine',
      () => true,
      async () => {},
    );
    expect(runs).toHaveLength(Math.ceil(WARM_UP_BUDGET_MS / 400));
    expect(runs.length).toBeLessThan(WARM_UP_TARGET_ROUNDS);
  });

  it('counts only whole runs toward the budget', async () => {
    // Every third run gives way (cancelled): its time is not the JIT's whole work.
    const { api, runs } = countingApi(
      (n) => n % 3 === 0,
      () => 300,
    );
    await warmUpWith('fallback')(
      api,
      () => null,
      () => true,
      async () => {},
    );
    const whole = WARM_UP_BUDGET_MS / 300;
    expect(runs).toHaveLength(whole + Math.floor((whole - 1) / 2));
  });

  it('stops at WARM_UP_TARGET_ROUNDS whole runs however much budget is left', () => {
    expect(warmEnough(Array(WARM_UP_TARGET_ROUNDS - 1).fill(5))).toBe(false);
    expect(warmEnough(Array(WARM_UP_TARGET_ROUNDS).fill(5))).toBe(true);
  });

  it('stops after WARM_UP_ROUNDS once a run is as short as WARM_RUN_MS: already warm', () => {
    expect(warmEnough([50, 30, 20, 10, WARM_RUN_MS])).toBe(true);
    expect(warmEnough([50, 30, 20, WARM_RUN_MS])).toBe(false);
    expect(warmEnough([50, 30, 20, 10, WARM_RUN_MS + 1])).toBe(false);
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
