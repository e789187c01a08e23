// A worker thread's port (either end) as comlink's endpoint: what comlink's node adapter does,
// typed and without reaching into comlink's dist folder.

import type { Endpoint } from 'comlink';
import type { MessagePort, Worker } from 'node:worker_threads';

/** A thread's port as comlink's endpoint (what comlink's node adapter does, typed). */
export function portEndpoint(port: MessagePort | Worker): Endpoint {
  const listeners = new Map<unknown, (data: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      port.postMessage(message, transfer as never),
    addEventListener: (_type: string, listener: unknown) => {
      const on = (data: unknown) => {
        const l = listener as EventListenerOrEventListenerObject;
        if (typeof l === 'function') l({ data } as MessageEvent);
        else l.handleEvent({ data } as MessageEvent);
      };
      listeners.set(listener, on);
      port.on('message', on);
    },
    removeEventListener: (_type: string, listener: unknown) => {
      const on = listeners.get(listener);
      if (on) port.off('message', on);
      listeners.delete(listener);
    },
  } as Endpoint;
}
