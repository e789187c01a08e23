// The focus slice: what the user looks at in the run set — the run the explanation follows, the
// selected sync and its detail (fetched from the simulator for that run), the federation model of
// the Clusters panel and the view a link opened. It follows the run set: a new result keeps the
// focused run while the runs still have it, and refreshes or drops the selection.

import { MAIN_RUN, memberKey, parseMemberKey } from '../run/runKey.ts';
import type { ResultPayload, RunPayload } from '../worker/protocol.ts';
import type { SliceContext } from './slice.ts';
import type { FocusActions, FocusState, StoreClient, StoreDeps } from './types.ts';

/** The runs still have what `key` names: a run, or a decision (a member's, the central HPA's). */
export function hasFocus(runs: readonly RunPayload[], key: string): boolean {
  if (!runs.some((r) => r.key === key)) return false;
  // A model's total is a decision only in the shipped model (its central FederatedHPA).
  const d = parseMemberKey(key);
  return !d || d.member !== null || d.model === 'shipped';
}

export interface FocusSlice {
  initial: FocusState;
  actions: FocusActions;
  /** the focus a new run set keeps: the focused run while it is still there, else the HPA's */
  keptFor(runs: readonly RunPayload[]): Pick<FocusState, 'focusedRun'>;
  /** a new result is shown: the selected sync's detail is fetched again, or dropped past its end */
  resultShown(result: ResultPayload): void;
  /** another scenario: its syncs are other syncs, so nothing stays selected */
  cleared(): Pick<FocusState, 'selectedSync' | 'syncDetail'>;
}

export function createFocusSlice(
  { get, set }: SliceContext,
  client: Pick<StoreClient, 'getSync'>,
  deps: Pick<StoreDeps, 'sharedText' | 'sharedModel' | 'sharedView'>,
): FocusSlice {
  let detailToken = 0;

  function fetchDetail(index: number) {
    const token = ++detailToken;
    client.getSync(index, get().focusedRun).then(
      (detail) => {
        if (token === detailToken && get().selectedSync === index) set({ syncDetail: detail });
      },
      () => {}, // detail is optional; the selection stays
    );
  }

  const actions: FocusActions = {
    focusRun(key) {
      if (key === get().focusedRun) return;
      set({ focusedRun: key, syncDetail: null });
      const index = get().selectedSync;
      if (index !== null) fetchDetail(index);
    },
    chooseClusterModel(model) {
      if (model === get().clusterModel) return;
      set({ clusterModel: model });
      // An explained decision follows: the same member's HPA, or the central FederatedHPA.
      const d = parseMemberKey(get().focusedRun);
      if (!d || d.model === model) return;
      const key = memberKey(model, model === 'shipped' ? null : d.member);
      actions.focusRun(hasFocus(get().runs, key) ? key : MAIN_RUN);
    },
    selectSync(index) {
      if (index === get().selectedSync) return;
      detailToken++;
      set({ selectedSync: index, syncDetail: null });
      if (index !== null) fetchDetail(index);
    },
  };

  const linked = deps.sharedText != null;
  return {
    initial: {
      focusedRun: MAIN_RUN,
      // A link's model and view are read once, with its text (the page reads no URL later).
      clusterModel: linked ? (deps.sharedModel ?? null) : null,
      openedView: linked ? (deps.sharedView ?? null) : null,
      selectedSync: null,
      syncDetail: null,
    },
    actions,
    keptFor(runs) {
      const kept = get().focusedRun;
      return { focusedRun: hasFocus(runs, kept) ? kept : MAIN_RUN };
    },
    resultShown(result) {
      const index = get().selectedSync;
      if (index === null) return;
      if (index < result.series.time.length) fetchDetail(index);
      else set({ selectedSync: null, syncDetail: null });
    },
    cleared: () => ({ selectedSync: null, syncDetail: null }),
  };
}
