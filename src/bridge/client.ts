// Scheduling between the UI and the simulator: latest run wins, stale replies never surface, a
// long run is interrupted by replacing its worker (with a warm spare), a crashed or hung worker is
// replaced. Work never moves onto the page's thread because a run was slow or crashed: only when
// no worker can run at all does the API run on the main thread. Workers and the spare come from
// the pool (pool.ts), which the app's search shares; the side calls are generated from the method
// table (src/worker/methods.ts).
//
// At most one run is in flight and at most one waits: typing sends a run per keystroke, and a
// queue inside the worker would compute every intermediate text. A worker computes synchronously
// and cannot read a newer message mid-run: a long run is stopped through the worker's shared stop
// signal (the worker kept, its JIT warm on this scenario) where the page has shared memory, else
// by terminate().

import { callMethod, METHOD_NAMES, METHODS, type MethodName } from '../worker/methods.ts';
import type { RunReply, RunRequestOptions, SimulatorApi } from '../worker/protocol.ts';
import { mainThreadBackend, type Backend } from './backend.ts';
import {
  crashedTwiceMessage,
  hungMessage,
  noWorkerMessage,
  restartedMessage,
  workerNeverStartsMessage,
} from './messages.ts';
import { createWorkerPool } from './pool.ts';
import {
  SimulatorError,
  systemClock,
  type ClientMethods,
  type ClientOptions,
  type SimulatorClient,
} from './types.ts';
import {
  WARM_UP_RUN_ID,
  WARM_WITH_TEXT_GIVING_WAY_MS,
  warmUpWith,
  warmWithTextMs,
} from './warmUp.ts';

interface Request {
  runId: number;
  text: string;
  options: RunRequestOptions;
  resolve: (reply: RunReply | null) => void;
  reject: (error: Error) => void;
  attempts: number;
}

interface Flight {
  request: Request;
  startedAt: number;
  /** its promise already resolved null; the reply will be dropped */
  superseded: boolean;
  timer: unknown;
}

/** Runs up to this long (ms) count as short: one in flight is let finish (see scheduleInterrupt). */
const SHORT_RUN_MS = 1000;
/** A short run in flight is interrupted only past this multiple of the last run's time. */
const RUN_PATIENCE = 2;
/**
 * A run told to stop through the stop signal answers within this (ms), or its worker is replaced
 * after all. It stops at its next sync, unless it is in a part that does not read the signal: the
 * parse (a week of 80 summed sines: 20–350 ms in Node at load 9) or the reply's payload. Replacing
 * the worker sooner would not free its core: Chromium's terminate() lets that part run on (up to
 * 2 s), beside the spare's first run, which is slower than a warm worker's.
 */
export const STOP_GRACE_MS = 500;
/**
 * An interrupted run's worker is kept only once it has run this many runs to their end (a warm
 * spare's warm-up runs count): before that, its JIT is colder than the spare's, and the run after
 * the interrupt cost more there. In Node, CPU ms of that run after a week's run stopped 300 ms
 * in (fresh processes, 3–4 each, load 9–17): a worker that had run the text once 245–338, twice
 * 100–130, three times 43–68, five times 41–57; the spare after its five warm-up runs 50–76.
 */
export const KEEP_AFTER_RUNS = 3;
/**
 * A spare starts, and warms up, only once no run was asked for this long (ms): the user paused.
 * The store's undo coalesces keystrokes less than 500 ms apart as one burst of typing, too.
 */
export const QUIET_MS = 500;
/**
 * Where runs stop through the stop signal, the current worker warms itself and is kept when a run
 * is interrupted, so the spare serves only a crash, a hang, a run that does not stop, a cancel and
 * the first draws or search: the first spare waits for the current worker's warm-up and then for a
 * pause this long (ms) in runs and details, the user reading. Start-up and a session of edits then
 * have both cores: the spare's start and warm-up were ≈ 2 of a page open's 7 CPU-s (a Chromium
 * page over its load and 8 s idle: 7.35 → 5.18 CPU-s without a spare, three pages each).
 */
export const SPARE_QUIET_MS = 15_000;

export function createClient(options: ClientOptions): SimulatorClient {
  const clock = options.clock ?? systemClock;
  const cancelAfterMs = options.cancelAfterMs ?? 150;
  const replyTimeoutMs = options.replyTimeoutMs ?? 20_000;
  const maxStartFailures = options.maxStartFailures ?? 3;
  const warmUpText = options.warmUpText ?? null;
  const spareDelayMs = options.spareDelayMs ?? 1000;
  const quietMs = options.quietMs ?? QUIET_MS;
  const spareQuietMs = options.spareQuietMs ?? SPARE_QUIET_MS;
  // The current worker warms up too where warm-up runs give way (see warmCurrentSoon).
  const warmCurrent =
    warmUpText !== null &&
    (options.warmCurrent ?? warmWithTextMs() === WARM_WITH_TEXT_GIVING_WAY_MS)
      ? warmUpWith(warmUpText)
      : null;
  const stopGraceMs = options.stopGraceMs ?? STOP_GRACE_MS;
  // The app passes the pool its search shares; alone (tests, the bridge's test page) the client
  // has its own.
  const ownPool = !options.pool;
  const pool =
    options.pool ??
    createWorkerPool({
      createWorker: options.createWorker,
      clock,
      warmUp: warmUpText === null ? null : warmUpWith(warmUpText),
    });
  let spareTimer: unknown = null;
  let fallbackApi: Promise<SimulatorApi> | null = null;
  const loadFallback = () => (fallbackApi ??= options.loadFallbackApi());

  /** the worker (or the main thread) runs go to; a warm spare waits in the pool */
  let backend: Backend | null = null;
  /** the current worker was started cold (not the warm spare): it warms up once it has answered */
  let backendCold = false;
  /** the current worker whose warm-up runs are under way (its real runs make them give way) */
  let warmingCurrent: Backend | null = null;
  /** a spare's warm-up runs wait for the current worker's: one warm-up at a time on two cores */
  let currentWarmedWaiters: (() => void)[] = [];
  function currentWarmed() {
    warmingCurrent = null;
    const ready = currentWarmedWaiters;
    currentWarmedWaiters = [];
    ready.forEach((resolve) => resolve());
  }
  let onFallback = false;
  /** runs the backend did to their end (its warm-up runs as the spare too): how warm it is */
  let backendRuns = 0;
  /** workers in a row that crashed before answering anything */
  let startFailures = 0;
  let disposed = false;
  let nextRunId = WARM_UP_RUN_ID;
  let deliveredRunId: number | null = null;
  let inFlight: Flight | null = null;
  let waiting: Request | null = null;
  /** how long the last run that finished took (ms): what a run of this scenario costs now */
  let lastRunMs: number | null = null;
  /** the text of the last delivered run: a spare warms up on it when its run was short */
  let deliveredText: string | null = null;
  /**
   * What that run cost the worker itself (its parse + simulate, ms): the warm-up's measure. Not
   * the round trip, which for a worker's first run includes its start-up (a page's first run:
   * ~190 ms of work took 520–640 ms posted → answered, so the spare warmed on the toy scenario).
   */
  let deliveredCostMs: number | null = null;
  /** a spare's warm-up waits for these: no run in flight or waiting (it never competes with one) */
  let idleWaiters: (() => void)[] = [];
  /** when the latest run was asked for (clock ms): the user's last keystroke or drag frame */
  let lastRequestAt = -Infinity;
  /** when a detail or an export was last asked for (clock ms): playback asks at every step */
  let lastSideCallAt = -Infinity;
  /** ms until the user has paused for `quietMs` (0: paused now) */
  const untilQuiet = () => Math.max(0, lastRequestAt + quietMs - clock.now());
  // A warm-up run waits until no run is in flight or waiting *and* the user has paused: between
  // two keystrokes or drag frames it would take the second core from the next edit's run (and
  // the page's thread its share), which made the slowest edits slower. Looked at a tick later: a
  // spare made while a run is being sent sees that run in flight.
  // ...and until the page's start-up is over (`warmUpAfter`): a warm-up run and the JIT compiling
  // it took the cores from the first result's paint and the editor's making.
  const warmUpAfter = (options.warmUpAfter ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
  const whenIdle = async () => {
    await warmUpAfter;
    for (;;) {
      if (inFlight || waiting) await new Promise<void>((resolve) => idleWaiters.push(resolve));
      else if (untilQuiet() > 0)
        await new Promise<void>((resolve) => clock.setTimeout(resolve, untilQuiet()));
      else return;
      if (disposed) return;
    }
  };
  /** A spare's warm-up run waits for the current worker's warm-up to end, too. */
  const whenSpareIdle = async () => {
    for (;;) {
      await whenIdle();
      if (warmingCurrent === null || disposed) return;
      await new Promise<void>((resolve) => currentWarmedWaiters.push(resolve));
    }
  };
  function flushIdle() {
    const ready = idleWaiters;
    idleWaiters = [];
    ready.forEach((resolve) => resolve());
  }
  let cancelTimer: unknown = null;
  /**
   * The run told to stop on the kept worker (an interrupt through its stop signal), until its
   * reply says the worker is free; the newer run is queued behind it.
   */
  let stopping: { flight: Flight; timer: unknown } | null = null;
  /** the spare was taken: make the next one as soon as a run is delivered (no delay) */
  let spareAfterDelivery = false;
  /** settle-with-null callbacks of getSync/exportCsv calls on the current backend */
  const sideCalls = new Set<() => void>();

  function report(kind: 'restarted' | 'fallback', message: string) {
    options.onStatus?.({ kind, message });
  }

  function ensureBackend(): Backend {
    if (backend) return backend;
    if (!onFallback) {
      try {
        let created: Backend | null = null;
        const taken = pool.take((message) => {
          if (backend === created) crashed(message);
        });
        created = backend = taken.backend;
        backendCold = !taken.warm;
        backendRuns = taken.warmUpRuns;
        // The spare was taken: the next one starts once this worker's first run is delivered. A
        // worker starting now (loading and compiling the bundle) would compete with that run for
        // the cores: it is the run the user waits for, after an interrupted one.
        if (taken.warm) spareAfterDelivery = true;
        return backend;
      } catch (error) {
        onFallback = true;
        report('fallback', noWorkerMessage(messageOf(error)));
      }
    }
    return (backend = mainThreadBackend(loadFallback, clock));
  }

  /** Keeps one warmed worker in reserve, so a replaced worker's next run does not start cold. */
  function startSpare() {
    if (!pool.keepsSpare || pool.hasSpare || disposed || onFallback) return;
    if (spareTimer !== null) clock.clearTimeout(spareTimer);
    spareTimer = null;
    // A worker starting (loading and compiling the bundle) takes a core for a while: not while
    // the user types or drags, but once they pause (and no run is going).
    const wait = inFlight || waiting ? quietMs : untilQuiet();
    if (wait > 0) {
      spareTimer = clock.setTimeout(startSpare, wait);
      return;
    }
    // The user's scenario when it runs quickly (its code is then what the JIT optimises; quickly
    // by the worker's own time, see deliveredCostMs), else the
    // pool's own warm-up. A spare that crashes is dropped there, and made again after a later run.
    // Each warm-up run waits until no run is in flight: a spare warms up in the time between
    // runs, never slowing the run the user waits for (on two cores it would). The text is read
    // then: the scenario as last delivered.
    pool.makeSpare(
      () =>
        deliveredCostMs !== null && deliveredCostMs <= warmWithTextMs() ? deliveredText : null,
      whenSpareIdle,
    );
  }

  /**
   * The first spare waits a moment: the page is still loading (the editor, the charts). Where the
   * current worker warms itself, it waits longer (startSpareAfterPause).
   */
  function startSpareSoon() {
    if (!pool.keepsSpare || pool.hasSpare || spareTimer !== null || disposed || onFallback) return;
    if (warmCurrent) spareTimer = clock.setTimeout(startSpareAfterPause, spareDelayMs);
    else if (spareDelayMs <= 0) startSpare();
    else spareTimer = clock.setTimeout(startSpare, spareDelayMs);
  }

  /** The spare once the current worker's warm-up is over and the user paused (SPARE_QUIET_MS). */
  function startSpareAfterPause() {
    spareTimer = null;
    if (!pool.keepsSpare || pool.hasSpare || disposed || onFallback) return;
    if (warmingCurrent !== null) {
      currentWarmedWaiters.push(() => {
        if (spareTimer === null) spareTimer = clock.setTimeout(startSpareAfterPause, 0);
      });
      return;
    }
    const wait = Math.max(lastRequestAt, lastSideCallAt) + spareQuietMs - clock.now();
    if (wait > 0 || inFlight || waiting)
      spareTimer = clock.setTimeout(startSpareAfterPause, Math.max(wait, quietMs));
    else startSpare();
  }

  /**
   * The current worker, started cold (the page's first, or one started when no spare was ready),
   * warms up as a spare does, once it has answered: its first runs are otherwise the user's
   * slowest (the JIT has not optimised the per-sync code yet: a curve drag's first moves cost the
   * worker twice its later ones, and set the drag's p95). Only where a warm-up run gives way at
   * its next sync (a cross-origin isolated page): elsewhere a real run would wait behind it. Each
   * warm-up run waits for the user's pause, as the spare's do; a real run or a detail asked for
   * meanwhile makes the one in progress stop (`yieldWarmUp`).
   */
  function warmCurrentSoon(b: Backend) {
    if (!warmCurrent || !backendCold || backend !== b || warmingCurrent === b || onFallback) return;
    backendCold = false;
    warmingCurrent = b;
    const warming: SimulatorApi = {
      ...b.api,
      run: async (...args) => {
        b.yieldWarmUp(false); // set by the real run before it, which is over by now
        const reply = await b.api.run(...args);
        // a warm-up run done to its end warms the JIT as a real one does (KEEP_AFTER_RUNS)
        if (b === backend && reply.error !== 'cancelled') backendRuns++;
        return reply;
      },
    };
    // Its warm-up runs also wait for a pause in details asked for (a playback asks one per
    // step, and a parse cannot give way: each would wait for one).
    const whenQuiet = async () => {
      for (;;) {
        await whenIdle();
        const wait = lastSideCallAt + quietMs - clock.now();
        if (wait <= 0 || disposed) return;
        await new Promise<void>((resolve) => clock.setTimeout(resolve, wait));
      }
    };
    warmCurrent(
      warming,
      () =>
        deliveredCostMs !== null && deliveredCostMs <= warmWithTextMs() ? deliveredText : null,
      () => backend === b && !disposed,
      whenQuiet,
    ).then(
      () => {
        if (warmingCurrent === b) currentWarmed();
      },
      () => {},
    );
  }

  function dropSpare() {
    if (spareTimer !== null) clock.clearTimeout(spareTimer);
    spareTimer = null;
    pool.dropSpare();
  }

  /** Drop the current backend and everything pending on it (the next call starts a fresh one). */
  function dropBackend() {
    clearFlight();
    clearStopping();
    backend?.terminate();
    backend = null;
    currentWarmed();
    for (const settle of [...sideCalls]) settle();
  }

  function clearStopping() {
    if (stopping) clock.clearTimeout(stopping.timer);
    stopping = null;
  }

  function clearFlight() {
    if (inFlight) clock.clearTimeout(inFlight.timer);
    if (cancelTimer !== null) clock.clearTimeout(cancelTimer);
    inFlight = null;
    cancelTimer = null;
  }

  function pump() {
    if (disposed || inFlight || !waiting) {
      if (disposed || (!inFlight && !waiting)) flushIdle();
      return;
    }
    const request = waiting;
    waiting = null;
    const b = ensureBackend();
    request.attempts++;
    const flight: Flight = { request, startedAt: clock.now(), superseded: false, timer: null };
    // The main thread cannot hang half-way (a run there finishes before any timer fires).
    if (b.interruptible) {
      flight.timer = clock.setTimeout(() => {
        if (inFlight === flight) hung();
      }, replyTimeoutMs);
    }
    inFlight = flight;
    // A warm-up run of this worker's in progress stops at its next sync: this run comes next.
    if (warmingCurrent === b) b.yieldWarmUp(true);
    b.api.run(request.runId, request.text, request.options).then(
      (reply) => {
        if (stopping?.flight === flight) clearStopping(); // it stopped: the worker is free
        if (b === backend && reply.error !== 'cancelled') backendRuns++;
        if (inFlight !== flight) return; // from a replaced backend, or timed out: dropped
        clearFlight();
        startFailures = 0;
        lastRunMs = clock.now() - flight.startedAt;
        if (!flight.superseded) {
          deliveredRunId = request.runId;
          deliveredText = request.text;
          deliveredCostMs = reply.timings
            ? reply.timings.parseMs + reply.timings.simulateMs
            : lastRunMs;
          request.resolve(reply);
        }
        if (spareAfterDelivery) {
          spareAfterDelivery = false;
          startSpare();
        } else startSpareSoon();
        warmCurrentSoon(b);
        pump();
      },
      (error: unknown) => {
        if (stopping?.flight === flight) clearStopping();
        // The API never throws, so this is the transport (e.g. a reply that cannot be cloned).
        if (inFlight !== flight) return;
        clearFlight();
        if (!flight.superseded) request.reject(new SimulatorError(messageOf(error)));
        pump();
      },
    );
  }

  /**
   * The worker crashed. Before it ever answered, workers cannot run here (after a few in a row the
   * main thread takes over); after, the run did it: retry once on a fresh worker, then give up.
   */
  function crashed(detail: string) {
    const neverStarted = !backend?.started;
    startFailures = neverStarted ? startFailures + 1 : 0;
    const flight = inFlight;
    dropBackend();
    if (neverStarted && startFailures >= maxStartFailures) {
      onFallback = true;
      dropSpare();
      report('fallback', workerNeverStartsMessage(startFailures, detail));
    } else {
      report('restarted', restartedMessage(detail));
    }
    if (flight && !flight.superseded) {
      const request = flight.request;
      if (!waiting && request.attempts < 2) waiting = request;
      else {
        const message = neverStarted
          ? `The simulator could not start (${detail}).`
          : crashedTwiceMessage(detail);
        request.reject(new SimulatorError(message));
      }
    }
    if (!disposed) ensureBackend();
    pump();
  }

  /** No reply in time: the scenario is too costly. Restart the worker; never retry, never fall back. */
  function hung() {
    const flight = inFlight;
    dropBackend();
    const message = hungMessage(replyTimeoutMs);
    if (flight && !flight.superseded) flight.request.reject(new SimulatorError(message));
    report('restarted', message);
    if (!disposed) ensureBackend();
    pump();
  }

  function supersedeInFlight() {
    if (inFlight && !inFlight.superseded) {
      inFlight.superseded = true;
      inFlight.request.resolve(null);
    }
  }

  /**
   * A newer run waits: interrupt the current one once it has run `cancelAfterMs`, or, when runs of
   * this scenario are known to be short, once it has run twice as long as the last one did. A
   * short run about to finish costs less than a restart: the next worker after the spare starts
   * cold (3-4× slower), and a busy machine (slower runs all round) must not turn every edit into
   * a restart.
   *
   * Where the worker has a stop signal and is warm (KEEP_AFTER_RUNS runs done) or no warm spare
   * is ready, the run is stopped and the worker kept: the newer run is posted to it at once and
   * starts when the interrupted one stops, at its next sync. Its JIT is as warm as the spare's (or
   * warmer than a new worker's), and taking the spare means starting another (a core busy
   * compiling the bundle). If the run does not answer within `stopGraceMs` (something that does
   * not read the signal), the worker is replaced as before and the newer run goes to the spare.
   */
  function scheduleInterrupt() {
    if (!inFlight || cancelTimer !== null || !backend?.interruptible) return;
    const patience = lastRunMs !== null && lastRunMs <= SHORT_RUN_MS ? RUN_PATIENCE * lastRunMs : 0;
    const wait = Math.max(cancelAfterMs, patience) - (clock.now() - inFlight.startedAt);
    const interrupt = () => {
      cancelTimer = null;
      if (!inFlight) return;
      // One stop at a time: a run queued behind one that is still stopping is replaced with it.
      // And only a warm worker is kept (KEEP_AFTER_RUNS); a cold one gives way to a warm spare,
      // but not to a new worker, which would be colder still.
      const keep = backendRuns >= KEEP_AFTER_RUNS || !pool.hasSpare;
      if (waiting && !stopping && keep && backend?.interruptRuns(waiting.runId)) {
        const told = inFlight;
        clearFlight(); // its reply, when it comes, only frees the worker
        stopping = { flight: told, timer: clock.setTimeout(stopTooSlow, stopGraceMs) };
      } else dropBackend();
      pump();
    };
    if (wait <= 0) interrupt();
    else cancelTimer = clock.setTimeout(interrupt, wait);
  }

  /** The run told to stop did not answer in time: replace its worker, the newer run to the spare. */
  function stopTooSlow() {
    stopping = null;
    const queued = inFlight;
    // Not run yet: it goes to the next worker as a first attempt (a crash there is retried).
    if (queued && !queued.superseded && !waiting) {
      waiting = queued.request;
      waiting.attempts--;
    }
    dropBackend();
    pump();
  }

  function sideCall<T>(call: (api: SimulatorApi, runId: number) => Promise<T>): Promise<T | null> {
    if (disposed || deliveredRunId === null) return Promise.resolve(null);
    const runId = deliveredRunId;
    const b = ensureBackend();
    // Not queued behind a whole warm-up run of this worker's (src/worker/stopSignal.ts).
    lastSideCallAt = clock.now();
    if (warmingCurrent === b) b.yieldWarmUp(true);
    return new Promise<T | null>((resolve) => {
      const settle = (value: T | null) => {
        if (!sideCalls.delete(drop)) return;
        clock.clearTimeout(timer);
        resolve(value);
      };
      const drop = () => settle(null);
      const timer = clock.setTimeout(drop, replyTimeoutMs);
      sideCalls.add(drop);
      call(b.api, runId).then((value) => settle(backend === b ? value : null), drop);
    });
  }

  // The side calls, generated from the method table: `ofRun` methods get the delivered run's id
  // as their first argument, `call` methods their arguments as they are.
  const side: Record<string, unknown> = {};
  for (const name of METHOD_NAMES) {
    const kind = METHODS[name];
    if (kind === 'ofRun')
      side[name] = (...args: unknown[]) =>
        sideCall((api, runId) => callMethod(api, name, [runId, ...args] as never));
    else if (kind === 'call')
      side[name] = (...args: unknown[]) =>
        sideCall((api) => callMethod(api, name as MethodName, args as never));
  }

  return {
    ...(side as unknown as ClientMethods),
    run(text, options = {}) {
      if (disposed) return Promise.resolve(null);
      lastRequestAt = clock.now();
      return new Promise<RunReply | null>((resolve, reject) => {
        waiting?.resolve(null);
        waiting = { runId: ++nextRunId, text, options, resolve, reject, attempts: 0 };
        if (inFlight) {
          supersedeInFlight();
          scheduleInterrupt();
        }
        pump();
      });
    },
    cancel() {
      waiting?.resolve(null);
      waiting = null;
      if (!inFlight) return;
      supersedeInFlight();
      if (!backend?.interruptible) return;
      dropBackend();
      ensureBackend(); // the spare, or a fresh worker, ready for the next run
      flushIdle();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      waiting?.resolve(null);
      waiting = null;
      supersedeInFlight();
      dropBackend();
      if (spareTimer !== null) clock.clearTimeout(spareTimer);
      spareTimer = null;
      // A shared pool's spare is the app's; the client's own pool goes with it.
      if (ownPool) pool.dispose();
      flushIdle();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
