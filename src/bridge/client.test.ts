import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimulatorApi } from '../worker/protocol.ts';
import {
  createClient,
  KEEP_AFTER_RUNS,
  QUIET_MS,
  SPARE_QUIET_MS,
  STOP_GRACE_MS,
} from './client.ts';
import { ControlledApi, FakeClock, FakeWorker, SignalledFakeWorker } from './testing/fakes.ts';
import { WARM_UP_ROUNDS } from './warmUp.ts';
import { SimulatorError, type BridgeStatus, type SimulatorClient } from './types.ts';

let client: SimulatorClient | null = null;
afterEach(() => {
  client?.dispose();
  vi.unstubAllGlobals();
});

function setup(
  options: {
    workerFails?: boolean;
    warmUpText?: string;
    warmCurrent?: boolean;
    stopSignal?: boolean;
    warmUpAfter?: Promise<unknown>;
  } = {},
) {
  const clock = new FakeClock();
  const workers: FakeWorker[] = [];
  const statuses: BridgeStatus[] = [];
  const fallback = new ControlledApi();
  let fallbackLoads = 0;
  client = createClient({
    createWorker: () => {
      if (options.workerFails) throw new Error('Worker is not defined');
      // With a stop signal (a cross-origin isolated page's workers) or without.
      const w = options.stopSignal ? new SignalledFakeWorker() : new FakeWorker();
      workers.push(w);
      return w;
    },
    loadFallbackApi: async (): Promise<SimulatorApi> => {
      fallbackLoads++;
      return fallback;
    },
    onStatus: (s) => statuses.push(s),
    clock,
    warmUpText: options.warmUpText ?? null,
    ...(options.warmCurrent === undefined ? {} : { warmCurrent: options.warmCurrent }),
    ...(options.warmUpAfter === undefined ? {} : { warmUpAfter: options.warmUpAfter }),
  });
  return { client, clock, workers, statuses, fallback, fallbackLoads: () => fallbackLoads };
}

describe('simulator client: latest run wins', () => {
  it('delivers a reply, and detail/export go to the delivered run', async () => {
    const { client, workers } = setup();
    expect(await client.getSync(0)).toBeNull(); // nothing delivered yet
    const run = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    const reply = await run;
    expect(reply?.parse.name).toBe('a');
    expect(await client.getSync(4)).toMatchObject({ index: 4, sync: { time: reply!.runId } });
    expect(await client.exportCsv()).toBe(`run ${reply!.runId}`);
  });

  it('resolves superseded runs with null, skips waiting ones, and drops stale replies', async () => {
    const { client, workers } = setup();
    const a = client.run('a');
    const api = workers[0]!.api;
    const first = await api.call(1);
    const b = client.run('b');
    const c = client.run('c');
    expect(await a).toBeNull();
    expect(await b).toBeNull();
    first.reply(); // a's reply arrives late: dropped, and only then is 'c' sent
    const second = await api.call(2);
    expect(second.text).toBe('c');
    second.reply();
    expect((await c)?.parse.name).toBe('c');
    expect(api.calls.map((x) => x.text)).toEqual(['a', 'c']);
    expect(await client.exportCsv()).toBe(`run ${second.runId}`);
    expect(workers).toHaveLength(1);
  });

  it('lets a short run finish instead of restarting the worker', async () => {
    const { client, clock, workers } = setup();
    void client.run('a');
    const api = workers[0]!.api;
    const first = await api.call(1);
    clock.advance(50);
    const b = client.run('b');
    clock.advance(40);
    first.reply();
    (await api.call(2)).reply();
    expect((await b)?.parse.name).toBe('b');
    clock.advance(1000);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('terminates a run busy over 150 ms when a newer one arrives', async () => {
    const { client, clock, workers, statuses } = setup();
    const a = client.run('a');
    await workers[0]!.api.call(1);
    clock.advance(200);
    const b = client.run('b');
    expect(await a).toBeNull();
    expect(workers[0]!.terminated).toBe(true);
    const call = await workers[1]!.api.call(1);
    expect(call.text).toBe('b');
    call.reply();
    expect((await b)?.parse.name).toBe('b');
    expect(statuses).toEqual([]); // an interruption is not a failure
  });

  it('interrupts once the run in flight reaches 150 ms', async () => {
    const { client, clock, workers } = setup();
    void client.run('a');
    await workers[0]!.api.call(1);
    clock.advance(100);
    void client.run('b');
    clock.advance(49);
    expect(workers).toHaveLength(1);
    clock.advance(1);
    expect(workers[0]!.terminated).toBe(true);
    expect((await workers[1]!.api.call(1)).text).toBe('b');
  });

  it('lets a run of a scenario known to be short finish, up to twice its last time', async () => {
    const { client, clock, workers } = setup();
    const a = client.run('a');
    const api = workers[0]!.api;
    const first = await api.call(1);
    clock.advance(120); // this scenario runs in 120 ms here (a busy machine)
    first.reply();
    await a;
    void client.run('b');
    await api.call(2);
    clock.advance(100);
    void client.run('c');
    clock.advance(100); // 200 ms in: past 150 ms, but under twice the last run
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
    clock.advance(40); // 240 ms: something is wrong with this one, restart
    expect(workers[0]!.terminated).toBe(true);
    expect((await workers[1]!.api.call(1)).text).toBe('c');
  });

  it('interrupts at 150 ms after a long run, however long that took', async () => {
    const { client, clock, workers } = setup();
    const a = client.run('week');
    const first = await workers[0]!.api.call(1);
    clock.advance(4000);
    first.reply();
    await a;
    void client.run('b');
    await workers[0]!.api.call(2);
    clock.advance(100);
    void client.run('c');
    clock.advance(50);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('cancel() drops the run and replaces its worker', async () => {
    const { client, workers } = setup();
    const a = client.run('a');
    await workers[0]!.api.call(1);
    client.cancel();
    expect(await a).toBeNull();
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2); // started ahead, ready for the next run
  });
});

describe('simulator client: a run stopped through the stop signal, its worker kept', () => {
  const interrupts = (w: FakeWorker | undefined) => (w as SignalledFakeWorker).interrupts;
  /** The client's worker runs KEEP_AFTER_RUNS texts to their end: it is warm. */
  async function warm(client: SimulatorClient, workers: FakeWorker[]) {
    for (let n = 1; n <= KEEP_AFTER_RUNS; n++) {
      const run = client.run(`warm ${n}`);
      (await workers[0]!.api.call(n)).reply();
      await run;
    }
  }
  const W = KEEP_AFTER_RUNS; // run calls the worker answered before each test's own
  /** A second later the spare starts: it answers its warm-up rounds. */
  async function warmSpare(clock: FakeClock, workers: FakeWorker[]) {
    clock.advance(1000);
    for (let n = 1; n <= WARM_UP_ROUNDS; n++) (await workers[1]!.api.call(n)).reply();
  }

  it('stops a long run on a warm worker and posts the newer one to it: no take-over', async () => {
    const { client, clock, workers, statuses } = setup({ stopSignal: true, warmUpText: 'tiny' });
    await warm(client, workers);
    await warmSpare(clock, workers);
    void client.run('slow');
    const slow = await workers[0]!.api.call(W + 1);
    clock.advance(200);
    const b = client.run('b'); // 'slow' has run 200 ms: interrupted
    expect(interrupts(workers[0])).toEqual([slow.runId + 1]); // runs below b's id stop
    expect(workers[0]!.terminated).toBe(false);
    const next = await workers[0]!.api.call(W + 2);
    expect(next.text).toBe('b');
    slow.reply({ error: 'cancelled' }); // it stopped at its next sync
    next.reply();
    expect((await b)?.parse.name).toBe('b');
    expect(await client.exportCsv()).toBe(`run ${next.runId}`);
    // The spare stayed the spare: no run on it, no other worker started.
    clock.advance(5000);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.api.calls).toHaveLength(WARM_UP_ROUNDS);
    expect(statuses).toEqual([]);
  });

  it('a worker not yet warm gives way to the spare, stop signal or not', async () => {
    const { client, clock, workers } = setup({ stopSignal: true, warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    await warmSpare(clock, workers);
    void client.run('slow');
    await workers[0]!.api.call(2);
    clock.advance(200);
    void client.run('b');
    expect(interrupts(workers[0])).toEqual([]);
    expect(workers[0]!.terminated).toBe(true);
    expect((await workers[1]!.api.call(WARM_UP_ROUNDS + 1)).text).toBe('b');
  });

  it("counts a taken spare's warm-up runs: it is kept at its first interrupt", async () => {
    const { client, clock, workers } = setup({ stopSignal: true, warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    await warmSpare(clock, workers);
    void client.run('slow');
    await workers[0]!.api.call(2);
    clock.advance(200);
    void client.run('slow again'); // the cold worker is replaced by the spare
    const onSpare = await workers[1]!.api.call(WARM_UP_ROUNDS + 1);
    clock.advance(200);
    const c = client.run('c'); // the spare, warm by its warm-up runs, is kept
    expect(interrupts(workers[1])).toEqual([onSpare.runId + 1]);
    expect(workers[1]!.terminated).toBe(false);
    const next = await workers[1]!.api.call(WARM_UP_ROUNDS + 2);
    expect(next.text).toBe('c');
    onSpare.reply({ error: 'cancelled' });
    next.reply();
    expect((await c)?.parse.name).toBe('c');
  });

  it('replaces the worker after all when the stopped run does not answer in time', async () => {
    const { client, clock, workers } = setup({ stopSignal: true });
    await warm(client, workers);
    void client.run('slow');
    await workers[0]!.api.call(W + 1);
    clock.advance(200);
    const b = client.run('b');
    await workers[0]!.api.call(W + 2); // queued behind 'slow'
    clock.advance(STOP_GRACE_MS - 1);
    expect(workers[0]!.terminated).toBe(false);
    clock.advance(1);
    expect(workers[0]!.terminated).toBe(true);
    const moved = await workers[1]!.api.call(1);
    expect(moved.text).toBe('b');
    // Moved, not retried: a crash there still gets its one retry.
    workers[1]!.crash('out of memory');
    const retried = await workers[2]!.api.call(1);
    expect(retried.text).toBe('b');
    retried.reply();
    expect((await b)?.parse.name).toBe('b');
  });

  it('keeps the worker through a quick stop, so the next interrupt uses the signal again', async () => {
    const { client, clock, workers } = setup({ stopSignal: true });
    await warm(client, workers);
    void client.run('slow');
    const slow = await workers[0]!.api.call(W + 1);
    clock.advance(200);
    void client.run('b');
    const b = await workers[0]!.api.call(W + 2);
    const seen = workers[0]!.replyCount;
    slow.reply({ error: 'cancelled' });
    await workers[0]!.received(seen + 1); // the stopped run's reply, handled
    const c = client.run('c'); // 'b' is now the one running long
    clock.advance(150);
    expect(interrupts(workers[0])).toEqual([W + 2, W + 3]);
    const third = await workers[0]!.api.call(W + 3);
    expect(third.text).toBe('c');
    b.reply({ error: 'cancelled' });
    third.reply();
    expect((await c)?.parse.name).toBe('c');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('a second interrupt while the first run is still stopping replaces the worker', async () => {
    const { client, clock, workers } = setup({ stopSignal: true, warmUpText: 'tiny' });
    await warm(client, workers);
    void client.run('slow');
    await workers[0]!.api.call(W + 1);
    clock.advance(200);
    void client.run('b');
    expect(interrupts(workers[0])).toEqual([W + 2]);
    const c = client.run('c');
    clock.advance(STOP_GRACE_MS); // neither answered: the worker is replaced, 'c' goes on
    expect(workers[0]!.terminated).toBe(true);
    const moved = await workers[workers.length - 1]!.api.call(1);
    expect(moved.text).toBe('c');
    moved.reply();
    expect((await c)?.parse.name).toBe('c');
  });

  it('a crash while the run stops retries the newer run on a fresh worker', async () => {
    const { client, clock, workers, statuses } = setup({ stopSignal: true });
    await warm(client, workers);
    void client.run('slow');
    await workers[0]!.api.call(W + 1);
    clock.advance(200);
    const b = client.run('b');
    await workers[0]!.api.call(W + 2);
    workers[0]!.crash('out of memory');
    expect(statuses.map((s) => s.kind)).toEqual(['restarted']);
    const retried = await workers[1]!.api.call(1);
    expect(retried.text).toBe('b');
    retried.reply();
    expect((await b)?.parse.name).toBe('b');
    clock.advance(STOP_GRACE_MS); // the stop's timer went with the worker
    expect(workers).toHaveLength(2);
    expect(workers[1]!.terminated).toBe(false);
  });
});

describe('simulator client: failures', () => {
  it('restarts a crashed worker, reports it, and retries the run once', async () => {
    const { client, workers, statuses } = setup();
    const a = client.run('a');
    await workers[0]!.api.call(1);
    workers[0]!.crash('out of memory');
    expect(statuses).toEqual([
      {
        kind: 'restarted',
        message: 'The simulator stopped unexpectedly (out of memory) and was restarted.',
      },
    ]);
    (await workers[1]!.api.call(1)).reply();
    expect((await a)?.parse.name).toBe('a');
  });

  it('fails a run that crashed two started workers, saying the scenario is too costly', async () => {
    const { client, workers, statuses } = setup();
    const a = client.run('a');
    await workers[0]!.api.call(1);
    await workers[0]!.started(); // it answered its start probe: the run itself crashed it
    workers[0]!.crash('boom');
    await workers[1]!.api.call(1);
    await workers[1]!.started();
    workers[1]!.crash('boom');
    await expect(a).rejects.toThrow(/stopped unexpectedly twice.*too costly.*spec\.duration/);
    expect(statuses.map((s) => s.kind)).toEqual(['restarted', 'restarted']);
  });

  it('treats no reply within 20 s as a scenario too costly: restart, say what to change', async () => {
    const { client, clock, workers, statuses } = setup();
    const a = client.run('a');
    await workers[0]!.api.call(1);
    clock.advance(19_999);
    expect(statuses).toEqual([]);
    clock.advance(1);
    await expect(a).rejects.toThrow(
      /did not answer within 20 s: this scenario is too costly.*spec\.duration.*Your draft is kept/,
    );
    expect(statuses).toEqual([{ kind: 'restarted', message: expect.stringMatching(/too costly/) }]);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
  });

  it('never moves work to the main thread after timeouts, however many', async () => {
    const { client, clock, workers, statuses, fallbackLoads } = setup();
    for (let i = 0; i < 5; i++) {
      const run = client.run(`slow ${i}`);
      await workers[i]!.api.call(1);
      clock.advance(20_000);
      await expect(run).rejects.toThrow(SimulatorError);
    }
    expect(statuses.map((s) => s.kind)).toEqual(Array(5).fill('restarted'));
    expect(fallbackLoads()).toBe(0);
    const next = client.run('small');
    (await workers[5]!.api.call(1)).reply(); // still a worker
    expect((await next)?.parse.name).toBe('small');
  });

  it('never falls back when started workers crash, however often', async () => {
    const { client, workers, statuses, fallbackLoads } = setup();
    for (let i = 0; i < 4; i++) {
      const run = client.run(`heavy ${i}`);
      await workers[2 * i]!.api.call(1);
      await workers[2 * i]!.started();
      workers[2 * i]!.crash('out of memory');
      await workers[2 * i + 1]!.api.call(1);
      await workers[2 * i + 1]!.started();
      workers[2 * i + 1]!.crash('out of memory');
      await expect(run).rejects.toThrow(/too costly/);
    }
    expect(statuses.every((s) => s.kind === 'restarted')).toBe(true);
    expect(fallbackLoads()).toBe(0);
  });

  it('falls back to the main thread when workers fail to start three times in a row', async () => {
    const { client, clock, workers, statuses, fallback } = setup();
    const a = client.run('a');
    for (let i = 0; i < 3; i++) workers[i]!.crash('script error'); // a worker that cannot load
    expect(statuses.map((s) => s.kind)).toEqual(['restarted', 'restarted', 'fallback']);
    expect(statuses[2]!.message).toMatch(/failed to start 3 times in a row.*main thread/);
    expect(workers).toHaveLength(3);
    await expect(a).rejects.toThrow('The simulator could not start (script error).');
    const b = client.run('b');
    clock.advance(0);
    (await fallback.call(1)).reply();
    expect((await b)?.parse.name).toBe('b');
  });

  it('falls back at once when no worker can be created', async () => {
    const { client, clock, statuses, fallback, fallbackLoads } = setup({ workerFails: true });
    const a = client.run('a');
    expect(statuses).toEqual([
      {
        kind: 'fallback',
        message:
          'The simulator could not start a worker (Worker is not defined); it runs on the main thread, so the page may pause during long runs.',
      },
    ]);
    clock.advance(0);
    (await fallback.call(1)).reply();
    expect((await a)?.parse.name).toBe('a');
    const b = client.run('b');
    clock.advance(0);
    (await fallback.call(2)).reply();
    await b;
    expect(fallbackLoads()).toBe(1);
  });

  it('answers pending detail requests with null when the worker is replaced', async () => {
    const { client, clock, workers } = setup();
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    void client.run('b');
    await workers[0]!.api.call(2);
    const detail = client.getSync(0); // queued behind the run in the worker
    clock.advance(200);
    void client.run('c'); // interrupts b
    expect(await detail).toBeNull();
  });

  it('dispose() settles everything with null and stops the worker', async () => {
    const { client, workers } = setup();
    const a = client.run('a');
    const b = client.run('b');
    client.dispose();
    expect(await a).toBeNull();
    expect(await b).toBeNull();
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.run('c')).toBeNull();
  });
});

describe('simulator client: a warm spare worker', () => {
  it('starts a spare a second after the first delivered run, warmed by runs of that text', async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    expect(workers).toHaveLength(1); // nothing competes with the first run
    (await workers[0]!.api.call(1)).reply();
    await a;
    clock.advance(999);
    expect(workers).toHaveLength(1); // the page is still loading
    clock.advance(1);
    expect(workers).toHaveLength(2);
    // The user's scenario ran quickly: the spare warms up on it, WARM_UP_ROUNDS times.
    const spare = workers[1]!.api;
    for (let n = 1; n <= WARM_UP_ROUNDS; n++) {
      const warm = await spare.call(n);
      expect({ runId: warm.runId, text: warm.text }).toEqual({ runId: 0, text: 'a' });
      warm.reply();
    }
  });

  it("warms a spare on its own tiny scenario when the user's runs are long", async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('week');
    const first = await workers[0]!.api.call(1);
    clock.advance(2000); // a run of two seconds: three more would load the machine
    first.reply({ timings: { parseMs: 20, simulateMs: 1980 } });
    await a;
    clock.advance(1000);
    const warm = await workers[1]!.api.call(1);
    expect({ runId: warm.runId, text: warm.text }).toEqual({ runId: 0, text: 'tiny' });
  });

  it("warms on the user's text after a run of up to a second where warm-up runs give way", async () => {
    // A cross-origin isolated page: its warm-up runs stop at the next sync for a real run.
    for (const isolated of [true, false]) {
      vi.stubGlobal('crossOriginIsolated', isolated);
      // The spare alone (the current worker's own warm-up would come first, see below).
      const { client, clock, workers } = setup({ warmUpText: 'tiny', warmCurrent: false });
      const a = client.run('a');
      const first = await workers[0]!.api.call(1);
      clock.advance(900); // a loaded machine's 24 h run, by the worker's own clock
      first.reply({ timings: { parseMs: 40, simulateMs: 860 } });
      await a;
      clock.advance(1000);
      const warm = await workers[1]!.api.call(1);
      expect({ isolated, text: warm.text }).toEqual({ isolated, text: isolated ? 'a' : 'tiny' });
      client.dispose();
      vi.unstubAllGlobals();
    }
  });

  it("judges the user's run by the worker's own time, not the first run's start-up", async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    const first = await workers[0]!.api.call(1);
    clock.advance(600); // posted → answered: the worker's start-up, then a cold run
    first.reply({ timings: { parseMs: 30, simulateMs: 160 } }); // the run itself: short
    await a;
    clock.advance(1000);
    const warm = await workers[1]!.api.call(1);
    expect({ runId: warm.runId, text: warm.text }).toEqual({ runId: 0, text: 'a' });
  });

  it('continues an interrupted run on the warm spare, and makes a new spare', async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    clock.advance(1000);
    for (let n = 1; n <= WARM_UP_ROUNDS; n++) (await workers[1]!.api.call(n)).reply(); // warm
    void client.run('slow');
    await workers[0]!.api.call(2);
    clock.advance(200);
    const b = client.run('b'); // interrupts 'slow'
    expect(workers[0]!.terminated).toBe(true);
    const onSpare = await workers[1]!.api.call(WARM_UP_ROUNDS + 1);
    expect(onSpare.text).toBe('b');
    // No new worker while 'b' runs: starting one would compete with it for the cores.
    await new Promise((r) => setTimeout(r, 5));
    expect(workers).toHaveLength(2);
    onSpare.reply();
    expect((await b)?.parse.name).toBe('b');
    clock.advance(QUIET_MS - 1);
    expect(workers).toHaveLength(2); // the user may still be typing
    clock.advance(1);
    expect(workers).toHaveLength(3); // the next spare, once the user paused after 'b'
    expect((await workers[2]!.api.call(1)).text).toBe('b'); // on the last delivered text
  });

  it('starts and warms a spare only while the user pauses, never between keystrokes', async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const type = async (text: string, n: number) => {
      const run = client.run(text);
      (await workers[0]!.api.call(n)).reply();
      await run;
    };
    await type('a', 1);
    clock.advance(900);
    await type('ab', 2); // a keystroke 100 ms before the spare was due
    clock.advance(100 + QUIET_MS - 101);
    expect(workers).toHaveLength(1); // due, but the user typed 499 ms ago
    clock.advance(1);
    expect(workers).toHaveLength(2);
    const spare = workers[1]!.api;
    (await spare.call(1)).reply(); // first warm-up run: the user is still away
    await Promise.resolve();
    await type('abc', 3); // typing again: the next warm-up run waits for the next pause
    await new Promise((r) => setTimeout(r, 5));
    expect(spare.calls).toHaveLength(1);
    clock.advance(QUIET_MS - 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(spare.calls).toHaveLength(1);
    clock.advance(1);
    const second = await spare.call(2);
    expect({ runId: second.runId, text: second.text }).toEqual({ runId: 0, text: 'abc' });
  });

  it('a spare taken while it warms up stops warming: the real run comes next', async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    clock.advance(1000);
    const round = await workers[1]!.api.call(1); // the first warm-up run, still going
    void client.run('slow');
    await workers[0]!.api.call(2);
    clock.advance(200);
    const b = client.run('b'); // interrupts 'slow': the spare is taken mid-warm-up
    round.reply();
    const next = await workers[1]!.api.call(2);
    expect(next.text).toBe('b');
    next.reply();
    expect((await b)?.parse.name).toBe('b');
    expect(workers[1]!.api.calls.map((c) => c.text)).toEqual(['a', 'b']);
  });

  it('warms the first worker too once it answered, and a real run makes its warm-up give way', async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny', warmCurrent: true });
    const a = client.run('a');
    const api = workers[0]!.api;
    (await api.call(1)).reply();
    await a;
    await new Promise((r) => setTimeout(r, 5));
    expect(api.calls).toHaveLength(1); // the user may still be typing
    clock.advance(QUIET_MS);
    const round = await api.call(2);
    expect({ runId: round.runId, text: round.text }).toEqual({ runId: 0, text: 'a' });
    expect(workers[0]!.warmUpYields).toEqual([false]);
    const b = client.run('b'); // posted behind the warm-up run, which stops at its next sync
    const real = await api.call(3);
    expect({ text: real.text, yields: workers[0]!.warmUpYields }).toEqual({
      text: 'b',
      yields: [false, true],
    });
    round.reply({ error: 'cancelled' });
    real.reply();
    expect((await b)?.parse.name).toBe('b');
    // The rounds go on in the next pause, on the last delivered text, up to WARM_UP_ROUNDS whole.
    clock.advance(QUIET_MS);
    for (let n = 0; n < WARM_UP_ROUNDS; n++) {
      const next = await api.call(4 + n);
      expect({ runId: next.runId, text: next.text }).toEqual({ runId: 0, text: 'b' });
      next.reply();
    }
    await new Promise((r) => setTimeout(r, 5));
    clock.advance(10 * QUIET_MS);
    await new Promise((r) => setTimeout(r, 5));
    expect(api.calls).toHaveLength(3 + WARM_UP_ROUNDS);
  });

  /**
   * A client whose current worker warms itself: run 'a' delivered, then, in the pause after it,
   * `rounds` of that worker's warm-up rounds answered.
   */
  async function currentWarmedFor(rounds: number) {
    const s = setup({ warmUpText: 'tiny', warmCurrent: true });
    const a = s.client.run('a');
    const api = s.workers[0]!.api;
    (await api.call(1)).reply();
    await a;
    s.clock.advance(QUIET_MS);
    for (let n = 0; n < rounds; n++) (await api.call(2 + n)).reply();
    return { ...s, api };
  }

  it("the first spare waits for the current worker's warm-up, then for a long pause", async () => {
    const { clock, workers, api } = await currentWarmedFor(WARM_UP_ROUNDS - 1);
    clock.advance(10 * SPARE_QUIET_MS); // the current worker's last round is left: no spare
    await new Promise((r) => setTimeout(r, 5));
    expect(workers).toHaveLength(1);
    (await api.call(1 + WARM_UP_ROUNDS)).reply();
    await new Promise((r) => setTimeout(r, 5));
    clock.advance(0); // the user has long paused: the spare starts now, and warms up
    expect(workers).toHaveLength(2);
    expect((await workers[1]!.api.call(1)).runId).toBe(0);
  });

  it('the first spare waits SPARE_QUIET_MS after the last run or detail asked for', async () => {
    const { client, clock, workers } = await currentWarmedFor(WARM_UP_ROUNDS);
    await new Promise((r) => setTimeout(r, 5));
    expect(await client.getSync(3)).not.toBeNull(); // a playback step, at QUIET_MS
    clock.advance(SPARE_QUIET_MS - 1);
    expect(workers).toHaveLength(1);
    clock.advance(QUIET_MS);
    expect(workers).toHaveLength(2);
  });

  it('where the current worker warms itself, a cold one is kept when no spare is ready', async () => {
    const { client, clock, workers } = setup({
      stopSignal: true,
      warmUpText: 'tiny',
      warmCurrent: true,
    });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    void client.run('slow');
    const slow = await workers[0]!.api.call(2);
    clock.advance(200);
    const b = client.run('b'); // one run done (< KEEP_AFTER_RUNS), but a new worker is colder
    expect((workers[0] as SignalledFakeWorker).interrupts).toEqual([slow.runId + 1]);
    expect(workers[0]!.terminated).toBe(false);
    const next = await workers[0]!.api.call(3);
    expect(next.text).toBe('b');
    slow.reply({ error: 'cancelled' });
    next.reply();
    expect((await b)?.parse.name).toBe('b');
    expect(workers).toHaveLength(1);
  });

  it("waits for the page's start-up (warmUpAfter) before any warm-up run", async () => {
    let startedUp: () => void = () => {};
    const { client, clock, workers } = setup({
      warmUpText: 'tiny',
      warmCurrent: true,
      warmUpAfter: new Promise<void>((resolve) => (startedUp = resolve)),
    });
    const a = client.run('a');
    const api = workers[0]!.api;
    (await api.call(1)).reply();
    await a;
    clock.advance(10 * QUIET_MS);
    await new Promise((r) => setTimeout(r, 5));
    expect(api.calls).toHaveLength(1); // the editor is not made yet
    startedUp();
    await new Promise((r) => setTimeout(r, 5));
    const round = await api.call(2);
    expect({ runId: round.runId, text: round.text }).toEqual({ runId: 0, text: 'a' });
  });

  it("waits for a pause in details asked for too: a playback's steps come first", async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny', warmCurrent: true });
    const a = client.run('a');
    const api = workers[0]!.api;
    (await api.call(1)).reply();
    await a;
    clock.advance(QUIET_MS - 100);
    expect(await client.getSync(3)).not.toBeNull(); // a playback step
    clock.advance(100);
    await new Promise((r) => setTimeout(r, 5));
    expect(api.calls).toHaveLength(1); // runs paused, details not yet
    clock.advance(QUIET_MS - 100);
    const round = await api.call(2);
    expect({ runId: round.runId, text: round.text }).toEqual({ runId: 0, text: 'a' });
  });

  it('does not warm the current worker where warm-up runs cannot give way', async () => {
    vi.stubGlobal('crossOriginIsolated', false);
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    clock.advance(5 * QUIET_MS);
    await new Promise((r) => setTimeout(r, 5));
    expect(workers[0]!.api.calls).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('retries a crashed run on the spare, and drops a spare that crashes itself', async () => {
    const { client, clock, workers, statuses } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    clock.advance(1000);
    workers[1]!.crash('spare failed'); // silently replaced later, never reported
    expect(workers[1]!.terminated).toBe(true);
    expect(statuses).toEqual([]);
    const b = client.run('b');
    (await workers[0]!.api.call(2)).reply();
    await b;
    clock.advance(1000);
    expect(workers).toHaveLength(3); // a new spare after the next delivered run
    const c = client.run('c');
    await workers[0]!.api.call(3);
    workers[0]!.crash('out of memory');
    // The retry ran on the spare (which had waited to warm up: 'c' was in flight all along).
    const retry = await workers[2]!.api.call(1);
    expect(retry.text).toBe('c');
    retry.reply();
    expect((await c)?.parse.name).toBe('c');
  });

  it('dispose() before the first spare starts means no spare', async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    client.dispose();
    clock.advance(5000);
    expect(workers).toHaveLength(1);
  });

  it('dispose() stops the spare too', async () => {
    const { client, clock, workers } = setup({ warmUpText: 'tiny' });
    const a = client.run('a');
    (await workers[0]!.api.call(1)).reply();
    await a;
    clock.advance(1000);
    client.dispose();
    expect(workers.map((w) => w.terminated)).toEqual([true, true]);
  });
});
