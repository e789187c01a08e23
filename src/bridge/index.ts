// The bridge: how the UI reaches the simulator. See README.md.

import { createClient } from './client.ts';
import { createWorkerPool, type PoolOptions, type WorkerPool } from './pool.ts';
import { createDrawsService as drawsOnPool } from './drawLanes.ts';
import { openSearch } from './searchLanes.ts';
import { withStopSignal } from './stopSignal.ts';
import type { ClientOptions, SimulatorClient, WorkerLike } from './types.ts';
import { WARM_UP_SCENARIO, warmUpWith } from './warmUp.ts';

export type { BridgeStatus, Clock, SimulatorClient, WorkerLike } from './types.ts';
export type { WorkerPool } from './pool.ts';
export type { SearchOpen, SearchSession } from './searchLanes.ts';
export type { DrawBand, DrawSet, DrawSetReply, DrawsService } from './drawLanes.ts';
export { SimulatorError, systemClock } from './types.ts';

/** A worker started before the page's modules ran (startSimulatorWorker), not yet handed out. */
let early: WorkerLike | null = null;

/**
 * Starts the page's first simulator worker now, before the rest of the app's modules evaluate
 * (`src/app/startWorker.ts` is the entry's first import): its thread, its bundle's fetch and
 * compile overlap the page's start-up instead of following it, so the first result comes sooner
 * (`npm run bench:ui -- --profile --fresh-worker`: the worker was made only after the entry's
 * ~60 ms evaluation, 200–260 ms wall on a busy machine). The pool's first worker is this one.
 * A Worker that cannot be made is left to the pool, which reports it and falls back.
 */
export function startSimulatorWorker(): void {
  if (early) return;
  try {
    const started = takeHtmlWorker();
    early = started ? withStopSignal(started) : newSimulatorWorker();
  } catch {
    early = null;
  }
}

/**
 * The worker index.html's inline script started before any module was fetched (the built app:
 * vite.config.ts `startWorkerInHtml`), once; null elsewhere (the dev server, tests, the embed's
 * second call).
 */
function takeHtmlWorker(): WorkerLike | null {
  const page = globalThis as { __hpaSimHtmlWorker?: WorkerLike };
  const worker = page.__hpaSimHtmlWorker ?? null;
  delete page.__hpaSimHtmlWorker;
  return worker;
}

/** The app's worker: the one started early, once, else a new one. */
export function createSimulatorWorker(): WorkerLike {
  const started = early;
  early = null;
  return started ?? newSimulatorWorker();
}

/** Vite bundles the worker because of this exact `new Worker(new URL(…))` form. */
function newSimulatorWorker(): WorkerLike {
  return withStopSignal(
    new Worker(new URL('../worker/worker.ts', import.meta.url), {
      type: 'module',
      name: 'hpa-sim simulator',
    }),
  );
}

/** The engine on the main thread, loaded only if no worker can run (it stays out of the main chunk). */
export async function loadMainThreadApi() {
  const { createSimulatorApi } = await import('../worker/api.ts');
  return createSimulatorApi();
}

/**
 * The page's one pool of simulator workers: the client's workers and warm spare, and the search's
 * lanes (a search takes the spare first: it is warm).
 */
export function createSimulatorPool(options: Partial<PoolOptions> = {}): WorkerPool {
  return createWorkerPool({
    createWorker: createSimulatorWorker,
    loadFallbackApi: loadMainThreadApi,
    warmUp: warmUpWith(WARM_UP_SCENARIO),
    ...options,
  });
}

/** The scenario's work budget, as the app's runs use it (src/scenario/budget.ts). */
const MAX_WORK = 20_000_000;
/** Most workers a search starts in a page. */
const MAX_SEARCH_WORKERS = 8;

export function defaultSearchWorkers(): number {
  const n = typeof navigator === 'undefined' ? 1 : (navigator.hardwareConcurrency ?? 1);
  return Math.max(1, Math.min(MAX_SEARCH_WORKERS, n));
}

/** The store's search service over `pool` (its SearchService, structurally). */
export function createSearchService(pool: WorkerPool) {
  return {
    open: (...args: Parameters<typeof openSearch> extends [unknown, ...infer R] ? R : never) =>
      openSearch(pool, ...args),
    defaultWorkers: defaultSearchWorkers(),
    maxWork: MAX_WORK,
  };
}

/** The page's timing draws (spec.draws) on `pool`: two lanes at most (they share the cores). */
export function createDrawsService(pool: WorkerPool) {
  return drawsOnPool(pool, { lanes: Math.min(2, defaultSearchWorkers()) });
}

export function createSimulatorClient(options: Partial<ClientOptions> = {}): SimulatorClient {
  return createClient({
    createWorker: createSimulatorWorker,
    loadFallbackApi: loadMainThreadApi,
    warmUpText: WARM_UP_SCENARIO,
    ...options,
  });
}
