// The embed view's store (`#s=…&embed=1`, src/app/embed/): the link's scenario, the same worker
// client as the page, and no storage at all, so an embedded copy never touches the drafts, the
// autosave or the theme of the app on the same origin, and never rewrites the host page's URL.

import { createSimulatorClient, type BridgeStatus } from '../bridge/index.ts';
import {
  decodeScenario,
  readShareAt,
  readShareFragment,
  readShareHpa,
  readShareModel,
} from '../share/index.ts';
import type { SimStore } from './createSimStore.ts';
import { initStore } from './current.ts';

export async function startEmbedStore(options: {
  defaultText: string;
}): Promise<{ store: SimStore; error: string | null }> {
  const payload = readShareFragment();
  const decoded = payload === null ? null : await decodeScenario(payload);
  let store: SimStore | null = null;
  const early: BridgeStatus[] = [];
  const client = createSimulatorClient({
    onStatus: (status) =>
      store ? store.getState().actions.simulatorStatusChanged(status) : early.push(status),
  });
  store = initStore({
    client,
    defaultText: options.defaultText,
    storage: null,
    session: null,
    sharedText: decoded?.ok ? decoded.text : null,
    sharedHpa: decoded?.ok ? readShareHpa() : null,
    sharedModel: decoded?.ok ? readShareModel() : null,
    sharedAt: decoded?.ok ? readShareAt() : null,
  });
  early.forEach((status) => store!.getState().actions.simulatorStatusChanged(status));
  const error =
    payload === null
      ? 'this embed link holds no scenario (#s=…): showing the default one'
      : decoded && !decoded.ok
        ? decoded.error
        : null;
  return { store, error };
}
