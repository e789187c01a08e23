// The store (zustand, vanilla: no React here, so it runs in Node tests). One update path: every
// change of the text — typing, a preset, undo/redo, a share link — goes through `applyText`, which
// records history, schedules the autosave and asks the simulator for a run (latest run wins).
// A text replaced by a link, a preset or a restore joins this tab's draft history first.

import { saveFailedMessage } from './storageWords.ts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { systemClock } from '../bridge/types.ts';
import { MAIN_RUN, memberKey, parseMemberKey, primaryRun } from '../run/runKey.ts';
import type { ParseSummary, ResultPayload, RunPayload, RunReply } from '../worker/protocol.ts';
import type { DraftReason } from './drafts.ts';
import { recordEdit, redoStep, undoStep, type History } from './history.ts';
import { openTab } from './openTab.ts';
import { createAutosave, savedTheme } from './persistence.ts';
import { createSearchSlice } from './searchSlice.ts';
import { shownText } from './shownText.ts';
import { otherTabsTexts, read, remove, STORAGE_KEYS, write } from './tabStorage.ts';
import type { Notice, RunStatus, SimActions, SimState, StoreDeps } from './types.ts';

export type SimStore = StoreApi<SimState>;

const IDLE: RunStatus = { kind: 'idle', message: '' };
const RUNNING: RunStatus = { kind: 'running', message: '' };
const HELD: RunStatus = {
  kind: 'paused',
  message: 'not simulated: press “Run it anyway” to simulate',
};
const HELD_NOTICE: Notice = {
  kind: 'held',
  message:
    'This tab stopped while it was simulating this scenario, so it is shown as text only and not simulated. Your other drafts are in the Drafts menu.',
};
/** Messages from the simulator can quote input: shown escaped and bounded. */
const MESSAGE_CHARS = 500;

/**
 * Typing (coalesced into one undo step per burst), a gesture (a curve drag: one undo step however
 * many texts it sends) or a discrete step (preset, link, undo).
 */
type EditKind = 'typing' | 'step' | { gesture: number };

/** The runs still have what `key` names: a run, or a decision (a member's, the central HPA's). */
function hasFocus(runs: readonly RunPayload[], key: string): boolean {
  if (!runs.some((r) => r.key === key)) return false;
  // A model's total is a decision only in the shipped model (its central FederatedHPA).
  const d = parseMemberKey(key);
  return !d || d.member !== null || d.model === 'shipped';
}

/**
 * The new parse summary, with the previous one's diagnostics array when they say the same: the
 * editor sets its markers (and Monaco re-renders) when that array changes, and a drag's runs
 * answer with the same (usually no) diagnostics at every frame.
 */
function withKeptDiagnostics(prev: ParseSummary | null, next: ParseSummary): ParseSummary {
  const a = prev?.diagnostics;
  const b = next.diagnostics;
  if (!a || a === b || a.length !== b.length) return next;
  if (a.length > 0 && JSON.stringify(a) !== JSON.stringify(b)) return next;
  return { ...next, diagnostics: a };
}

export function createSimStore(deps: StoreDeps): SimStore {
  const { client, storage } = deps;
  const clock = deps.clock ?? systemClock;
  const now = deps.wallClock ?? Date.now;
  const coalesceMs = deps.coalesceMs ?? 500;
  const {
    tabId,
    guard,
    keeper,
    startup,
    held: heldAtStart,
    onSaveFailed,
  } = openTab(deps, clock, now);

  /** The run status once the simulator answers; 'fallback' stays because it is a lasting mode. */
  let settled: RunStatus = IDLE;
  let runToken = 0;
  let detailToken = 0;
  let lastEdit: { kind: EditKind; at: number } = { kind: 'step', at: -Infinity };
  const sameGesture = (a: EditKind, b: EditKind) =>
    typeof a === 'object' && typeof b === 'object' && a.gesture === b.gesture;
  let runText: (text: string) => void = () => {};

  const store = createStore<SimState>()((set, get) => {
    const onSaved = (error: string | null) => {
      const notice = get().notice;
      if (error !== null) {
        set({
          notice: {
            kind: 'save-failed',
            message: saveFailedMessage(error),
          },
        });
      } else if (notice?.kind === 'save-failed') {
        set({ notice: null });
      }
    };
    const autosave = createAutosave(
      storage,
      tabId,
      clock,
      now,
      deps.autosaveDelayMs ?? 500,
      onSaved,
    );
    onSaveFailed(onSaved);

    /**
     * The current text joins the draft history, unless it is nothing to lose. Returned as state
     * to set together with the new text: one update, so no subscriber sees a half-done change.
     */
    function keepCurrent(reason: DraftReason): Partial<SimState> {
      const s = get();
      if (s.presetName !== null || s.text.trim() === '' || s.text === deps.defaultText) return {};
      return { draftHistory: keeper.keep(s.text, reason) };
    }

    function applyText(
      text: string,
      kind: EditKind | 'history',
      extra: Partial<SimState>,
      save = true,
    ) {
      const s = get();
      // Editors echo programmatic changes back as edits: the same text changes nothing (but a
      // preset chosen again is still named).
      if (text === s.text) return kind === 'step' ? set(extra) : undefined;
      if (kind !== 'history') {
        const at = clock.now();
        const coalesce =
          (kind === 'typing' && lastEdit.kind === 'typing' && at - lastEdit.at < coalesceMs) ||
          sameGesture(kind, lastEdit.kind);
        lastEdit = { kind, at };
        Object.assign(extra, recordEdit(s, s.text, coalesce));
      } else {
        lastEdit = { kind: 'step', at: clock.now() };
      }
      set({ text, ...extra });
      if (save) autosave.schedule(text);
      if (get().held) set({ runStatus: HELD });
      else requestRun(text);
    }

    function requestRun(text: string) {
      const token = ++runToken;
      set({ runStatus: RUNNING });
      guard.running(text);
      const hpa = get().hpa;
      client.run(text, hpa === null ? {} : { hpa }).then(
        (reply) => {
          // null: superseded. An older token: the client answered out of order; ignore it too.
          if (reply === null || token !== runToken) return;
          guard.answered();
          receive(text, hpa, reply);
        },
        (error: unknown) => {
          if (token !== runToken) return;
          guard.answered(); // the tab survived it
          const message = error instanceof Error ? error.message : String(error);
          set({ runStatus: { kind: 'error', message: shownText(message, MESSAGE_CHARS) } });
        },
      );
    }

    function receive(text: string, hpa: string | null, reply: RunReply) {
      const parse = withKeptDiagnostics(get().parse, reply.parse);
      const result = primaryRun(reply.runs)?.result ?? null;
      if (result) {
        const runs = reply.runs;
        // The focused variant (or cluster decision) stays focused while it exists; else the HPA's.
        const kept = get().focusedRun;
        const focusedRun = hasFocus(runs, kept) ? kept : MAIN_RUN;
        set({
          parse,
          parseText: text,
          result,
          runs,
          federation: reply.federation ?? null,
          focusedRun,
          resultText: text,
          resultHpa: hpa,
          runStatus: settled,
        });
        refreshSelection(result);
      } else {
        const runStatus: RunStatus = reply.error
          ? { kind: 'error', message: shownText(reply.error, MESSAGE_CHARS) }
          : settled;
        set({ parse, parseText: text, runStatus });
      }
    }

    function fetchDetail(index: number) {
      const token = ++detailToken;
      client.getSync(index, get().focusedRun).then(
        (detail) => {
          if (token === detailToken && get().selectedSync === index) set({ syncDetail: detail });
        },
        () => {}, // detail is optional; the selection stays
      );
    }

    function refreshSelection(result: ResultPayload) {
      const index = get().selectedSync;
      if (index === null) return;
      if (index < result.series.time.length) fetchDetail(index);
      else set({ selectedSync: null, syncDetail: null });
    }

    function history(): History {
      const { past, future } = get();
      return { past, future };
    }

    runText = requestRun;

    /** The choice survives a reload of this tab (sessionStorage), and no other tab sees it. */
    function rememberHpa(name: string | null) {
      const session = deps.session ?? null;
      if (name === null) remove(session, STORAGE_KEYS.hpa);
      else write(session, STORAGE_KEYS.hpa, name);
    }

    const searchSlice = createSearchSlice({ get, set, service: deps.search ?? null, clock });

    const actions: SimActions = {
      ...searchSlice.actions,
      editScenarioText: (text) => applyText(text, 'typing', { presetName: null }),
      editByStep: (text) => applyText(text, 'step', { presetName: null }),
      editByGesture: (text, gesture) => applyText(text, { gesture }, { presetName: null }),
      gestureChanged(active) {
        if (active !== get().gestureActive) set({ gestureActive: active });
      },
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
      async addVariant(name, patch) {
        const text = get().text;
        const reply = await client.addVariant(text, { name, patch });
        // null: the simulator was replaced meanwhile (a crash, a restart) and did not answer
        if (!reply) return 'the simulator is not ready';
        if (!reply.ok) return reply.error;
        if (get().text !== text) return 'the scenario changed meanwhile: add it again';
        applyText(reply.text, 'step', { presetName: null });
        return null;
      },
      async makeThisTheHpa(from, text, name, back) {
        if (get().text !== from) return 'the scenario changed since the search: run it again';
        const reply = client.addVariant
          ? await client.addVariant(text, { name, patch: back })
          : null;
        if (!reply) return 'the simulator is not ready';
        if (!reply.ok) return reply.error;
        if (get().text !== from) return 'the scenario changed meanwhile: try again';
        applyText(reply.text, 'step', { presetName: null });
        return null;
      },
      async duplicateAsVariant() {
        const text = get().text;
        const reply = await client.duplicateAsVariant(text);
        if (!reply) return 'the simulator is not ready';
        if (!reply.ok) return reply.error;
        if (get().text === text) applyText(reply.text, 'step', { presetName: null });
        return null;
      },
      loadPreset(name, text) {
        const kept = text !== get().text ? keepCurrent('preset') : {};
        // Another scenario: the old selection means nothing in it (its syncs are other syncs).
        const fresh = { selectedSync: null, syncDetail: null };
        applyText(text, 'step', { presetName: name, held: false, ...fresh, ...kept });
      },
      openSharedLink(text, hpa = null) {
        if (text === get().text) return actions.chooseHpa(hpa);
        rememberHpa(hpa);
        const kept = keepCurrent('link');
        // This tab's saved draft stays what the user wrote: merely opening a link does not
        // overwrite it (the first edit of the link's text does).
        autosave.flush();
        applyText(text, 'step', { presetName: null, held: false, hpa, ...kept }, false);
      },
      chooseHpa(name) {
        if (name === get().hpa) return;
        rememberHpa(name);
        set({ hpa: name });
        if (!get().held) requestRun(get().text);
      },
      sharedLinkFailed: (error) =>
        set({
          notice: {
            kind: 'link-failed',
            message: `The shared link could not be opened: ${shownText(error)}.`,
          },
        }),
      restoreDraft(text) {
        if (text === get().text) return;
        keepCurrent('restore');
        const draftHistory = keeper.forget(text);
        applyText(text, 'step', { presetName: null, held: false, draftHistory });
      },
      refreshDrafts: () => set({ otherTabDrafts: otherTabsTexts(storage, tabId) }),
      runAnyway() {
        if (!get().held) return;
        set({ held: false, notice: get().notice?.kind === 'held' ? null : get().notice });
        requestRun(get().text);
      },
      selectSync(index) {
        if (index === get().selectedSync) return;
        detailToken++;
        set({ selectedSync: index, syncDetail: null });
        if (index !== null) fetchDetail(index);
      },
      undo() {
        const step = undoStep(history(), get().text);
        if (step) applyText(step.text, 'history', { ...step.history, presetName: null });
      },
      redo() {
        const step = redoStep(history(), get().text);
        if (step) applyText(step.text, 'history', { ...step.history, presetName: null });
      },
      setTheme(theme) {
        set({ theme });
        write(storage, STORAGE_KEYS.theme, theme); // a theme that is not remembered costs nothing
      },
      simulatorStatusChanged(status) {
        const message = shownText(status.message, MESSAGE_CHARS);
        if (status.kind === 'fallback') settled = { kind: 'fallback', message };
        set({
          runStatus: { kind: status.kind, message },
          notice: { kind: 'simulator', message },
        });
      },
      cancelRun() {
        client.cancel();
        runToken++;
        guard.answered();
        set({ runStatus: get().held ? HELD : settled });
      },
      dismissNotice: () => set({ notice: null }),
      pageHidden: () => autosave.flush(),
      pageLeft() {
        autosave.flush();
        guard.leaving();
      },
      exportCsv: () => client.exportCsv(),
    };

    // A link's choice wins over the tab's own, as its text does.
    const startHpa =
      deps.sharedText != null
        ? (deps.sharedHpa ?? null)
        : read(deps.session ?? null, STORAGE_KEYS.hpa);
    if (deps.sharedText != null) rememberHpa(startHpa);
    return {
      text: startup.text,
      hpa: startHpa,
      presetName: null,
      parse: null,
      parseText: null,
      result: null,
      runs: [],
      federation: null,
      focusedRun: 'main',
      // A link's model and view are read once, with its text (the page reads no URL later).
      clusterModel: deps.sharedText != null ? (deps.sharedModel ?? null) : null,
      openedView: deps.sharedText != null ? (deps.sharedView ?? null) : null,
      resultText: null,
      resultHpa: null,
      runStatus: heldAtStart ? HELD : IDLE,
      held: heldAtStart,
      draftHistory: keeper.history,
      otherTabDrafts: otherTabsTexts(storage, tabId),
      selectedSync: null,
      gestureActive: false,
      syncDetail: null,
      // A link that replaced a saved draft: one undo brings the draft back.
      past: startup.replacedDraft === null ? [] : [startup.replacedDraft],
      future: [],
      theme: savedTheme(storage),
      notice: heldAtStart ? HELD_NOTICE : null,
      search: searchSlice.initial,
      actions,
    };
  });

  // The first run goes through the same path as every later one (unless the text is held).
  if (!heldAtStart) runText(store.getState().text);
  return store;
}
