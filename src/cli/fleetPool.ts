// `check` over a fleet on every core: the files go to worker threads one at a time each (a slow
// file never leaves the others idle) and the verdicts are merged in file order, so the report is
// the same with 1 or N threads. Under tsx the worker is TypeScript loaded through tsx's API (as
// threads.ts does); in the bundle the bundle itself is the worker (bin.ts, workerData).

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { currentParseOptions, providedText } from './loadScenario.ts';
import {
  mergeFleet,
  selectionFiles,
  type Fleet,
  type FileVerdicts,
  type Selection,
} from './fleet.ts';
import type { FleetJob, FleetReply, FleetRequest } from './fleetWorker.ts';
import type { Limits } from './judge.ts';

/** Files below this many are judged here: starting threads costs more than it saves. */
const MIN_FILES_FOR_THREADS = 8;
export const FLEET_WORKER_DATA = { hpaSimFleetWorker: true } as const;

export function fleetWorkers(): number {
  return Math.max(1, availableParallelism());
}

function startWorker(): Worker {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith('.ts')) return new Worker(self, { workerData: FLEET_WORKER_DATA });
  const url = new URL('./fleetWorker.ts', import.meta.url);
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true });
}

export async function judgeFleetParallel(
  sel: Selection,
  limits: Limits,
  hpa: string | undefined,
  workers: number,
  fallback: () => Fleet,
): Promise<Fleet> {
  const walked = selectionFiles(sel);
  // Standard input (and any text given rather than read) lives in this thread only.
  if (
    workers <= 1 ||
    walked.files.length < MIN_FILES_FOR_THREADS ||
    walked.files.some((f) => f === '-' || providedText(f) !== undefined)
  )
    return fallback();
  const job: FleetJob = {
    strict: sel.strictSingle === true && walked.files.length === 1,
    shard: sel.shard,
    flags: limits.active.map((t) => t.flag),
    values: limits.values,
    gate: limits.gate,
    hpa,
    options: currentParseOptions(),
  };
  const threads = Array.from({ length: Math.min(workers, walked.files.length) }, startWorker);
  const out: FileVerdicts[] = new Array(walked.files.length);
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      const feed = (w: Worker) => {
        if (next >= walked.files.length) return;
        const slot = next++;
        w.postMessage({ type: 'file', slot, file: walked.files[slot]! } satisfies FleetRequest);
      };
      for (const w of threads) {
        w.postMessage({ type: 'job', job } satisfies FleetRequest);
        w.on('message', (r: FleetReply) => {
          out[r.slot] = r.verdicts;
          if (++done === walked.files.length) resolve();
          else feed(w);
        });
        w.on('error', (e) => reject(new Error(`a check worker failed: ${e.message}`)));
        feed(w);
      }
    });
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
  return mergeFleet(walked, out);
}
