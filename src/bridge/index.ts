// The bridge: how the UI reaches the simulator. See README.md.

import { createClient } from './client.ts';
import type { ClientOptions, SimulatorClient, WorkerLike } from './types.ts';
import { WARM_UP_SCENARIO } from './warmUp.ts';

export type { BridgeStatus, Clock, SimulatorClient, WorkerLike } from './types.ts';
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

export function createSimulatorClient(options: Partial<ClientOptions> = {}): SimulatorClient {
  return createClient({
    createWorker: createSimulatorWorker,
    loadFallbackApi: loadMainThreadApi,
    warmUpText: WARM_UP_SCENARIO,
    ...options,
  });
}
