// `cli tune`'s pool of worker threads: every core evaluates candidates, one at a time each, so a
// slow candidate never leaves the others idle. The search itself stays on the main thread and
// orders results by candidate index, so the result is the same with 1 or N workers.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  evaluateCandidate,
  localEvaluator,
  type BatchEvaluator,
  type Evaluation,
  type TuneBase,
} from '../tune/index.ts';

export type PoolRequest =
  | { type: 'init'; base: TuneBase }
  | { type: 'evaluate'; slot: number; patch: Record<string, unknown> };

export interface PoolReply {
  slot: number;
  evaluation: Evaluation;
}

export interface Pool {
  evaluate: BatchEvaluator;
  workers: number;
  close(): Promise<void>;
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** The worker entry beside this file: TypeScript under tsx, the bundle's own file when bundled. */
export const TUNE_WORKER_URL = new URL('./tuneWorker.ts', import.meta.url);

/**
 * `workers` threads running `workerUrl` (1: no thread, evaluated here). A thread that dies fails
 * the batch it was running with its error.
 */
export function createPool(base: TuneBase, workers: number, workerUrl = TUNE_WORKER_URL): Pool {
  if (workers <= 1)
    return {
      evaluate: localEvaluator(base, evaluateCandidate),
      workers: 1,
      close: () => Promise.resolve(),
    };
  const threads = Array.from({ length: workers }, () => {
    const w = startWorker(workerUrl);
    w.postMessage({ type: 'init', base } satisfies PoolRequest);
    return w;
  });
  const evaluate: BatchEvaluator = (items) =>
    new Promise<Evaluation[]>((resolve, reject) => {
      const out: Evaluation[] = new Array(items.length);
      let next = 0;
      let finished = 0;
      let failed = false;
      const cleanups: (() => void)[] = [];
      const done = () => cleanups.forEach((c) => c());
      const feed = (w: Worker) => {
        if (next >= items.length) return;
        const slot = next++;
        w.postMessage({ type: 'evaluate', slot, patch: items[slot]!.patch } satisfies PoolRequest);
      };
      for (const w of threads) {
        const onMessage = (reply: PoolReply) => {
          out[reply.slot] = reply.evaluation;
          finished++;
          if (finished === items.length) {
            done();
            resolve(out);
          } else feed(w);
        };
        const onError = (e: Error) => {
          if (failed) return;
          failed = true;
          done();
          reject(new Error(`a search worker failed: ${e.message}`));
        };
        w.on('message', onMessage);
        w.on('error', onError);
        cleanups.push(() => {
          w.off('message', onMessage);
          w.off('error', onError);
        });
        feed(w);
      }
      if (items.length === 0) {
        done();
        resolve(out);
      }
    });
  return {
    evaluate,
    workers,
    close: async () => {
      await Promise.all(threads.map((t) => t.terminate()));
    },
  };
}

/**
 * Under tsx (`npm run cli`) the worker is TypeScript too, and Node 20 workers do not inherit tsx's
 * module hooks: the thread loads it through tsx's API. A bundle's worker is plain JavaScript.
 */
function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true });
}
