// Web Worker entry of the app's search pool (src/bridge/tunePool.ts): parses the scenario once,
// answers with the search's base (the main thread's generator needs the HPA and the world), then
// evaluates the candidates it is sent, one reply each.

import { parseScenario } from '../scenario/index.ts';
import { evaluateCandidate, tuneBase, type TuneBase } from '../tune/index.ts';
import type { TuneReply, TuneRequest } from './tuneProtocol.ts';

let base: TuneBase | null = null;

const post = (reply: TuneReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = (e: MessageEvent<TuneRequest>) => {
  const message = e.data;
  if (message.type === 'init') {
    const prepared = tuneBase(parseScenario(message.text), message.maxWork);
    base = prepared.ok ? prepared.base : null;
    post(
      prepared.ok
        ? { type: 'ready', base: prepared.base }
        : { type: 'refused', error: prepared.error },
    );
    return;
  }
  post({
    type: 'evaluated',
    slot: message.slot,
    evaluation: base ? evaluateCandidate(base, message.patch) : { ok: false, error: 'no scenario' },
  });
};
