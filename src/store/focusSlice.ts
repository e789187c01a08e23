// The focus slice: what the user looks at in the run set — the run the explanation follows, the
// selected sync and its detail (fetched from the simulator for that run), the playback along the
// syncs (playing, speed: playback.ts), the federation model and variant of the Clusters panel and
// the view a link opened. It follows the run set: a new result keeps the focused run while the
// runs still have it, and refreshes or drops the selection.

import { MAIN_RUN, memberKey, parseMemberKey, variantOf } from '../run/runKey.ts';
import type { ResultPayload, RunPayload } from '../worker/protocol.ts';
import { createPlayer, PLAYER_INITIAL } from './playback.ts';
import type { SliceContext } from './slice.ts';
import type { FocusActions, FocusState, StoreClient, StoreDeps } from './types.ts';

/** The runs still have what `key` names: a run, or a decision (a member's, the central HPA's). */
export function hasFocus(runs: readonly RunPayload[], key: string): boolean {
  if (!runs.some((r) => r.key === key)) return false;
  // A model's total is a decision only in the shipped model (its central FederatedHPA).
  const d = parseMemberKey(key);
  return !d || d.member !== null || d.model === 'shipped';
}

/** The runs hold the federation of `variant` (null: the HPA's). */
function hasGroup(runs: readonly RunPayload[], variant: string | null): boolean {
  return runs.some((r) => r.kind === 'total' && variantOf(r) === variant);
}

export interface FocusSlice {
  initial: FocusState;
  actions: FocusActions;
  /** the focus a new run set keeps: the focused run while it is still there, else the HPA's */
  keptFor(runs: readonly RunPayload[]): Pick<FocusState, 'focusedRun' | 'clusterGroup'>;
  /** a new result is shown: the selected sync's detail is fetched again, or dropped past its end */
  resultShown(result: ResultPayload): void;
  /** another scenario: its syncs are other syncs, so nothing stays selected */
  cleared(): Pick<FocusState, 'selectedSync' | 'syncDetail'>;
}

export function createFocusSlice(
  { get, set }: SliceContext,
  client: Pick<StoreClient, 'getSync'>,
  deps: Pick<StoreDeps, 'sharedText' | 'sharedModel' | 'sharedView' | 'sharedAt' | 'ticker'>,
): FocusSlice {
  let detailToken = 0;
  /** the token of the detail being fetched (0: none); the player holds its sync until it comes */
  let pendingToken = 0;
  // The player moves this slice's own selection; its playing and speed are this slice's fields.
  const player = createPlayer(
    {
      index: () => get().selectedSync,
      count: () => get().result?.series.time.length ?? 0,
      select: (i) => actions.selectSync(i),
      waiting: () => pendingToken !== 0 && pendingToken === detailToken,
    },
    { get, set },
    deps.ticker,
  );

  function fetchDetail(index: number) {
    const token = ++detailToken;
    pendingToken = token;
    const settled = () => {
      if (pendingToken === token) pendingToken = 0;
    };
    client.getSync(index, get().focusedRun).then(
      (detail) => {
        settled();
        if (token === detailToken && get().selectedSync === index) set({ syncDetail: detail });
      },
      settled, // detail is optional; the selection stays
    );
  }

  const actions: FocusActions = {
    focusRun(key) {
      if (key === get().focusedRun) return;
      // A member's or total's decision shows its own federation's lanes (the HPA's or a variant's).
      const d = parseMemberKey(key);
      set({
        focusedRun: key,
        syncDetail: null,
        ...(d ? { clusterGroup: d.variant ?? null } : {}),
      });
      const index = get().selectedSync;
      if (index !== null) fetchDetail(index);
    },
    chooseClusterModel(model) {
      if (model === get().clusterModel) return;
      set({ clusterModel: model });
      // An explained decision follows: the same member's HPA, or the central FederatedHPA.
      const d = parseMemberKey(get().focusedRun);
      if (!d || d.model === model) return;
      const key = memberKey(model, model === 'shipped' ? null : d.member, d.variant);
      actions.focusRun(hasFocus(get().runs, key) ? key : MAIN_RUN);
    },
    chooseClusterGroup(variant) {
      if (variant === get().clusterGroup || !hasGroup(get().runs, variant)) return;
      set({ clusterGroup: variant });
      // An explained decision follows: the same member (or central HPA) of that federation.
      const d = parseMemberKey(get().focusedRun);
      if (!d) return;
      const key = memberKey(d.model, d.member, variant ?? undefined);
      if (hasFocus(get().runs, key)) actions.focusRun(key);
      else set({ focusedRun: MAIN_RUN, syncDetail: null });
    },
    selectSync(index) {
      if (index === get().selectedSync) return;
      detailToken++;
      set({ selectedSync: index, syncDetail: null });
      if (index !== null) fetchDetail(index);
    },
    play: player.play,
    playFrom: player.playFrom,
    pause: player.pause,
    togglePlay: player.toggle,
    stepSync: player.step,
    jumpToRescale: player.jump,
    setPlaybackSpeed: player.setSpeed,
  };

  const linked = deps.sharedText != null;
  return {
    initial: {
      focusedRun: MAIN_RUN,
      // A link's model and view are read once, with its text (the page reads no URL later).
      clusterModel: linked ? (deps.sharedModel ?? null) : null,
      openedView: linked ? (deps.sharedView ?? null) : null,
      clusterGroup: null,
      // A link's position (`&at=`): selected once its run arrives (resultShown fetches it).
      selectedSync: linked ? (deps.sharedAt ?? null) : null,
      syncDetail: null,
      ...PLAYER_INITIAL,
    },
    actions,
    keptFor(runs) {
      const kept = get().focusedRun;
      const group = get().clusterGroup;
      return {
        focusedRun: hasFocus(runs, kept) ? kept : MAIN_RUN,
        clusterGroup: group !== null && hasGroup(runs, group) ? group : null,
      };
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
