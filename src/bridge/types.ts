// Public types of the bridge. Structural on purpose (no DOM `Worker` type): the scheduling logic is
// tested in Node with a fake worker and a fake clock.

import type {
  EditReply,
  RunReply,
  RunRequestOptions,
  SyncDetail,
  VariantRequest,
} from '../worker/protocol.ts';

/** What the bridge needs of a Worker; a real `Worker` satisfies it. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: unknown[]): void;
  addEventListener(type: string, listener: (event: unknown) => void): void;
  removeEventListener(type: string, listener: (event: unknown) => void): void;
  terminate(): void;
}

/** Time and timers, injectable so tests control every timeout deterministically. */
export interface Clock {
  /** milliseconds, monotonic */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/**
 * Something the user should see: the worker was replaced (a crash, or a run too costly to finish),
 * or runs moved to the main thread (only when no worker can run at all).
 */
export interface BridgeStatus {
  kind: 'restarted' | 'fallback';
  message: string;
}

export interface SimulatorClient {
  /**
   * Parse and simulate `text`. Latest run wins: resolves null when a newer run (or cancel())
   * superseded this one; rejects only when the simulator itself failed (crash, no reply).
   */
  run(text: string, options?: RunRequestOptions): Promise<RunReply | null>;
  /** One sync of the latest delivered run (null when none, out of range, or gone). */
  getSync(index: number, runKey?: string): Promise<SyncDetail | null>;
  /** The text with a new variant copying the HPA's behavior (null when no run was delivered). */
  duplicateAsVariant(text: string): Promise<EditReply | null>;
  /** The text with `variant` added under spec.variants (null when no run was delivered). */
  addVariant(text: string, variant: VariantRequest): Promise<EditReply | null>;
  /** The latest delivered run as CSV (null when none or gone). */
  exportCsv(): Promise<string | null>;
  /** Drop the run in flight; a worker busy with it is terminated and replaced. */
  cancel(): void;
  dispose(): void;
}

export interface ClientOptions {
  createWorker: () => WorkerLike;
  /** The same API on the main thread, for when no worker can run at all (loaded lazily). */
  loadFallbackApi: () => Promise<import('../worker/protocol.ts').SimulatorApi>;
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
}

/** A run failed because the simulator did (not because of the scenario). */
export class SimulatorError extends Error {
  override name = 'SimulatorError';
}
