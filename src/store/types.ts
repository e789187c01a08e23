// The app state: what the user owns (the scenario text), what the simulator last said about it,
// and UI choices. Derived values (stale, can undo, diagnostics) are computed in selectors.

import type { BridgeStatus, Clock, SimulatorClient } from '../bridge/types.ts';
import type { SearchLaneOptions, SearchOpen } from '../bridge/searchLanes.ts';
import type { DrawsGoal } from '../tune/drawsGoal.ts';
import type { Constraint } from '../tune/goals.ts';
import type { SearchResult } from '../tune/search.ts';
import type { FederationModel } from '../run/index.ts';
import type {
  CsvExport,
  CurveEdit,
  ParseSummary,
  ResultPayload,
  RunPayload,
  SearchRequest,
  SyncDetail,
} from '../worker/protocol.ts';
import type { DraftEntry } from './drafts.ts';
import type { Speed, Ticker } from './playback.ts';
import type { LayoutPrefs } from './layoutPrefs.ts';

export type { DraftEntry, DraftReason } from './drafts.ts';

export type Theme = 'light' | 'dark' | 'system';

export interface RunStatus {
  /**
   * restarted/fallback: the simulator itself had trouble (see message); error: this run failed;
   * paused: the text is held, not simulated, until the user asks (see SimState.held)
   */
  kind: 'idle' | 'running' | 'error' | 'restarted' | 'fallback' | 'paused';
  message: string;
}

/** A message the user must see until dismissed (work at risk, a link that did not open, …). */
export interface Notice {
  /** held: the text is shown but not simulated; the page offers to run it anyway */
  kind: 'save-failed' | 'link-failed' | 'simulator' | 'held';
  message: string;
}

/** What the user owns and edits: the text, its HPA choice, what the simulator said about it (parse), its undo history, drafts, and the notices about the work (scenarioSlice.ts). */
export interface ScenarioState {
  /** the scenario YAML: what the user owns, autosaves and shares */
  text: string;
  /**
   * metadata.name of the HPA to simulate when the text holds several (null: the first); kept per
   * tab and carried by share links
   */
  hpa: string | null;
  /** the preset `text` came from, until it is edited */
  presetName: string | null;
  /** what the simulator said about the latest text it answered for */
  parse: ParseSummary | null;
  /** the text `parse` is about (its diagnostics' lines and columns, and their fixes, are its) */
  parseText: string | null;
  /**
   * The tab stopped (crashed, or was reloaded) while simulating this text last time: it is shown
   * but not simulated until runAnyway(), a preset, a restored draft or another link.
   */
  held: boolean;
  /**
   * a gesture (a curve drag) is under way: its texts arrive one per frame, so the page shows the
   * charts as they come without marking them stale between a frame's edit and its run
   */
  gestureActive: boolean;
  /**
   * the latest text that replaced the one before it whole — a preset, a link, undo or redo, a
   * restored draft, a click's step (an import, a variant) — as against typing or a drag's frames.
   * Views that read a typed text only once the typing pauses (the curve panel) draw this one at
   * once: it comes alone, and drawing it late moves the page under the pointer.
   */
  wholeText: string;
  /** texts this tab replaced (by a link, a preset, a restore), newest first */
  draftHistory: DraftEntry[];
  /**
   * what the other tabs hold (saved drafts and draft histories), newest first, each text once
   * (as of startup or refreshDrafts())
   */
  otherTabDrafts: SavedDraft[];
  /** earlier texts, oldest first */
  past: string[];
  /** undone texts, the next redo last */
  future: string[];
  notice: Notice | null;
}

/** The run set of the last good result and the run in flight (runsSlice.ts). */
export interface RunsState {
  /**
   * the last good result's primary run (the HPA's, or the first model's total: `primaryRun`
   * of `runs`, src/run/runKey.ts), kept on screen while the text is invalid or a run is pending
   */
  result: ResultPayload | null;
  /** every run of the last good result (src/run/runKey.ts), replaced together with `result` */
  runs: RunPayload[];
  /** the text `result` was computed from (result is stale when it differs from `text`) */
  resultText: string | null;
  /**
   * the HPA choice `result` was computed for: after the picker changes, the charts still show
   * the other HPA's run until the new one arrives, so they are stale too
   */
  resultHpa: string | null;
  runStatus: RunStatus;
}

/** What the user is looking at in the run set: the explained run, the selected sync and its detail, the cluster model, the opened view (focusSlice.ts). */
export interface FocusState {
  /**
   * the run the explanation panel explains (a run key: 'main' or a variant's name; for a
   * multi-cluster run a member's or the central HPA's decision, src/run/runKey.ts)
   */
  focusedRun: string;
  /**
   * the federation model the Clusters panel shows (null: the first the scenario runs); carried
   * by share links
   */
  clusterModel: FederationModel | null;
  /**
   * the variant whose federation the Clusters panel shows (null: the HPA's); set by focusing one
   * of its decisions or by the panel's switch, dropped when the runs no longer have it
   */
  clusterGroup: string | null;
  /**
   * the view the page was opened on by its share link (`compare`: the comparison), read once at
   * start-up like `hpa`; null otherwise
   */
  openedView: 'compare' | null;
  selectedSync: number | null;
  /** full record of the selected sync, fetched from the simulator (null while on its way) */
  syncDetail: SyncDetail | null;
  /** the playback moves `selectedSync` along the run (playback.ts) */
  playing: boolean;
  /** syncs per second of wall time (SPEEDS) */
  speed: Speed;
}

/** How the user likes the page: the theme and the layout (prefsSlice.ts). */
export interface PrefsState {
  /** pane widths, presenter mode, the editor folded (layoutPrefs.ts) */
  layout: LayoutPrefs;
  theme: Theme;
}

/** The policy search (searchSlice.ts). */
export interface SearchSliceState {
  /** the policy search: its form, status and result (searchSlice.ts) */
  search: SearchState;
}

/**
 * The whole state: the slices side by side (flat, so a hook reads one field), each written only
 * by its own slice file (README.md: who writes what), plus the actions object.
 */
export interface SimState
  extends ScenarioState, RunsState, FocusState, PrefsState, SearchSliceState {
  actions: SimActions;
}

/** The search dialog's fields: goals, objective and how to search. */
export interface SearchForm {
  constraints: Constraint[];
  minimize: 'pod-hours' | 'cost';
  /** the price per pod-hour, when minimizing cost */
  price: number;
  seed: number;
  /** runs, the current HPA's included */
  budget: number;
  workers: number;
  /** also search minReplicas/maxReplicas, and the utilization target */
  replicas: boolean;
  target: boolean;
  /** timing draws each candidate runs (1: once, as written), drawn from `seed` as `cli tune` does */
  draws: number;
  /** the percentile of the draws' bad tail a candidate is judged at (100: the worst draw) */
  percentile: number;
}

export type SearchStatus =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'running'; done: number; total: number; workers: number }
  | { kind: 'done'; result: SearchResult; workers: number; seconds: number }
  | { kind: 'error'; error: string };

export interface SearchState {
  status: SearchStatus;
  form: SearchForm;
  /** workers lost on a candidate during the latest search, one plain sentence each (newest last) */
  incidents: string[];
  /** the text the latest search tunes (its candidates patch this text's HPA) */
  text: string | null;
  /** the timing draws the latest search judges its candidates over (null: one run each) */
  draws: DrawsGoal | null;
}

/** Search actions (searchSlice.ts). */
export interface SearchActions {
  /** start a search of the current text with the form's goals (a running one is cancelled) */
  startSearch(): void;
  /** stop the running search: it ends as cancelled, with what it found so far */
  cancelSearch(): void;
  /** change the search form (the dialog's fields) */
  editSearchForm(patch: Partial<SearchForm>): void;
}

/** What the store needs to search: lanes on the worker pool (src/bridge/searchLanes.ts). */
export interface SearchService {
  open(request: SearchRequest, options: SearchLaneOptions): Promise<SearchOpen>;
  /** workers a search starts unless the form says otherwise */
  defaultWorkers: number;
  /** the work budget a candidate's run may cost */
  maxWork: number;
}

/** Edits of the text and its history, drafts, links, presets, the HPA choice, notices (scenarioSlice.ts). */
export interface ScenarioActions {
  editScenarioText(text: string): void;
  /**
   * A text from one click (insert the assumed Simulation document, apply an import): always its
   * own undo step, even right after typing, so Undo takes back the click and nothing more.
   */
  editByStep(text: string): void;
  /**
   * A text from a gesture (a curve drag, a shape picked): every text with the same `gesture` id
   * in a row is one undo step, however many arrive.
   */
  editByGesture(text: string, gesture: number, curve?: CurveEdit): void;
  /** a gesture (a curve drag) starts (true) or ends (false) */
  gestureChanged(active: boolean): void;
  /** add a variant (a search's candidate: name and merge patch); null when done, else why not */
  addVariant(name: string, patch: Record<string, unknown>): Promise<string | null>;
  /** add a variant copying the HPA's behavior; resolves null when done, else why not */
  duplicateAsVariant(): Promise<string | null>;
  /**
   * "Make this the HPA": `text` (computed from `from`, the text it was made from) holds the tuned
   * HPA, and the variant `name` with patch `back` keeps the old one; one undo step. Null when
   * done, else why not (the scenario changed meanwhile, the variant could not be added).
   */
  makeThisTheHpa(
    from: string,
    text: string,
    name: string,
    back: Record<string, unknown>,
  ): Promise<string | null>;
  loadPreset(name: string, text: string): void;
  /** a link's text, and the HPA it chose (null: the first) */
  openSharedLink(text: string, hpa?: string | null): void;
  /** simulate this HPA of the text (null: the first) */
  chooseHpa(name: string | null): void;
  sharedLinkFailed(error: string): void;
  /** bring back a text from the draft history or another tab (the current one is kept) */
  restoreDraft(text: string): void;
  /** read the other tabs' drafts again (e.g. when the Drafts menu opens) */
  refreshDrafts(): void;
  /** simulate a held text after all */
  runAnyway(): void;
  undo(): void;
  redo(): void;
  dismissNotice(): void;
  /** the page is being hidden or closed: write the pending autosave now */
  pageHidden(): void;
  /**
   * the page is being left normally (pagehide: a reload, a navigation, closing): save, and a run
   * in flight for less than 2 s does not count as what stopped the tab (see runGuard.ts)
   */
  pageLeft(): void;
}

/** The simulator and the run in flight (runsSlice.ts). */
export interface RunsActions {
  simulatorStatusChanged(status: BridgeStatus): void;
  cancelRun(): void;
  /**
   * the latest result as CSV (null when there is none): the HPA's run (default), or `runs`, every
   * run of the set with its RunKey (src/run/runSetCsv.ts)
   */
  exportCsv(which?: CsvExport): Promise<string | null>;
}

/** What the user looks at (focusSlice.ts). */
export interface FocusActions {
  /** explain this run (the HPA's, 'main', or a variant's) at the selected sync */
  focusRun(key: string): void;
  /**
   * show this federation model in the Clusters panel; an explained member or central decision
   * follows to the same place in that model (the central FederatedHPA in the shipped one)
   */
  chooseClusterModel(model: FederationModel): void;
  /**
   * show this variant's federation in the Clusters panel (null: the HPA's); an explained
   * decision follows to the same member (or central HPA) of it
   */
  chooseClusterGroup(variant: string | null): void;
  selectSync(index: number | null): void;
  /** play from the selected sync (from the first at the end) */
  play(): void;
  /** select sync `index` and play on from it (a lesson's "Play to see") */
  playFrom(index: number): void;
  pause(): void;
  togglePlay(): void;
  /** one sync back (-1) or forward (+1); pauses */
  stepSync(direction: 1 | -1): void;
  /** the next (+1) or previous (-1) of `rescales` (the syncs that rescaled, in order); pauses */
  jumpToRescale(direction: 1 | -1, rescales?: ArrayLike<number>): void;
  setPlaybackSpeed(speed: Speed): void;
}

/** Page preferences (prefsSlice.ts). */
export interface PrefsActions {
  setTheme(theme: Theme): void;
  /** the user resized a pane, switched presenter mode or folded the editor */
  changeLayout(patch: Partial<LayoutPrefs>): void;
}

/**
 * Everything that can happen to the state, named for what happened, not what to set: each
 * slice's actions in one object (a new slice adds its interface here and its file in
 * createSimStore.ts).
 */
export interface SimActions
  extends ScenarioActions, RunsActions, FocusActions, PrefsActions, SearchActions {}

/**
 * What the store needs of the simulator (the bridge's client, or a fake in tests): runs, a sync's
 * detail, the export, the two variant edits and cancel; a fake implements every one of them.
 */
export type StoreClient = Pick<
  SimulatorClient,
  'run' | 'getSync' | 'exportCsv' | 'addVariant' | 'duplicateAsVariant' | 'cancel'
>;

/** Another tab's (or this tab's) autosaved draft, as tabStorage.ts reads it. */
export interface SavedDraft {
  tabId: string;
  text: string;
  /** wall-clock milliseconds of the save */
  at: number;
}

/** The part of Web Storage used; methods may throw (quota, disabled storage). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

export interface StoreDeps {
  client: StoreClient;
  /** the policy search's lanes on the worker pool; without it a search says it cannot start */
  search?: SearchService | null;
  /** used when there is neither a shared link nor a saved draft */
  defaultText: string;
  /** localStorage: drafts and theme; null when the browser offers none (private mode, disabled) */
  storage: StorageLike | null;
  /** sessionStorage: this tab's id and the run guard; without it each load is a new tab */
  session?: StorageLike | null;
  /** a new tab's id (random by default) */
  makeTabId?: () => string;
  /** wall-clock milliseconds, for the times shown with drafts */
  wallClock?: () => number;
  /** the text of a share link opened with the page; wins over the saved draft */
  sharedText?: string | null;
  /** the HPA a share link opened with the page chose */
  sharedHpa?: string | null;
  /** the federation model a share link opened with the page chose (`&model=`) */
  sharedModel?: FederationModel | null;
  /** the view a share link opened the page on (`&view=compare`) */
  sharedView?: 'compare' | null;
  /** the sync a share link opened the page at (`&at=`), selected once its run arrives */
  sharedAt?: number | null;
  /** the draws a Tune search judged at, from a reviewer link (`&tune=`): the form starts there */
  sharedTune?: { draws: number; percentile: number; seed: number } | null;
  /** the playback's ticker (setInterval by default; tests drive ticks by hand) */
  ticker?: Ticker;
  clock?: Clock;
  /** typing pauses shorter than this stay one undo step (ms) */
  coalesceMs?: number;
  /** autosave waits for this much quiet (ms) */
  autosaveDelayMs?: number;
}
