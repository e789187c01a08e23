// What a worker exposes: the API object with each reply's buffers marked for transfer. Shared by
// the Web Worker entry (worker.ts) and `cli tune`'s worker threads (src/cli/simulatorThread.ts).

import { transfer } from 'comlink';
import { callMethod, forwardApi, type MethodName, type Reply } from './methods.ts';
import { replyTransferables } from './payload.ts';
import type { SimulatorApi } from './protocol.ts';

/**
 * The buffers a method's reply hands over (detached here, which is why payloads are copies).
 * A method not listed transfers nothing: its reply is structured-cloned.
 */
const TRANSFERS: { [K in MethodName]?: (reply: Reply<K>) => ArrayBuffer[] } = {
  run: replyTransferables,
  runDraws: (reply) =>
    reply.ok ? reply.draws.map((d) => d.specReplicas.buffer as ArrayBuffer) : [],
};

export function exposedApi(api: SimulatorApi): SimulatorApi {
  const forward = async <K extends MethodName>(
    name: K,
    args: Parameters<SimulatorApi[K]>,
  ): Promise<Reply<K>> => {
    const reply = (await callMethod(api, name, args)) as Reply<K>;
    const buffers = (TRANSFERS[name] as ((r: Reply<K>) => ArrayBuffer[]) | undefined)?.(reply);
    return buffers && buffers.length > 0 ? transfer(reply, buffers) : reply;
  };
  return forwardApi(forward);
}
