// The scenario slice: what the user owns — the text and the HPA chosen in it, the preset it came
// from, what the simulator said about it (parse), its undo history, this tab's drafts and the
// notices about the work. One update path: every change of the text — typing, a preset,
// undo/redo, a share link — goes through `applyText`, which records history, schedules the
// autosave and asks the runs slice for a run. A text replaced by a link, a preset or a restore
// joins this tab's draft history first.

import type { Clock } from '../bridge/types.ts';
import type { CurveEdit, ParseSummary, RunReply } from '../worker/protocol.ts';
import type { DraftReason } from './drafts.ts';
import type { FocusSlice } from './focusSlice.ts';
import { recordEdit, redoStep, undoStep, type History } from './history.ts';
import type { openTab } from './openTab.ts';
import { createAutosave } from './persistence.ts';
import { shownText } from './shownText.ts';
import type { SliceContext } from './slice.ts';
import { saveFailedMessage } from './storageWords.ts';
import { otherTabsTexts, read, remove, STORAGE_KEYS, write } from './tabStorage.ts';
import type { Notice, ScenarioActions, ScenarioState, SimState, StoreDeps } from './types.ts';

const HELD_NOTICE: Notice = {
  kind: 'held',
  message:
    'This tab stopped while it was simulating this scenario, so it is shown as text only and not simulated. Your other drafts are in the Drafts menu.',
};

/**
 * Typing (coalesced into one undo step per burst), a gesture (a curve drag: one undo step however
 * many texts it sends) or a discrete step (preset, link, undo).
 */
type EditKind = 'typing' | 'step' | { gesture: number };

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

export interface ScenarioSlice {
  initial: ScenarioState;
  actions: ScenarioActions;
  /** the parse fields for the simulator's answer about `text` */
  parsed(text: string, reply: RunReply): Pick<ScenarioState, 'parse' | 'parseText'>;
  /** the notice field showing `notice` */
  noticed(notice: Notice): Pick<ScenarioState, 'notice'>;
  /** the chosen HPA is gone from the text: back to the first, as the picker shows */
  hpaAbsent(): void;
}

/** What the scenario slice needs of the others: the runs slice's run and hold, the focus. */
export interface ScenarioLinks {
  /** `curve`: a drag's move, which the simulator may run without parsing `text` */
  requestRun(text: string, curve?: CurveEdit): void;
  hold(): void;
  focus: FocusSlice;
}

export function createScenarioSlice(
  { get, set }: SliceContext,
  deps: StoreDeps,
  tab: ReturnType<typeof openTab>,
  clock: Clock,
  now: () => number,
  links: ScenarioLinks,
): ScenarioSlice {
  const { client, storage } = deps;
  const coalesceMs = deps.coalesceMs ?? 500;
  const { tabId, guard, keeper, startup, held: heldAtStart } = tab;
  let lastEdit: { kind: EditKind; at: number } = { kind: 'step', at: -Infinity };
  /** the last run asked for was a drag's move, run without parsing its text */
  let dragRun = false;
  const sameGesture = (a: EditKind, b: EditKind) =>
    typeof a === 'object' && typeof b === 'object' && a.gesture === b.gesture;

  const onSaved = (error: string | null) => {
    const notice = get().notice;
    if (error !== null) {
      set({ notice: { kind: 'save-failed', message: saveFailedMessage(error) } });
    } else if (notice?.kind === 'save-failed') {
      set({ notice: null });
    }
  };
  const autosave = createAutosave(storage, tabId, clock, now, deps.autosaveDelayMs ?? 500, onSaved);
  tab.onSaveFailed(onSaved);

  /**
   * The current text joins the draft history, unless it is nothing to lose. Returned as state
   * to set together with the new text: one update, so no subscriber sees a half-done change.
   */
  function keepCurrent(reason: DraftReason): Partial<ScenarioState> {
    const s = get();
    if (s.presetName !== null || s.text.trim() === '' || s.text === deps.defaultText) return {};
    return { draftHistory: keeper.keep(s.text, reason) };
  }

  function applyText(
    text: string,
    kind: EditKind | 'history',
    extra: Partial<SimState>,
    save = true,
    curve?: CurveEdit,
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
    // A step or a history move replaces the text whole (wholeText); typing and a drag do not.
    set(
      typeof kind === 'object' || kind === 'typing'
        ? { text, ...extra }
        : { text, wholeText: text, ...extra },
    );
    if (save) autosave.schedule(text);
    if (get().held) links.hold();
    else if (curve) {
      dragRun = true;
      links.requestRun(text, curve);
    } else {
      dragRun = false;
      links.requestRun(text);
    }
  }

  function history(): History {
    const { past, future } = get();
    return { past, future };
  }

  /** The choice survives a reload of this tab (sessionStorage), and no other tab sees it. */
  function rememberHpa(name: string | null) {
    const session = deps.session ?? null;
    if (name === null) remove(session, STORAGE_KEYS.hpa);
    else write(session, STORAGE_KEYS.hpa, name);
  }

  const actions: ScenarioActions = {
    editScenarioText: (text) => applyText(text, 'typing', { presetName: null }),
    editByStep: (text) => applyText(text, 'step', { presetName: null }),
    editByGesture: (text, gesture, curve) =>
      applyText(text, { gesture }, { presetName: null }, true, curve),
    gestureChanged(active) {
      if (active !== get().gestureActive) set({ gestureActive: active });
      // The drag's last run swapped its curve into the start text's plan: the text's own parse
      // (its diagnostics' places, its notices) once the drag is over.
      if (!active && dragRun && !get().held) {
        dragRun = false;
        links.requestRun(get().text);
      }
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
      const reply = client.addVariant ? await client.addVariant(text, { name, patch: back }) : null;
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
      const fresh = links.focus.cleared();
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
      if (!get().held) links.requestRun(get().text);
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
      links.requestRun(get().text);
    },
    undo() {
      const step = undoStep(history(), get().text);
      if (step) applyText(step.text, 'history', { ...step.history, presetName: null });
    },
    redo() {
      const step = redoStep(history(), get().text);
      if (step) applyText(step.text, 'history', { ...step.history, presetName: null });
    },
    dismissNotice: () => set({ notice: null }),
    pageHidden: () => autosave.flush(),
    pageLeft() {
      autosave.flush();
      guard.leaving();
    },
  };

  // A link's choice wins over the tab's own, as its text does.
  const startHpa =
    deps.sharedText != null
      ? (deps.sharedHpa ?? null)
      : read(deps.session ?? null, STORAGE_KEYS.hpa);
  if (deps.sharedText != null) rememberHpa(startHpa);

  return {
    initial: {
      text: startup.text,
      hpa: startHpa,
      presetName: null,
      parse: null,
      parseText: null,
      held: heldAtStart,
      gestureActive: false,
      wholeText: startup.text,
      draftHistory: keeper.history,
      otherTabDrafts: otherTabsTexts(storage, tabId),
      // A link that replaced a saved draft: one undo brings the draft back.
      past: startup.replacedDraft === null ? [] : [startup.replacedDraft],
      future: [],
      notice: heldAtStart ? HELD_NOTICE : null,
    },
    actions,
    parsed: (text, reply) => ({
      parse: withKeptDiagnostics(get().parse, reply.parse),
      parseText: text,
    }),
    noticed: (notice) => ({ notice }),
    hpaAbsent: () => actions.chooseHpa(null),
  };
}
