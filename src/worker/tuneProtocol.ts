// Messages between the app's search pool (src/bridge/tunePool.ts) and src/worker/tuneWorker.ts.
import type { Evaluation, TuneBase } from '../tune/index.ts';

export type TuneRequest =
  | { type: 'init'; text: string; maxWork: number }
  | { type: 'evaluate'; slot: number; patch: Record<string, unknown> };

export type TuneReply =
  | { type: 'ready'; base: TuneBase }
  | { type: 'refused'; error: string }
  | { type: 'evaluated'; slot: number; evaluation: Evaluation };
