// Builds a store on fakes: a hand-answered client, an in-memory storage and a manual clock.

import { FakeClock } from '../../bridge/testing/fakes.ts';
import { createSimStore } from '../createSimStore.ts';
import { STORAGE_KEYS } from '../tabStorage.ts';
import type { StoreDeps } from '../types.ts';
import { FakeClient, MemoryStorage, resultReply, settle } from './fakes.ts';

/** Wall-clock time of the fake clock's zero. */
export const EPOCH = Date.UTC(2026, 0, 1);

/**
 * One tab: its own sessionStorage (tab id `tabId`) unless `session` is given (a reload passes the
 * same one), over a shared localStorage when `storage` is given (several tabs).
 */
export function setup(deps: Partial<StoreDeps> & { tabId?: string } = {}) {
  const client = new FakeClient();
  const clock = new FakeClock();
  const storage = deps.storage === undefined ? new MemoryStorage() : deps.storage;
  const session = deps.session === undefined ? new MemoryStorage() : deps.session;
  const tabId = deps.tabId ?? 'tab-1';
  const store = createSimStore({
    client,
    clock,
    storage,
    session,
    makeTabId: () => tabId,
    wallClock: () => EPOCH + clock.now(),
    defaultText: 'default',
    ...deps,
  });
  const actions = store.getState().actions;
  return {
    store,
    actions,
    client,
    clock,
    storage: storage as MemoryStorage,
    session: session as MemoryStorage,
  };
}

/** The text this tab autosaved, or undefined. */
export function savedText(storage: MemoryStorage, tabId = 'tab-1'): string | undefined {
  const json = storage.values.get(STORAGE_KEYS.draft(tabId));
  return json === undefined ? undefined : (JSON.parse(json) as { text: string }).text;
}

/** A store whose first run (of `text`) has been answered with a result. */
export async function ready(text = 'default') {
  const t = setup({ defaultText: text });
  t.client.lastRun.resolve(resultReply(text));
  await settle();
  return t;
}
