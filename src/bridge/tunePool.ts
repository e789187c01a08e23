// The app's search pool: one Web Worker per core (at most 8), each with the scenario parsed once;
// a batch is fed one candidate at a time to whichever worker is free. The search's generator runs
// on the page (it is cheap) and orders results by candidate index, so the answer does not depend
// on the number of workers. Closing terminates the workers: that is how a search is cancelled
// mid-batch.

import type { BatchEvaluator, Evaluation, TuneBase } from '../tune/index.ts';
import type { TuneReply, TuneRequest } from '../worker/tuneProtocol.ts';

export interface TunePool {
  workers: number;
  evaluate: BatchEvaluator;
  close(): void;
}

export type TunePoolStart =
  { ok: true; pool: TunePool; base: TuneBase } | { ok: false; error: string };

/** The scenario's work budget, as the app's runs use it (src/scenario/budget.ts). */
const MAX_WORK = 20_000_000;
const MAX_WORKERS = 8;

export function defaultTuneWorkers(): number {
  const n = typeof navigator === 'undefined' ? 1 : (navigator.hardwareConcurrency ?? 1);
  return Math.max(1, Math.min(MAX_WORKERS, n));
}

function createTuneWorker(): Worker {
  // Vite bundles the worker because of this exact `new Worker(new URL(…))` form.
  return new Worker(new URL('../worker/tuneWorker.ts', import.meta.url), {
    type: 'module',
    name: 'hpa-sim search',
  });
}

export async function startTunePool(text: string, workers: number): Promise<TunePoolStart> {
  const n = Math.max(1, Math.min(MAX_WORKERS, Math.trunc(workers)));
  const threads = Array.from({ length: n }, createTuneWorker);
  const close = () => threads.forEach((t) => t.terminate());
  const readies = threads.map(
    (t) =>
      new Promise<TuneReply>((resolve) => {
        t.onmessage = (e: MessageEvent<TuneReply>) => resolve(e.data);
        t.onerror = (e) => resolve({ type: 'refused', error: e.message || 'the worker failed' });
        t.postMessage({ type: 'init', text, maxWork: MAX_WORK } satisfies TuneRequest);
      }),
  );
  const replies = await Promise.all(readies);
  const first = replies[0]!;
  const failed = replies.find((r) => r.type !== 'ready');
  if (failed || first.type !== 'ready') {
    close();
    return {
      ok: false,
      error: failed?.type === 'refused' ? failed.error : 'the search could not start',
    };
  }
  // A batch under way when the pool closes ends short: the search, its signal aborted, then
  // returns what it has as cancelled.
  let abandon: (() => void) | null = null;
  const evaluate: BatchEvaluator = (items) =>
    new Promise<Evaluation[]>((resolve, reject) => {
      abandon = () => resolve([]);
      const out: Evaluation[] = new Array(items.length);
      let next = 0;
      let finished = 0;
      const feed = (t: Worker) => {
        if (next >= items.length) return;
        const slot = next++;
        t.postMessage({ type: 'evaluate', slot, patch: items[slot]!.patch } satisfies TuneRequest);
      };
      for (const t of threads) {
        t.onmessage = (e: MessageEvent<TuneReply>) => {
          const reply = e.data;
          if (reply.type !== 'evaluated') return;
          out[reply.slot] = reply.evaluation;
          if (++finished === items.length) {
            abandon = null;
            resolve(out);
          } else feed(t);
        };
        t.onerror = (e) => reject(new Error(e.message || 'a search worker failed'));
        feed(t);
      }
      if (items.length === 0) resolve(out);
    });
  const closePool = () => {
    close();
    abandon?.();
  };
  return { ok: true, base: first.base, pool: { workers: n, evaluate, close: closePool } };
}
