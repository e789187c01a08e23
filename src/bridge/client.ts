// Scheduling between the UI and the simulator: latest run wins, stale replies never surface, a
// long run is interrupted by replacing its worker, a crashed or hung worker is replaced (and after
// repeated failures the API runs on the main thread instead).
//
// At most one run is in flight and at most one waits: typing sends a run per keystroke, and a
// queue inside the worker would compute every intermediate text. A worker computes synchronously
// and cannot read a newer message mid-run, so the only way to stop a long run is terminate().

import type { RunReply, SimulatorApi } from '../worker/protocol.ts';
import { mainThreadBackend, workerBackend, type Backend } from './backend.ts';
import { SimulatorError, systemClock, type ClientOptions, type SimulatorClient } from './types.ts';

interface Request {
  runId: number;
  text: string;
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

export function createClient(options: ClientOptions): SimulatorClient {
  const clock = options.clock ?? systemClock;
  const cancelAfterMs = options.cancelAfterMs ?? 150;
  const replyTimeoutMs = options.replyTimeoutMs ?? 20_000;
  const maxFailures = options.maxFailures ?? 3;
  let fallbackApi: Promise<SimulatorApi> | null = null;
  const loadFallback = () => (fallbackApi ??= options.loadFallbackApi());

  let backend: Backend | null = null;
  let onFallback = false;
  let failures = 0;
  let disposed = false;
  let nextRunId = 0;
  let deliveredRunId: number | null = null;
  let inFlight: Flight | null = null;
  let waiting: Request | null = null;
  let cancelTimer: unknown = null;
  /** settle-with-null callbacks of getSync/exportCsv calls on the current backend */
  const sideCalls = new Set<() => void>();

  function report(kind: 'restarted' | 'fallback', message: string) {
    options.onStatus?.({ kind, message });
  }

  function ensureBackend(): Backend {
    if (backend) return backend;
    if (!onFallback && failures < maxFailures) {
      try {
        const created: Backend = workerBackend(options.createWorker(), (message) => {
          if (backend === created) fail(`stopped unexpectedly (${message})`, true);
        });
        return (backend = created);
      } catch (error) {
        report(
          'fallback',
          `The simulator could not start a worker (${messageOf(error)}); it runs on the main thread, so the page may pause during long runs.`,
        );
      }
    }
    onFallback = true;
    return (backend = mainThreadBackend(loadFallback, clock));
  }

  /** Drop the current backend and everything pending on it (the next call starts a fresh one). */
  function dropBackend() {
    clearFlight();
    backend?.terminate();
    backend = null;
    for (const settle of [...sideCalls]) settle();
  }

  function clearFlight() {
    if (inFlight) clock.clearTimeout(inFlight.timer);
    if (cancelTimer !== null) clock.clearTimeout(cancelTimer);
    inFlight = null;
    cancelTimer = null;
  }

  function pump() {
    if (disposed || inFlight || !waiting) return;
    const request = waiting;
    waiting = null;
    const b = ensureBackend();
    request.attempts++;
    const flight: Flight = { request, startedAt: clock.now(), superseded: false, timer: null };
    // The main thread cannot hang half-way (a run there finishes before any timer fires).
    if (b.interruptible) {
      flight.timer = clock.setTimeout(() => {
        if (inFlight === flight) fail(`did not answer within ${replyTimeoutMs / 1000} s`, false);
      }, replyTimeoutMs);
    }
    inFlight = flight;
    b.api.run(request.runId, request.text).then(
      (reply) => {
        if (inFlight !== flight) return; // from a replaced backend, or timed out: dropped
        clearFlight();
        failures = 0;
        if (!flight.superseded) {
          deliveredRunId = request.runId;
          request.resolve(reply);
        }
        pump();
      },
      (error: unknown) => {
        // The API never throws, so this is the transport (e.g. a reply that cannot be cloned).
        if (inFlight !== flight) return;
        clearFlight();
        if (!flight.superseded) request.reject(new SimulatorError(messageOf(error)));
        pump();
      },
    );
  }

  /** The worker crashed or hangs: replace it, retry a crashed run once, report what happened. */
  function fail(reason: string, retry: boolean) {
    failures++;
    const flight = inFlight;
    dropBackend();
    if (flight && !flight.superseded) {
      const request = flight.request;
      if (retry && !waiting && request.attempts < 2) waiting = request;
      else request.reject(new SimulatorError(`The simulator ${reason}.`));
    }
    if (failures >= maxFailures) {
      onFallback = true;
      report(
        'fallback',
        `The simulator ${reason}, ${failures} times in a row; it now runs on the main thread, so the page may pause during long runs.`,
      );
    } else {
      report('restarted', `The simulator ${reason} and was restarted.`);
    }
    if (!disposed) ensureBackend();
    pump();
  }

  function supersedeInFlight() {
    if (inFlight && !inFlight.superseded) {
      inFlight.superseded = true;
      inFlight.request.resolve(null);
    }
  }

  /** A newer run waits: interrupt the current one once it has run `cancelAfterMs`. */
  function scheduleInterrupt() {
    if (!inFlight || cancelTimer !== null || !backend?.interruptible) return;
    const wait = cancelAfterMs - (clock.now() - inFlight.startedAt);
    const interrupt = () => {
      cancelTimer = null;
      if (!inFlight) return;
      dropBackend();
      pump();
    };
    if (wait <= 0) interrupt();
    else cancelTimer = clock.setTimeout(interrupt, wait);
  }

  function sideCall<T>(call: (api: SimulatorApi, runId: number) => Promise<T>): Promise<T | null> {
    if (disposed || deliveredRunId === null) return Promise.resolve(null);
    const runId = deliveredRunId;
    const b = ensureBackend();
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

  return {
    run(text) {
      if (disposed) return Promise.resolve(null);
      return new Promise<RunReply | null>((resolve, reject) => {
        waiting?.resolve(null);
        waiting = { runId: ++nextRunId, text, resolve, reject, attempts: 0 };
        if (inFlight) {
          supersedeInFlight();
          scheduleInterrupt();
        }
        pump();
      });
    },
    getSync: (index) => sideCall((api, runId) => api.getSync(runId, index)),
    exportCsv: () => sideCall((api, runId) => api.exportCsv(runId)),
    cancel() {
      waiting?.resolve(null);
      waiting = null;
      if (!inFlight) return;
      supersedeInFlight();
      if (!backend?.interruptible) return;
      dropBackend();
      ensureBackend(); // warm, so the next run does not wait for a worker to start
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      waiting?.resolve(null);
      waiting = null;
      supersedeInFlight();
      dropBackend();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
