// One worker thread of `cli tune`'s pool: receives the search's base once, then evaluates the
// candidates it is sent, one reply per candidate (the pool keeps every thread busy).
import { parentPort } from 'node:worker_threads';
import { evaluateCandidate, type TuneBase } from '../tune/index.ts';
import type { PoolReply, PoolRequest } from './tunePool.ts';

let base: TuneBase | null = null;

parentPort?.on('message', (message: PoolRequest) => {
  if (message.type === 'init') {
    base = message.base;
    return;
  }
  const reply: PoolReply = {
    slot: message.slot,
    evaluation: base
      ? evaluateCandidate(base, message.patch)
      : { ok: false, error: 'the worker has no scenario' },
  };
  parentPort!.postMessage(reply);
});
