// The runs slice: the run set of the last good result (every run with its key, src/run/README.md),
// its primary run's result and the text and HPA it came from, and the run in flight. One run is
// asked for at a time per text; an answer for anything but the latest request is dropped
// (superseded: the bridge drops it already, the token checks again).

import { primaryRun } from '../run/runKey.ts';
import type { CurveEdit, RunReply } from '../worker/protocol.ts';
import type { FocusSlice } from './focusSlice.ts';
import type { RunGuard } from './runGuard.ts';
import { samePayload } from './samePayload.ts';
import { shownText } from './shownText.ts';
import type { SliceContext } from './slice.ts';
import type {
  Notice,
  RunsActions,
  RunsState,
  RunStatus,
  ScenarioState,
  StoreClient,
} from './types.ts';

export const IDLE: RunStatus = { kind: 'idle', message: '' };
const RUNNING: RunStatus = { kind: 'running', message: '' };
export const HELD: RunStatus = {
  kind: 'paused',
  message: 'not simulated: press “Run it anyway” to simulate',
};
/** Messages from the simulator can quote input: shown escaped and bounded. */
export const MESSAGE_CHARS = 500;

export interface RunsSlice {
  initial: RunsState;
  actions: RunsActions;
  /** ask the simulator for a run of `text` (with the HPA chosen now); the latest request wins */
  requestRun(text: string, curve?: CurveEdit): void;
  /** the text is held, not simulated (README.md: guarded runs) */
  hold(): void;
}

/** What the runs slice needs of the others: how a parse reads, how a notice is shown, the focus. */
export interface RunsLinks {
  /** the scenario slice's parse fields for an answer about `text` */
  parsed(text: string, reply: RunReply): Pick<ScenarioState, 'parse' | 'parseText'>;
  /** the scenario slice's notice field showing `notice` (set together with the run status) */
  noticed(notice: Notice): Pick<ScenarioState, 'notice'>;
  /** the chosen HPA is not in the text the run was for: fall back to the first (and run it) */
  hpaAbsent(): void;
  focus: FocusSlice;
}

export function createRunsSlice(
  { get, set }: SliceContext,
  client: StoreClient,
  guard: RunGuard,
  held: boolean,
  links: RunsLinks,
): RunsSlice {
  /** The run status once the simulator answers; 'fallback' stays because it is a lasting mode. */
  let settled: RunStatus = IDLE;
  let runToken = 0;

  function requestRun(text: string, curve?: CurveEdit) {
    const token = ++runToken;
    set({ runStatus: RUNNING });
    guard.running(text);
    const hpa = get().hpa;
    client.run(text, { ...(hpa === null ? {} : { hpa }), ...(curve ? { curve } : {}) }).then(
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
    const parsed = links.parsed(text, reply);
    // Runs that show what the shown ones show keep the shown objects (samePayload.ts).
    const shown = get().runs;
    const runs = shown.length > 0 && samePayload(shown, reply.runs) ? shown : reply.runs;
    const result = primaryRun(runs)?.result ?? null;
    if (result) {
      // One update: no subscriber sees the new runs with the old focus or parse.
      set({
        ...parsed,
        result,
        runs,
        // The focused variant (or cluster decision) stays focused while it exists; else the HPA's.
        ...links.focus.keptFor(runs),
        resultText: text,
        resultHpa: hpa,
        runStatus: settled,
      });
      links.focus.resultShown(result);
    } else {
      const runStatus: RunStatus = reply.error
        ? { kind: 'error', message: shownText(reply.error, MESSAGE_CHARS) }
        : settled;
      set({ ...parsed, runStatus });
    }
    // A choice the text no longer holds (renamed, deleted, another file pasted): the parse names
    // the HPAs it holds and selected none. The picker shows the first; the run follows it.
    const p = reply.parse;
    const absent = hpa !== null && p.hpaChoices.length > 0 && p.selectedHpa === '';
    if (absent && get().hpa === hpa && get().text === text) links.hpaAbsent();
  }

  return {
    initial: {
      result: null,
      runs: [],
      resultText: null,
      resultHpa: null,
      runStatus: held ? HELD : IDLE,
    },
    requestRun,
    hold: () => set({ runStatus: HELD }),
    actions: {
      simulatorStatusChanged(status) {
        const message = shownText(status.message, MESSAGE_CHARS);
        if (status.kind === 'fallback') settled = { kind: 'fallback', message };
        set({
          runStatus: { kind: status.kind, message },
          ...links.noticed({ kind: 'simulator', message }),
        });
      },
      cancelRun() {
        client.cancel();
        runToken++;
        guard.answered();
        set({ runStatus: get().held ? HELD : settled });
      },
      exportCsv: (which) => client.exportCsv(which),
    },
  };
}
