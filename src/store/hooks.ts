// React hooks: one value each, so a component re-renders only when its value changes. Selectors
// return stored references or primitives (never a fresh array/object), as useSyncExternalStore
// requires.

import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Diagnostic, FederationModel } from '../run/index.ts';
import type { ParseSummary, ResultPayload, RunPayload, SyncDetail } from '../worker/protocol.ts';
import { getStore } from './current.ts';
import {
  cachedFederationGroups,
  cachedFederationView,
  type FederationView,
} from './federationView.ts';
import type { Speed } from './playback.ts';
import type { LayoutPrefs } from './layoutPrefs.ts';
import {
  selectCanRedo,
  selectCanUndo,
  selectDiagnosticsCurrent,
  selectErrorCount,
  selectIsStale,
  selectShownStale,
  selectTextUnlessGesture,
} from './selectors.ts';
import type {
  DraftEntry,
  Notice,
  RunStatus,
  SavedDraft,
  SearchState,
  SimActions,
  SimState,
  Theme,
} from './types.ts';

const NO_DIAGNOSTICS: Diagnostic[] = [];

function useSim<T>(selector: (s: SimState) => T): T {
  return useStore(getStore(), selector);
}

export const useScenarioText = (): string => useSim((s) => s.text);
/** the latest text replaced whole (a preset, a link, undo): see SimState.wholeText */
export const useWholeText = (): string => useSim((s) => s.wholeText);
/** the text while `active` (an open dialog), else '': closed, it does not re-render per edit */
export const useScenarioTextWhile = (active: boolean): string =>
  useSim((s) => (active ? s.text : ''));
/** the text now, read when called (a click's handler): no re-render on every edit */
export const getScenarioText = (): string => getStore().getState().text;
/** the selected sync now (a share link's position), read on a click: no re-render per tick */
export const getSelectedSync = (): number | null => getStore().getState().selectedSync;
export const useHpaChoice = (): string | null => useSim((s) => s.hpa);
export const usePresetName = (): string | null => useSim((s) => s.presetName);
export const useParseSummary = (): ParseSummary | null => useSim((s) => s.parse);
/** the Simulation document's metadata.name ('' without one): a string, the same after most edits */
export const useParsedName = (): string => useSim((s) => s.parse?.name ?? '');
/** the Simulation document's description ('' without one): a string */
export const useParsedDescription = (): string => useSim((s) => s.parse?.description ?? '');
/** the parse when the text holds several HPAs (the picker's), else null: the same per edit */
export const useParseWithHpaChoices = (): ParseSummary | null =>
  useSim((s) => ((s.parse?.hpaChoices.length ?? 0) > 1 ? s.parse : null));
/** a text over the size limit cut down to its autoscalers (undefined: none offered) */
export const useTrimmedText = (): string | undefined => useSim((s) => s.parse?.trimmed);
/** the default world assumed without a Simulation document, in words (null: none) */
export const useDefaultWorld = (): string | null => useSim((s) => s.parse?.defaultWorld ?? null);
/** the diagnostics are the text's own (their fixes are located in it): a boolean */
export const useDiagnosticsCurrent = (): boolean => useSim(selectDiagnosticsCurrent);
/** the text, or null during a gesture: selectTextUnlessGesture */
export const useScenarioTextUnlessGesture = (): string | null => useSim(selectTextUnlessGesture);
/** the ready-to-insert Simulation document of a text without one (null: it has one) */
export const useDefaultSimulation = (): string | null =>
  useSim((s) => s.parse?.defaultSimulation ?? null);
/**
 * the parse's release (null: none), the same object while its fields are: each parse answers with
 * a new one, and the release rarely changes with an edit
 */
export const useRelease = (): NonNullable<ParseSummary['release']> | null =>
  useSim(useShallow((s: SimState) => s.parse?.release ?? null));
/** "Kubernetes 1.34 under KEDA 2.17", the parse's release in words (null: none): a string */
export const useReleaseLabel = (): string | null =>
  useSim((s) => {
    const r = s.parse?.release;
    return r ? `Kubernetes ${r.label}${r.keda ? ` under KEDA ${r.keda}` : ''}` : null;
  });
export const useDiagnostics = (): Diagnostic[] =>
  useSim((s) => s.parse?.diagnostics ?? NO_DIAGNOSTICS);
/** errors in the text: a number, so an edit that keeps the count re-renders nothing */
export const useErrorCount = (): number => useSim(selectErrorCount);
export const useResult = (): ResultPayload | null => useSim((s) => s.result);
/** every run with the result: the HPA's first, then its variants */
export const useRuns = (): RunPayload[] => useSim((s) => s.runs);
/**
 * the member clusters of a multi-cluster result, every model, read from the runs: the HPA's
 * federation or the variant's the Clusters panel shows (null: a single cluster)
 */
export const useFederation = (): FederationView | null =>
  useSim((s) => cachedFederationView(s.runs, s.clusterGroup));
/** the variant whose federation the Clusters panel shows (null: the HPA's) */
export const useClusterGroup = (): string | null => useSim((s) => s.clusterGroup);
/** the variants with a federation in the runs (null: the HPA's), in the set's order */
export const useClusterGroups = (): (string | null)[] =>
  useSim((s) => cachedFederationGroups(s.runs));
/** the playback: playing, and its speed (syncs per second) */
export const usePlaying = (): boolean => useSim((s) => s.playing);
export const usePlaybackSpeed = (): Speed => useSim((s) => s.speed);
/** the text the shown runs were computed from (the compare table's stale note) */
export const useResultText = (): string | null => useSim((s) => s.resultText);
export const useFocusedRun = (): string => useSim((s) => s.focusedRun);
/** the federation model the Clusters panel shows (null: the scenario's first) */
export const useClusterModel = (): FederationModel | null => useSim((s) => s.clusterModel);
export const useOpenedView = (): 'compare' | null => useSim((s) => s.openedView);
export const useIsStale = (): boolean => useSim(selectIsStale);
/** stale as the charts and KPIs show it: not while a gesture's runs follow it frame by frame */
export const useShownStale = (): boolean => useSim(selectShownStale);
/** the shown stale flag while `active`, else false: a reader that shows it only sometimes */
export const useShownStaleWhile = (active: boolean): boolean =>
  useSim((s) => active && selectShownStale(s));
/** The text the diagnostics were computed for (null before the first answer). */
export const useDiagnosticsText = (): string | null => useSim((s) => s.parseText);
export const useGestureActive = (): boolean => useSim((s) => s.gestureActive);
export const useRunStatus = (): RunStatus => useSim((s) => s.runStatus);
export const useSelectedSync = (): number | null => useSim((s) => s.selectedSync);
export const useSyncDetail = (): SyncDetail | null => useSim((s) => s.syncDetail);
export const useCanUndo = (): boolean => useSim(selectCanUndo);
export const useCanRedo = (): boolean => useSim(selectCanRedo);
export const useTheme = (): Theme => useSim((s) => s.theme);
/** pane widths, presenter mode, the editor folded */
export const useLayout = (): LayoutPrefs => useSim((s) => s.layout);
export const useNotice = (): Notice | null => useSim((s) => s.notice);
export const useDraftHistory = (): DraftEntry[] => useSim((s) => s.draftHistory);
export const useOtherTabDrafts = (): SavedDraft[] => useSim((s) => s.otherTabDrafts);
export const useHeld = (): boolean => useSim((s) => s.held);
/** the policy search: form, status (progress, result) and lost workers (searchSlice.ts) */
export const useSearch = (): SearchState => useSim((s) => s.search);
/** the timing draws the latest search judged at (null: none, or one draw): links and run sets */
export const useSearchDraws = (): SearchState['draws'] => useSim((s) => s.search.draws);
/** The actions object never changes, so using it never re-renders. */
export const useActions = (): SimActions => useSim((s) => s.actions);
