// Builds a store on fakes: a hand-answered client, an in-memory storage and a manual clock.

import { FakeClock } from '../../bridge/testing/fakes.ts';
import { createSimStore } from '../createSimStore.ts';
import type { StoreDeps } from '../types.ts';
import { FakeClient, MemoryStorage, resultReply, settle } from './fakes.ts';

export function setup(deps: Partial<StoreDeps> = {}) {
  const client = new FakeClient();
  const clock = new FakeClock();
  const storage = deps.storage === undefined ? new MemoryStorage() : deps.storage;
  const store = createSimStore({ client, clock, storage, defaultText: 'default', ...deps });
  const actions = store.getState().actions;
  return { store, actions, client, clock, storage: storage as MemoryStorage };
}

/** A store whose first run (of `text`) has been answered with a result. */
export async function ready(text = 'default') {
  const t = setup({ defaultText: text });
  t.client.lastRun.resolve(resultReply(text));
  await settle();
  return t;
}
