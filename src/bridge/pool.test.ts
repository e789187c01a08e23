// The pool and a search over it, with the real simulator API behind real comlink (a
// MessageChannel per fake worker): a worker lost mid-search is replaced and prepared again, its
// candidate retried or kept with a plain error, and the search goes on; cancel aborts the jobs.

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/index.ts';
import { LaneError, type LaneIncident } from '../tune/feed.ts';
import {
  localEvaluator,
  podHoursObjective,
  prepareSearch,
  search,
  type Goals,
} from '../tune/index.ts';
import { shortDefaultText } from '../tune/testing/fixture.ts';
import { createSimulatorApi } from '../worker/api.ts';
import type { SimulatorApi } from '../worker/protocol.ts';
import { createWorkerPool, type WorkerPool } from './pool.ts';
import { openSearch } from './searchLanes.ts';
import { ControlledApi, FakeClock, FakeWorker } from './testing/fakes.ts';

const defaultYaml = readFileSync(new URL('../presets/default.yaml', import.meta.url), 'utf8');
// Two hours: a candidate runs in milliseconds.
const text = shortDefaultText(defaultYaml, 2);
const request = { text, maxWork: 20_000_000 };
const goals: Goals = {
  constraints: [{ flag: 'max-unmet-demand-percent', limit: 0.5 }],
  objective: podHoursObjective(),
};
const options = { seed: 3, budget: 8, generationSize: 8 };

/** What a worker does when asked to evaluate: answer, or hold the call (then crash or hang). */
type Plan = (call: number) => 'answer' | 'hold';

/** A fake worker running the real API; `plan` decides each evaluate call's fate. */
class RealWorker extends FakeWorker {
  prepares = 0;
  evaluates = 0;
  /** resolves when a call is held */
  held: Promise<void>;
  private onHeld = () => {};

  constructor(plan: Plan = () => 'answer') {
    const real = createSimulatorApi();
    const box: { self: RealWorker | null } = { self: null };
    const exposed: SimulatorApi = {
      ...real,
      prepareSearch: (slot, r) => {
        box.self!.prepares++;
        return real.prepareSearch(slot, r);
      },
      evaluate: (slot, patch) => {
        const self = box.self!;
        if (plan(++self.evaluates) === 'hold') {
          self.onHeld();
          return new Promise(() => {});
        }
        return real.evaluate(slot, patch);
      },
    };
    super(new ControlledApi(), exposed);
    box.self = this;
    this.held = new Promise((r) => (this.onHeld = r));
  }
}

let pool: WorkerPool | null = null;
afterEach(() => pool?.dispose());

function setup(plans: Plan[] = [], extra: { clock?: FakeClock; fails?: boolean } = {}) {
  const workers: RealWorker[] = [];
  pool = createWorkerPool({
    createWorker: () => {
      if (extra.fails) throw new Error('Worker is not defined');
      const w = new RealWorker(plans[workers.length]);
      workers.push(w);
      return w;
    },
    loadFallbackApi: async () => createSimulatorApi(),
    ...(extra.clock ? { clock: extra.clock } : {}),
  });
  return { pool, workers };
}

/** The same search on this thread, every candidate run alone. */
async function expected() {
  const p = prepareSearch(parseScenario(text), request.maxWork);
  if (!p.ok) throw new Error(p.error);
  return search(p.search.base, goals, options, localEvaluator(p.search.evaluate));
}

describe('a search on the pool', () => {
  it('prepares each worker once and gives the answer this thread gives', async () => {
    const { pool, workers } = setup();
    const abort = new AbortController();
    const opened = await openSearch(pool, request, { workers: 2, signal: abort.signal });
    if (!opened.ok) throw new Error(opened.error);
    const r = await search(opened.session.base, goals, options, opened.session.evaluate);
    opened.session.close();
    expect(r).toEqual(await expected());
    expect(workers.map((w) => w.prepares)).toEqual([1, 1]);
    expect(workers.map((w) => w.evaluates).reduce((a, b) => a + b)).toBe(8);
  });

  it('replaces a worker that dies mid-search, prepares the new one, retries the candidate', async () => {
    // The second worker holds its second candidate, then crashes.
    const { pool, workers } = setup([() => 'answer', (n) => (n === 2 ? 'hold' : 'answer')]);
    const incidents: LaneIncident[] = [];
    const abort = new AbortController();
    const opened = await openSearch(pool, request, {
      workers: 2,
      signal: abort.signal,
      onIncident: (i) => incidents.push(i),
    });
    if (!opened.ok) throw new Error(opened.error);
    const running = search(opened.session.base, goals, options, opened.session.evaluate);
    await workers[1]!.held;
    workers[1]!.crash('out of memory');
    const r = await running;
    opened.session.close();
    expect(r).toEqual(await expected()); // every candidate answered, the same search
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.message).toMatch(
      /^candidate \d+: the simulator stopped while running it \(out of memory\); it was restarted/,
    );
    expect(workers).toHaveLength(3);
    expect(workers[1]!.terminated).toBe(true);
    expect(workers[2]!.prepares).toBe(1); // the replacement was prepared before its first job
  });

  it('keeps a candidate that kills its worker twice with a plain error, and goes on', async () => {
    const hold: Plan = () => 'hold';
    const { pool, workers } = setup([hold, hold, () => 'answer']);
    const opened = await openSearch(pool, request, {
      workers: 1,
      signal: new AbortController().signal,
    });
    if (!opened.ok) throw new Error(opened.error);
    const running = search(opened.session.base, goals, options, opened.session.evaluate);
    await workers[0]!.held;
    workers[0]!.crash('out of memory');
    while (workers.length < 2) await new Promise((r) => setTimeout(r, 1));
    await workers[1]!.held;
    workers[1]!.crash('out of memory');
    const r = await running;
    opened.session.close();
    expect(r.candidates).toHaveLength(8);
    expect(r.candidates[0]!.error).toMatch(
      /^candidate 0: the simulator stopped twice while running it \(out of memory\)/,
    );
    expect(r.candidates.slice(1).every((c) => c.kpis !== null || c.error !== null)).toBe(true);
    expect(r.candidates.filter((c) => c.kpis).length).toBeGreaterThan(4);
  });

  it('fails a candidate with no answer in 20 s, restarts its worker and goes on', async () => {
    const clock = new FakeClock();
    const { pool, workers } = setup([(n) => (n === 1 ? 'hold' : 'answer')], { clock });
    const opened = await openSearch(pool, request, {
      workers: 1,
      signal: new AbortController().signal,
    });
    if (!opened.ok) throw new Error(opened.error);
    const running = search(opened.session.base, goals, options, opened.session.evaluate);
    await workers[0]!.held;
    clock.advance(19_999);
    expect(workers[0]!.terminated).toBe(false);
    clock.advance(1);
    const r = await running;
    opened.session.close();
    expect(r.candidates[0]!.error).toBe(
      'candidate 0: no answer within 20 s (too costly to simulate here); its worker was restarted and the search went on without it',
    );
    expect(workers[0]!.terminated).toBe(true);
    expect(r.candidates.slice(1).every((c) => c.kpis !== null)).toBe(true);
  });

  it('cancel aborts the jobs in flight: their workers are terminated and the search ends cancelled', async () => {
    const { pool, workers } = setup([() => 'hold', () => 'hold']);
    const abort = new AbortController();
    const opened = await openSearch(pool, request, { workers: 2, signal: abort.signal });
    if (!opened.ok) throw new Error(opened.error);
    const running = search(opened.session.base, goals, options, opened.session.evaluate, {
      signal: abort.signal,
    });
    await Promise.all(workers.map((w) => w.held));
    abort.abort();
    const r = await running;
    opened.session.close();
    expect(r.cancelled).toBe(true);
    expect(r.candidates).toEqual([]);
    expect(workers.map((w) => w.terminated)).toEqual([true, true]);
  });

  it('says why a text cannot be tuned, and gives the worker back', async () => {
    const { pool, workers } = setup();
    const opened = await openSearch(
      pool,
      { text: 'kind: Nothing', maxWork: 1 },
      { workers: 2, signal: new AbortController().signal },
    );
    expect(opened).toEqual({ ok: false, error: 'the scenario is not valid' });
    expect(workers).toHaveLength(1); // only the first lane was prepared
    expect(workers[0]!.terminated).toBe(true); // no spare kept: the pool has no warm-up
  });

  it('runs on the main thread when no worker can be created', async () => {
    const { pool } = setup([], { fails: true });
    const opened = await openSearch(pool, request, {
      workers: 1,
      signal: new AbortController().signal,
    });
    if (!opened.ok) throw new Error(opened.error);
    const r = await search(opened.session.base, goals, options, opened.session.evaluate);
    opened.session.close();
    expect(r).toEqual(await expected());
  });
});

describe('the pool', () => {
  it('gives a lease the warm spare first, and keeps its worker as the spare when released', async () => {
    const made: FakeWorker[] = [];
    let warmed = 0;
    pool = createWorkerPool({
      createWorker: () => {
        const w = new FakeWorker();
        made.push(w);
        return w;
      },
      warmUp: async () => warmed++,
    });
    pool.makeSpare();
    expect(pool.hasSpare).toBe(true);
    expect(warmed).toBe(1);
    const lease = pool.lease(async () => 'ready');
    expect(await lease.ready()).toBe('ready');
    expect(made).toHaveLength(1); // the spare, not a new worker
    expect(pool.hasSpare).toBe(false);
    lease.release();
    expect(pool.hasSpare).toBe(true);
    expect(made[0]!.terminated).toBe(false);
    // A second worker given back is one too many: terminated.
    const a = pool.lease(async () => 1);
    const b = pool.lease(async () => 2);
    await Promise.all([a.ready(), b.ready()]);
    a.release();
    b.release();
    expect(made).toHaveLength(2);
    expect(made.filter((w) => w.terminated)).toHaveLength(1);
  });

  it("makes the spare's warm-up run give way when the spare is taken or a run starts elsewhere", async () => {
    const made: FakeWorker[] = [];
    pool = createWorkerPool({
      createWorker: () => {
        const w = new FakeWorker();
        made.push(w);
        return w;
      },
      // One warm-up run, as the real warm-up does each round.
      warmUp: (api) => api.run(0, 'warm'),
    });
    const current = pool.take(() => {}); // the client's worker
    pool.makeSpare();
    const spare = made[1]!;
    await spare.api.call(1); // the warm-up run was posted …
    expect(spare.warmUpYields).toEqual([false]); // … after clearing what a real run had set
    void current.backend.api.run(1, 'edit'); // a real run on the client's worker
    expect(spare.warmUpYields).toEqual([false, true]);
    expect(made[0]!.warmUpYields).toEqual([]); // the real run's own worker is not told
    const taken = pool.take(() => {});
    expect(taken.warm).toBe(true);
    expect(spare.warmUpYields).toEqual([false, true, true]); // taken: its warm-up stops for good
  });

  it('a lease crashing before its worker ever answered rejects with a LaneError', async () => {
    const made: FakeWorker[] = [];
    pool = createWorkerPool({
      createWorker: () => {
        const w = new FakeWorker();
        made.push(w);
        return w;
      },
    });
    const lease = pool.lease(() => new Promise<never>(() => {}));
    const ready = lease.ready();
    made[0]!.crash('script error');
    await expect(ready).rejects.toEqual(new LaneError('crashed', 'script error'));
  });
});
