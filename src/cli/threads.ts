// Node's worker threads as the bridge's workers: `cli tune` runs the app's pool (src/bridge/pool.ts)
// over threads of the same simulator API (simulatorThread.ts), so the CLI's search gets the same
// lanes, crash and hang handling and scheduler (src/tune/feed.ts) as the app's.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createWorkerPool, type WorkerPool } from '../bridge/pool.ts';
import type { WorkerLike } from '../bridge/transport.ts';
import { portEndpoint } from './portEndpoint.ts';

/** The thread entry beside this file: TypeScript under tsx, the bundle's own file when bundled. */
export const SIMULATOR_THREAD_URL = new URL('./simulatorThread.ts', import.meta.url);

/** The cores this process may use: the most threads a search starts. */
export function machineCores(): number {
  return Math.max(1, availableParallelism());
}

/**
 * A worker thread as the bridge's WorkerLike: messages as `{ data }` events, an uncaught error or
 * an exit we did not ask for as an `error` event (the pool's crash).
 */
export function threadWorker(thread: Worker): WorkerLike {
  const endpoint = portEndpoint(thread);
  const errors = new Map<(event: unknown) => void, [(e: Error) => void, (code: number) => void]>();
  let terminated = false;
  return {
    postMessage: (message, transfer) => endpoint.postMessage(message, transfer as Transferable[]),
    addEventListener(type, listener) {
      if (type === 'message') endpoint.addEventListener('message', listener as never);
      else if (type === 'error') {
        const onError = (e: Error) => listener({ message: e.message });
        const onExit = (code: number) => {
          if (!terminated) listener({ message: `the worker thread exited (code ${code})` });
        };
        errors.set(listener, [onError, onExit]);
        thread.on('error', onError);
        thread.on('exit', onExit);
      } else if (type === 'messageerror') thread.on('messageerror', listener);
    },
    removeEventListener(type, listener) {
      if (type === 'message') endpoint.removeEventListener('message', listener as never);
      else if (type === 'error') {
        const pair = errors.get(listener);
        if (pair) {
          thread.off('error', pair[0]);
          thread.off('exit', pair[1]);
        }
        errors.delete(listener);
      } else if (type === 'messageerror') thread.off('messageerror', listener);
    },
    terminate() {
      terminated = true;
      void thread.terminate();
    },
  };
}

/**
 * Under tsx (`npm run cli`) the thread is TypeScript too, and Node 20 threads do not inherit
 * tsx's module hooks: the thread loads it through tsx's API. A bundle's thread is plain JavaScript.
 */
export function startThread(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true });
}

/** The pool of simulator threads `cli tune` (and the bench) searches on. */
export function createThreadPool(url: URL = SIMULATOR_THREAD_URL): WorkerPool {
  return createWorkerPool({ createWorker: () => threadWorker(startThread(url)) });
}
