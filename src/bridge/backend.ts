// Where runs execute: a Worker behind comlink, or (fallback) the same API on the main thread.
// The client treats both alike; only a worker can be interrupted.

import { wrap, type Endpoint } from 'comlink';
import { callMethod, forwardApi } from '../worker/methods.ts';
import type { SimulatorApi } from '../worker/protocol.ts';
import type { Clock, WorkerLike } from './transport.ts';

export interface Backend {
  api: SimulatorApi;
  /** true when terminate() really stops work in progress */
  interruptible: boolean;
  /**
   * The worker has answered at least once (its module loaded and comlink replies). A crash before
   * that means workers cannot run here; a crash after it is the work's doing.
   */
  readonly started: boolean;
  terminate(): void;
  /** a warm-up run in progress stops at its next sync (`true`), or warm-up runs go on (`false`) */
  yieldWarmUp(on: boolean): void;
  /**
   * Runs with an id below `below` stop at their next sync, the worker kept (its stop signal):
   * false where it cannot (no shared memory, the main thread), and nothing was done.
   */
  interruptRuns(below: number): boolean;
}

function describeError(event: unknown): string {
  const e = event as { message?: unknown; filename?: unknown } | null;
  if (e && typeof e.message === 'string' && e.message) return e.message;
  return 'the worker script failed to load or run';
}

/** Wraps a worker; `onCrash` fires on an `error`/`messageerror` event (never after terminate). */
export function workerBackend(worker: WorkerLike, onCrash: (message: string) => void): Backend {
  // A Worker is an Endpoint; WorkerLike only spells out the part the bridge itself uses.
  const remote = wrap<SimulatorApi>(worker as unknown as Endpoint);
  let live = true;
  const onError = (event: unknown) => {
    // Handled here and reported through onStatus: keep it off the console as "uncaught".
    (event as { preventDefault?: () => void }).preventDefault?.();
    if (live) onCrash(describeError(event));
  };
  const onMessageError = () => {
    if (live) onCrash('a reply could not be read');
  };
  worker.addEventListener('error', onError);
  worker.addEventListener('messageerror', onMessageError);
  // A probe any API answers at once (no run has id -1): it is queued before any run, so its reply
  // says the module loaded even while the first run still computes.
  let started = false;
  const markStarted = () => {
    started = true;
  };
  remote.exportCsv(-1).then(markStarted, markStarted);
  return {
    // comlink's proxy has every method; the table gives the plain object the client holds.
    api: forwardApi((name, args) => callMethod(remote as unknown as SimulatorApi, name, args)),
    interruptible: true,
    get started() {
      return started;
    },
    terminate() {
      live = false;
      worker.removeEventListener('error', onError);
      worker.removeEventListener('messageerror', onMessageError);
      worker.terminate();
    },
    yieldWarmUp(on) {
      worker.yieldWarmUp?.(on);
    },
    interruptRuns(below) {
      if (!live || !worker.interruptRuns) return false;
      worker.interruptRuns(below);
      return true;
    },
  };
}

/**
 * The API on the main thread (Excalidraw-style fallback when workers cannot run). Each call waits
 * for a timer so a run starts after the current event handler, never inside it.
 */
export function mainThreadBackend(loadApi: () => Promise<SimulatorApi>, clock: Clock): Backend {
  let api: Promise<SimulatorApi> | null = null;
  const later = <T>(call: (a: SimulatorApi) => Promise<T>): Promise<T> =>
    new Promise<void>((resolve) => clock.setTimeout(resolve, 0)).then(async () => {
      api ??= loadApi();
      return call(await api);
    });
  return {
    api: forwardApi((name, args) => later((a) => callMethod(a, name, args))),
    interruptible: false,
    started: true,
    terminate() {},
    yieldWarmUp() {},
    interruptRuns: () => false,
  };
}
