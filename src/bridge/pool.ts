// One pool of the one simulator worker, for every user of it: the app's runs (the client takes
// its workers here and keeps a warm spare here), the app's policy search and `cli tune` (leases:
// supervised workers for a series of jobs). The transport is injected (`createWorker`): a Web
// Worker in the page, a worker thread in Node (src/cli/threads.ts).
//
// A lease runs one job at a time on its worker and supervises it the way the client supervises a
// run: a crash (`error`/`messageerror`, a thread's exit) or no answer within `replyTimeoutMs`
// terminates the worker and rejects the job with a LaneError; the next job starts a fresh worker
// and runs the lease's setup on it again (a search's prepareSearch), so a worker's state is never
// lost. An aborted signal terminates the worker busy with the job (a run is synchronous: it
// cannot be told to stop). Workers that crash before answering anything, several times in a row,
// mean workers cannot run here: leases then run on the main thread, as the client does.

import type { SimulatorApi } from '../worker/protocol.ts';
import { LaneError, type AbortSignalLike } from '../tune/feed.ts';
import { mainThreadBackend, workerBackend, type Backend } from './backend.ts';
import { candidateHungMessage } from './messages.ts';
import { systemClock, type Clock, type WorkerLike } from './transport.ts';
import type { WarmUp } from './warmUp.ts';

export interface PoolOptions {
  createWorker: () => WorkerLike;
  /** the API on the main thread, for leases when no worker can run (loaded lazily) */
  loadFallbackApi?: () => Promise<SimulatorApi>;
  clock?: Clock;
  /** what a new spare runs to warm up; null (the default): the pool keeps no spare */
  warmUp?: WarmUp | null;
  /** a lease's job with no answer within this is hung (ms) */
  replyTimeoutMs?: number;
  /** workers in a row that crash before answering anything, before leases use the main thread */
  maxStartFailures?: number;
}

export interface Taken {
  backend: Backend;
  /** it was the warm spare */
  warm: boolean;
  /** warm-up runs it did to the end (0 for a new worker): how warm its JIT is */
  warmUpRuns: number;
}

export interface Lease<S> {
  /** the setup's answer on this lease's worker (starting and setting one up when needed) */
  ready(): Promise<S>;
  /**
   * `job` on this lease's worker, after its setup (given the setup's answer); rejects with
   * LaneError when the worker crashed, hung or the signal aborted (the worker is then gone: the
   * next job starts a fresh one and sets it up again).
   */
  call<T>(job: (api: SimulatorApi, ready: S) => Promise<T>, signal?: AbortSignalLike): Promise<T>;
  /** the lease is done: its worker goes back to the pool (as the spare, or terminated) */
  release(): void;
}

export interface WorkerPool {
  /**
   * A worker for one user alone: the warm spare when there is one, else a new one (throws when a
   * worker cannot be created). `onCrash` hears its crashes from now on.
   */
  take(onCrash: (message: string) => void): Taken;
  /** a warm spare is ready */
  readonly hasSpare: boolean;
  /** the pool makes spares (it was given a warm-up) */
  readonly keepsSpare: boolean;
  /**
   * Start a spare and warm it up (on `text()`, the user's scenario, when it gives one), unless
   * there is one; each warm-up run first waits for `idle()` (the client: no run in flight).
   */
  makeSpare(text?: () => string | null, idle?: () => Promise<void>): void;
  dropSpare(): void;
  /** a supervised worker for a series of jobs; `setup` runs on each worker it starts */
  lease<S>(setup: (api: SimulatorApi) => Promise<S>): Lease<S>;
  dispose(): void;
}

interface Pooled {
  backend: Backend;
  /** who hears its crash now */
  onCrash: (message: string) => void;
  /** warm-up runs it did to the end (one that gave way does not count) */
  warmUpRuns: number;
}

const ignore = () => {};

export function createWorkerPool(options: PoolOptions): WorkerPool {
  const clock = options.clock ?? systemClock;
  const replyTimeoutMs = options.replyTimeoutMs ?? 20_000;
  const maxStartFailures = options.maxStartFailures ?? 3;
  const warmUp = options.warmUp ?? null;
  let spare: Pooled | null = null;
  let disposed = false;
  /** leases' workers in a row that crashed before answering anything */
  let startFailures = 0;
  let onMainThread = false;
  let fallbackApi: Promise<SimulatorApi> | null = null;
  const leased = new Set<Pooled>();

  function start(): Pooled {
    const pooled: Pooled = { backend: null as unknown as Backend, onCrash: ignore, warmUpRuns: 0 };
    pooled.backend = workerBackend(options.createWorker(), (m) => pooled.onCrash(m));
    return pooled;
  }

  function keepAsSpare(pooled: Pooled) {
    // An idle worker that crashes is dropped silently; a later spare replaces it.
    pooled.onCrash = () => {
      pooled.backend.terminate();
      if (spare === pooled) spare = null;
    };
    spare = pooled;
  }

  function takePooled(onCrash: (message: string) => void): {
    pooled: Pooled;
    warm: boolean;
  } {
    const warm = spare !== null;
    const pooled = spare ?? start();
    spare = null;
    pooled.onCrash = onCrash;
    // A warm-up run in progress stops at its next sync: the real run posted next starts at once.
    if (warm) pooled.backend.yieldWarmUp(true);
    return { pooled, warm };
  }

  /**
   * `backend` whose runs make the spare's warm-up run in progress give way: a real run needs the
   * second core more (the spare's next warm-up run waits for the user's pause anyway).
   */
  function yieldingSpare(backend: Backend): Backend {
    const api: SimulatorApi = {
      ...backend.api,
      run: (...args) => {
        spare?.backend.yieldWarmUp(true);
        return backend.api.run(...args);
      },
    };
    return {
      api,
      interruptible: backend.interruptible,
      get started() {
        return backend.started;
      },
      terminate: () => backend.terminate(),
      yieldWarmUp: (on) => backend.yieldWarmUp(on),
      interruptRuns: (below) => backend.interruptRuns(below),
    };
  }

  function give(pooled: Pooled) {
    if (!disposed && warmUp !== null && spare === null) keepAsSpare(pooled);
    else pooled.backend.terminate();
  }

  function lease<S>(setup: (api: SimulatorApi) => Promise<S>): Lease<S> {
    let current: { pooled: Pooled | null; backend: Backend; ready: Promise<S> } | null = null;
    let released = false;

    function ensure() {
      if (current) return current;
      let pooled: Pooled | null = null;
      let backend: Backend;
      if (!onMainThread) {
        try {
          pooled = takePooled(ignore).pooled;
          leased.add(pooled);
        } catch {
          onMainThread = true; // no Worker here at all
        }
      }
      if (pooled) backend = pooled.backend;
      else {
        const load = options.loadFallbackApi;
        if (!load) throw new LaneError('crashed', 'no worker can start here');
        backend = mainThreadBackend(() => (fallbackApi ??= load()), clock);
      }
      const ready = setup(backend.api);
      ready.catch(ignore); // read by the job that waits for it
      return (current = { pooled, backend, ready });
    }

    function drop(which: typeof current) {
      if (!which || current !== which) return;
      current = null;
      if (which.pooled) leased.delete(which.pooled);
      which.backend.terminate();
    }

    const lease: Lease<S> = {
      ready: () => lease.call((_, ready) => Promise.resolve(ready)),
      call<T>(
        job: (api: SimulatorApi, ready: S) => Promise<T>,
        signal?: AbortSignalLike,
      ): Promise<T> {
        if (released || disposed)
          return Promise.reject(new LaneError('aborted', 'the search was closed'));
        if (signal?.aborted) return Promise.reject(new LaneError('aborted', 'cancelled'));
        let mine: NonNullable<typeof current>;
        try {
          mine = ensure();
        } catch (error) {
          return Promise.reject(error);
        }
        return new Promise<T>((resolve, reject) => {
          let done = false;
          let timer: unknown = null;
          const finish = (settle: () => void) => {
            if (done) return;
            done = true;
            if (timer !== null) clock.clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            // Idle between jobs, a crash only means the next job starts a fresh worker.
            if (mine.pooled) mine.pooled.onCrash = () => drop(mine);
            settle();
          };
          const lose = (kind: LaneError['kind'], message: string) =>
            finish(() => {
              drop(mine);
              reject(new LaneError(kind, message));
            });
          const onAbort = () => {
            // The main thread's job cannot be stopped half-way; its answer is simply not used.
            if (mine.backend.interruptible) lose('aborted', 'cancelled');
            else finish(() => reject(new LaneError('aborted', 'cancelled')));
          };
          if (mine.pooled)
            mine.pooled.onCrash = (message) => {
              if (!mine.backend.started && ++startFailures >= maxStartFailures)
                onMainThread = options.loadFallbackApi !== undefined;
              lose('crashed', message);
            };
          if (mine.backend.interruptible)
            timer = clock.setTimeout(
              () => lose('hung', candidateHungMessage(replyTimeoutMs)),
              replyTimeoutMs,
            );
          signal?.addEventListener('abort', onAbort);
          mine.ready
            .then((ready) => job(mine.backend.api, ready))
            .then(
              (value) =>
                finish(() => {
                  startFailures = 0;
                  resolve(value);
                }),
              (error: unknown) => finish(() => reject(error)),
            );
        });
      },
      release() {
        if (released) return;
        released = true;
        const which = current;
        current = null;
        if (!which) return;
        if (which.pooled) {
          leased.delete(which.pooled);
          which.pooled.onCrash = ignore;
          give(which.pooled);
        } else which.backend.terminate();
      },
    };
    return lease;
  }

  return {
    take(onCrash) {
      const { pooled, warm } = takePooled(onCrash);
      return {
        backend: warmUp === null ? pooled.backend : yieldingSpare(pooled.backend),
        warm,
        warmUpRuns: pooled.warmUpRuns,
      };
    },
    get hasSpare() {
      return spare !== null;
    },
    keepsSpare: warmUp !== null,
    makeSpare(text = () => null, whenIdle = () => Promise.resolve()) {
      if (disposed || warmUp === null || spare !== null) return;
      let pooled: Pooled;
      try {
        pooled = start();
      } catch {
        return; // whoever needs a worker next reports it if workers really cannot start
      }
      keepAsSpare(pooled);
      // Each warm-up run first clears the flag a real run elsewhere set (its run is over by then:
      // warm-up runs wait for `whenIdle`).
      const { backend } = pooled;
      const warming: SimulatorApi = {
        ...backend.api,
        run: async (...args) => {
          backend.yieldWarmUp(false);
          const reply = await backend.api.run(...args);
          if (reply.error !== 'cancelled') pooled.warmUpRuns++;
          return reply;
        },
      };
      warmUp(warming, text, () => spare === pooled && !disposed, whenIdle).catch(ignore);
    },
    dropSpare() {
      spare?.backend.terminate();
      spare = null;
    },
    lease,
    dispose() {
      if (disposed) return;
      disposed = true;
      spare?.backend.terminate();
      spare = null;
      for (const pooled of leased) pooled.backend.terminate();
      leased.clear();
    },
  };
}
