// The bridge: how the UI reaches the simulator. See README.md.

import { createClient } from './client.ts';
import { createWorkerPool, type PoolOptions, type WorkerPool } from './pool.ts';
import { createDrawsService as drawsOnPool } from './drawLanes.ts';
import { openSearch } from './searchLanes.ts';
import type { ClientOptions, SimulatorClient, WorkerLike } from './types.ts';
import { WARM_UP_SCENARIO, warmUpWith } from './warmUp.ts';

export type { BridgeStatus, Clock, SimulatorClient, WorkerLike } from './types.ts';
export type { WorkerPool } from './pool.ts';
export type { SearchOpen, SearchSession } from './searchLanes.ts';
export type { DrawBand, DrawSet, DrawSetReply, DrawsService } from './drawLanes.ts';
export { SimulatorError, systemClock } from './types.ts';

/** The app's worker. Vite bundles it because of this exact `new Worker(new URL(…))` form. */
export function createSimulatorWorker(): WorkerLike {
  return new Worker(new URL('../worker/worker.ts', import.meta.url), {
    type: 'module',
    name: 'hpa-sim simulator',
  });
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
