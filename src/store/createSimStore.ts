// The store (zustand, vanilla: no React here, so it runs in Node tests). One update path: every
// change of the text — typing, a preset, undo/redo, a share link — goes through `applyText`, which
// records history, schedules the autosave and asks the simulator for a run (latest run wins).

import { createStore, type StoreApi } from 'zustand/vanilla';
import { systemClock } from '../bridge/types.ts';
import type { ResultPayload, RunReply } from '../worker/protocol.ts';
import { recordEdit, redoStep, undoStep, type History } from './history.ts';
import { createAutosave, savedTheme, startupText, STORAGE_KEYS, write } from './persistence.ts';
import type { RunStatus, SimActions, SimState, StoreDeps } from './types.ts';

export type SimStore = StoreApi<SimState>;

const IDLE: RunStatus = { kind: 'idle', message: '' };
const RUNNING: RunStatus = { kind: 'running', message: '' };

/** Typing (coalesced into one undo step per burst) versus a discrete step (preset, link, undo). */
type EditKind = 'typing' | 'step';

export function createSimStore(deps: StoreDeps): SimStore {
  const { client, storage } = deps;
  const clock = deps.clock ?? systemClock;
  const coalesceMs = deps.coalesceMs ?? 500;
  const startup = startupText(storage, deps.sharedText, deps.defaultText);

  /** The run status once the simulator answers; 'fallback' stays because it is a lasting mode. */
  let settled: RunStatus = IDLE;
  let runToken = 0;
  let detailToken = 0;
  let lastEdit: { kind: EditKind; at: number } = { kind: 'step', at: -Infinity };
  let runText: (text: string) => void = () => {};

  const store = createStore<SimState>()((set, get) => {
    const autosave = createAutosave(storage, clock, deps.autosaveDelayMs ?? 500, (error) => {
      const notice = get().notice;
      if (error !== null) {
        set({
          notice: {
            kind: 'save-failed',
            message: `Your scenario could not be saved in this browser (${error}). Copy it or share a link to keep it.`,
          },
        });
      } else if (notice?.kind === 'save-failed') {
        set({ notice: null });
      }
    });

    function applyText(text: string, kind: EditKind | 'history', extra: Partial<SimState>) {
      const s = get();
      // Editors echo programmatic changes back as edits: the same text changes nothing (but a
      // preset chosen again is still named).
      if (text === s.text) return kind === 'step' ? set(extra) : undefined;
      if (kind !== 'history') {
        const at = clock.now();
        const coalesce =
          kind === 'typing' && lastEdit.kind === 'typing' && at - lastEdit.at < coalesceMs;
        lastEdit = { kind, at };
        Object.assign(extra, recordEdit(s, s.text, coalesce));
      } else {
        lastEdit = { kind: 'step', at: clock.now() };
      }
      set({ text, ...extra });
      autosave.schedule(text);
      requestRun(text);
    }

    function requestRun(text: string) {
      const token = ++runToken;
      set({ runStatus: RUNNING });
      client.run(text).then(
        (reply) => {
          // null: superseded. An older token: the client answered out of order; ignore it too.
          if (reply !== null && token === runToken) receive(text, reply);
        },
        (error: unknown) => {
          if (token !== runToken) return;
          const message = error instanceof Error ? error.message : String(error);
          set({ runStatus: { kind: 'error', message } });
        },
      );
    }

    function receive(text: string, reply: RunReply) {
      if (reply.result) {
        set({ parse: reply.parse, result: reply.result, resultText: text, runStatus: settled });
        refreshSelection(reply.result);
      } else {
        const runStatus: RunStatus = reply.error
          ? { kind: 'error', message: reply.error }
          : settled;
        set({ parse: reply.parse, runStatus });
      }
    }

    function fetchDetail(index: number) {
      const token = ++detailToken;
      client.getSync(index).then(
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

    const actions: SimActions = {
      editScenarioText: (text) => applyText(text, 'typing', { presetName: null }),
      loadPreset: (name, text) => applyText(text, 'step', { presetName: name }),
      openSharedLink(text) {
        const current = get().text;
        if (current !== text) write(storage, STORAGE_KEYS.scenarioBeforeLink, current);
        applyText(text, 'step', { presetName: null });
      },
      sharedLinkFailed: (error) =>
        set({
          notice: {
            kind: 'link-failed',
            message: `The shared link could not be opened: ${error}.`,
          },
        }),
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
        if (status.kind === 'fallback') settled = { kind: 'fallback', message: status.message };
        set({
          runStatus: { kind: status.kind, message: status.message },
          notice: { kind: 'simulator', message: status.message },
        });
      },
      cancelRun() {
        client.cancel?.();
        runToken++;
        set({ runStatus: settled });
      },
      dismissNotice: () => set({ notice: null }),
      pageHidden: () => autosave.flush(),
      exportCsv: () => client.exportCsv(),
    };

    return {
      text: startup.text,
      presetName: null,
      parse: null,
      result: null,
      resultText: null,
      runStatus: IDLE,
      selectedSync: null,
      syncDetail: null,
      // A link that replaced a saved draft: one undo brings the draft back.
      past: startup.replacedDraft === null ? [] : [startup.replacedDraft],
      future: [],
      theme: savedTheme(storage),
      notice: null,
      actions,
    };
  });

  // The first run goes through the same path as every later one.
  runText(store.getState().text);
  return store;
}
