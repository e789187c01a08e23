// The store the hooks read. One per page; initStore() replaces it (tests create their own).

import { createSimStore, type SimStore } from './createSimStore.ts';
import type { StoreDeps } from './types.ts';

let current: SimStore | null = null;

export function initStore(deps: StoreDeps): SimStore {
  current = createSimStore(deps);
  return current;
}

export function getStore(): SimStore {
  if (!current) throw new Error('hpa-sim: initStore() must run before the app renders');
  return current;
}
