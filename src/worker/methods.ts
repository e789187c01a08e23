// The method table (Squoosh-style): every method of the simulator API, once, with how the main
// thread calls it. The worker entry, both bridge backends (worker and main-thread fallback), the
// client and the test fakes are generated from it, so adding a method is two edits: the method
// itself (protocol.ts and api.ts) and its line here. The table is checked against SimulatorApi at
// compile time: a method missing here, or a name that is not one, fails typecheck.
//
// Pure data (no engine): the page loads it (eslint.config.js RUNTIME_ALLOWED).

import type { SimulatorApi } from './protocol.ts';

/**
 * - `run`: the latest-wins run (the client's scheduler: one in flight, one waiting);
 * - `ofRun`: about the latest delivered run: its first argument, the run id, is the client's;
 * - `call`: a plain call, answered by whichever worker is current;
 * - `job`: batch work on a pool's worker (a search's candidates), not on the client.
 */
export type MethodKind = 'run' | 'ofRun' | 'call' | 'job';

export const METHODS = {
  run: 'run',
  getSync: 'ofRun',
  exportCsv: 'ofRun',
  duplicateAsVariant: 'call',
  addVariant: 'call',
  prepareSearch: 'job',
  evaluate: 'job',
  runDraws: 'job',
  summarizeDraws: 'job',
} as const satisfies Record<keyof SimulatorApi, MethodKind>;

export type MethodName = keyof SimulatorApi;
export type Methods = typeof METHODS;

/** Every method name, in the table's order. */
export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];

/** A method's reply, unwrapped. */
export type Reply<K extends MethodName> = Awaited<ReturnType<SimulatorApi[K]>>;

/** Calls the method `name` with `args` somewhere else (a worker, a later tick, a fake). */
export type Forward = <K extends MethodName>(
  name: K,
  args: Parameters<SimulatorApi[K]>,
) => Promise<Reply<K>>;

/** A SimulatorApi whose every method goes through `forward`: the one forwarding, generated. */
export function forwardApi(forward: Forward): SimulatorApi {
  const api: Record<string, unknown> = {};
  for (const name of METHOD_NAMES) api[name] = (...args: unknown[]) => forward(name, args as never);
  return api as unknown as SimulatorApi;
}

/** Calls `name` on `api` (the typed spread TypeScript cannot follow through a union of names). */
export function callMethod<K extends MethodName>(
  api: SimulatorApi,
  name: K,
  args: Parameters<SimulatorApi[K]>,
): Promise<Reply<K>> {
  return (api[name] as (...a: unknown[]) => Promise<Reply<K>>)(...args);
}
