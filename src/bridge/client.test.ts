import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorApi } from '../worker/protocol.ts';
import { createClient } from './client.ts';
import { ControlledApi, FakeClock, FakeWorker } from './testing/fakes.ts';
import { SimulatorError, type BridgeStatus, type SimulatorClient } from './types.ts';

let client: SimulatorClient | null = null;
afterEach(() => client?.dispose());

function setup(options: { workerFails?: boolean } = {}) {
  const clock = new FakeClock();
  const workers: FakeWorker[] = [];
  const statuses: BridgeStatus[] = [];
  const fallback = new ControlledApi();
  let fallbackLoads = 0;
  client = createClient({
    createWorker: () => {
      if (options.workerFails) throw new Error('Worker is not defined');
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    loadFallbackApi: async (): Promise<SimulatorApi> => {
      fallbackLoads++;
      return fallback;
    },
    onStatus: (s) => statuses.push(s),
    clock,
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

  it('fails a run that crashed its worker twice', async () => {
    const { client, workers, statuses } = setup();
    const a = client.run('a');
    await workers[0]!.api.call(1);
    workers[0]!.crash('boom');
    await workers[1]!.api.call(1);
    workers[1]!.crash('boom');
    await expect(a).rejects.toThrow(SimulatorError);
    expect(statuses.map((s) => s.kind)).toEqual(['restarted', 'restarted']);
  });

  it('treats no reply within 20 s as a hang', async () => {
    const { client, clock, workers, statuses } = setup();
    const a = client.run('a');
    await workers[0]!.api.call(1);
    clock.advance(19_999);
    expect(statuses).toEqual([]);
    clock.advance(1);
    await expect(a).rejects.toThrow('The simulator did not answer within 20 s.');
    expect(statuses[0]?.kind).toBe('restarted');
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
  });

  it('falls back to the main thread after three failures in a row', async () => {
    const { client, clock, workers, statuses, fallback } = setup();
    const a = client.run('a');
    for (let i = 0; i < 3; i++) workers[i]!.crash('script error'); // a worker that cannot load
    expect(statuses.map((s) => s.kind)).toEqual(['restarted', 'restarted', 'fallback']);
    expect(statuses[2]!.message).toMatch(/3 times in a row.*main thread/);
    expect(workers).toHaveLength(3);
    await expect(a).rejects.toThrow(/stopped unexpectedly \(script error\)/);
    const b = client.run('b');
    clock.advance(0);
    (await fallback.call(1)).reply();
    expect((await b)?.parse.name).toBe('b');
  });

  it('counts only failures in a row: a delivered run resets the count', async () => {
    const { client, workers, statuses } = setup();
    const a = client.run('a');
    workers[0]!.crash('x');
    workers[1]!.crash('x');
    await expect(a).rejects.toThrow(SimulatorError);
    const b = client.run('b');
    (await workers[2]!.api.call(1)).reply();
    await b;
    workers[2]!.crash('x');
    expect(statuses.map((s) => s.kind)).toEqual(['restarted', 'restarted', 'restarted']);
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
