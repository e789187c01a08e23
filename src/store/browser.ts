// Wiring for the real page: the worker-backed client, localStorage, the share link in the URL,
// and page lifecycle. The app calls startBrowserStore() once before rendering; everything here is
// glue, the logic lives in createSimStore (tested in Node).

import {
  createDrawsService,
  createSearchService,
  createSimulatorClient,
  createSimulatorPool,
  type BridgeStatus,
} from '../bridge/index.ts';
import {
  decodeScenario,
  readShareFragment,
  readShareHpa,
  readShareAt,
  readShareTune,
  readShareModel,
  readShareView,
  watchShareFragment,
  writeShareFragment,
} from '../share/index.ts';
import type { SimStore } from './createSimStore.ts';
import { initStore } from './current.ts';
import { watchDraws } from './drawSet.ts';
import type { StorageLike } from './types.ts';

function browserStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike | null {
  try {
    return globalThis[kind] ?? null; // reading it throws when storage is disabled
  } catch {
    return null;
  }
}

export async function startBrowserStore(options: {
  defaultText: string;
  /** the simulator's warm-up runs wait for this (the page's start-up; ClientOptions) */
  warmUpAfter?: Promise<unknown>;
}): Promise<SimStore> {
  const payload = readShareFragment();
  const decoded = payload === null ? null : await decodeScenario(payload);
  // The link stays in the URL while the text is the link's: a reload reopens the same scenario.
  // The first edit takes it out, so from then on a reload restores the autosaved edits instead.

  // Statuses can arrive while initStore() starts the first run (e.g. no Worker at all).
  let store: SimStore | null = null;
  const early: BridgeStatus[] = [];
  // One pool of simulator workers for the runs and the policy search.
  const pool = createSimulatorPool();
  const client = createSimulatorClient({
    pool,
    ...(options.warmUpAfter ? { warmUpAfter: options.warmUpAfter } : {}),
    onStatus: (status) =>
      store ? store.getState().actions.simulatorStatusChanged(status) : early.push(status),
  });
  store = initStore({
    client,
    search: createSearchService(pool),
    defaultText: options.defaultText,
    storage: browserStorage('localStorage'),
    session: browserStorage('sessionStorage'),
    sharedText: decoded?.ok ? decoded.text : null,
    sharedHpa: decoded?.ok ? readShareHpa() : null,
    sharedModel: decoded?.ok ? readShareModel() : null,
    sharedView: decoded?.ok ? readShareView() : null,
    sharedAt: decoded?.ok ? readShareAt() : null,
    sharedTune: decoded?.ok ? readShareTune() : null,
  });
  // The timing draws of spec.draws, on the same pool (their own small store: drawSet.ts).
  watchDraws(store, createDrawsService(pool));
  const { actions } = store.getState();
  early.forEach((status) => actions.simulatorStatusChanged(status));
  if (decoded && !decoded.ok) {
    actions.sharedLinkFailed(decoded.error);
    writeShareFragment(null);
  }
  let linkText = decoded?.ok ? decoded.text : null;
  let linkPayload = decoded?.ok ? payload : null;
  store.subscribe((state, previous) => {
    if (linkText !== null && state.text !== previous.text && state.text !== linkText) {
      linkText = null;
      linkPayload = null;
      writeShareFragment(null);
    } else if (linkPayload !== null && state.hpa !== previous.hpa) {
      // Still the link's text: the address bar stays a link to what is on screen.
      writeShareFragment(linkPayload, state.hpa);
    }
  });

  watchShareFragment(async (next, hpa) => {
    const opened = await decodeScenario(next);
    if (opened.ok) {
      linkText = opened.text;
      linkPayload = next;
      actions.openSharedLink(opened.text, hpa);
    } else {
      writeShareFragment(null);
      actions.sharedLinkFailed(opened.error);
    }
  });
  // pagehide is the last reliable moment on desktop; visibilitychange covers mobile tab kills.
  addEventListener('pagehide', () => actions.pageLeft());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') actions.pageHidden();
  });
  return store;
}
