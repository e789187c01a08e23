// Public types of the bridge. Structural on purpose (no DOM `Worker` type): the scheduling logic is
// tested in Node with a fake worker and a fake clock.

import type { MethodName, Methods, Reply } from '../worker/methods.ts';
import type { RunReply, RunRequestOptions, SimulatorApi } from '../worker/protocol.ts';
import type { WorkerPool } from './pool.ts';
import type { Clock, WorkerLike } from './transport.ts';

export { systemClock, type Clock, type WorkerLike } from './transport.ts';

/**
 * Something the user should see: the worker was replaced (a crash, or a run too costly to finish),
 * or runs moved to the main thread (only when no worker can run at all).
 */
export interface BridgeStatus {
  kind: 'restarted' | 'fallback';
  message: string;
}

type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/**
 * The client's side calls, generated from the method table (src/worker/methods.ts): an `ofRun`
 * method is about the latest delivered run (the client supplies its run id, the first argument),
 * a `call` method takes its arguments as they are. Each answers null when no run was delivered
 * yet, or its worker was replaced meanwhile. E.g. `getSync(index, runKey?)`, `exportCsv()`,
 * `duplicateAsVariant(text)`, `addVariant(text, variant)`.
 */
export type ClientMethods = {
  [K in MethodName as Methods[K] extends 'ofRun' | 'call' ? K : never]: (
    ...args: Methods[K] extends 'ofRun'
      ? Tail<Parameters<SimulatorApi[K]>>
      : Parameters<SimulatorApi[K]>
  ) => Promise<Reply<K> | null>;
};

export interface SimulatorClient extends ClientMethods {
  /**
   * Parse and simulate `text`. Latest run wins: resolves null when a newer run (or cancel())
   * superseded this one; rejects only when the simulator itself failed (crash, no reply).
   */
  run(text: string, options?: RunRequestOptions): Promise<RunReply | null>;
  /** Drop the run in flight; a worker busy with it is terminated and replaced. */
  cancel(): void;
  dispose(): void;
}

export interface ClientOptions {
  createWorker: () => WorkerLike;
  /**
   * The pool to take workers and the spare from (the app shares it with its search); without
   * one the client makes its own from `createWorker` and `warmUpText`.
   */
  pool?: WorkerPool;
  /** The same API on the main thread, for when no worker can run at all (loaded lazily). */
  loadFallbackApi: () => Promise<SimulatorApi>;
  onStatus?: (status: BridgeStatus) => void;
  clock?: Clock;
  /** a run busy longer than this is terminated when a newer one arrives (ms) */
  cancelAfterMs?: number;
  /** no reply within this means the worker hangs (ms) */
  replyTimeoutMs?: number;
  /** workers in a row that crash before answering anything, before the main thread takes over */
  maxStartFailures?: number;
  /**
   * A tiny scenario a spare worker runs to warm up; with it the client keeps one warm worker in
   * reserve for when the current one is replaced. null (the default here): no spare.
   */
  warmUpText?: string | null;
  /** the first spare starts this long after the first delivered run, off the page's load (ms) */
  spareDelayMs?: number;
  /** a spare starts and warms up only once no run was asked for this long (ms; QUIET_MS) */
  quietMs?: number;
  /**
   * the current worker, when started cold, warms up too (with `warmUpText`'s rounds) once it has
   * answered; default: where warm-up runs give way (a cross-origin isolated page)
   */
  warmCurrent?: boolean;
  /**
   * where the current worker warms itself (`warmCurrent`), the first spare starts only once that
   * warm-up is over and no run nor detail was asked for this long (ms; SPARE_QUIET_MS)
   */
  spareQuietMs?: number;
  /**
   * warm-up runs (the current worker's and the spare's) wait for this too: the page's start-up
   * (its first result drawn, its editor made) comes first
   */
  warmUpAfter?: Promise<unknown>;
  /**
   * a run stopped through its worker's stop signal answers within this (ms), or the worker is
   * replaced after all (STOP_GRACE_MS)
   */
  stopGraceMs?: number;
}

/** A run failed because the simulator did (not because of the scenario). */
export class SimulatorError extends Error {
  override name = 'SimulatorError';
}
