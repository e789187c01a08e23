// "Open run set…" (issue 25): a run set file (Export → Run set) picked from the Drafts menu
// reopens its scenario; once it has re-run, say whether the figures are the saved ones
// (compareRunSet) and name any that differ. A malformed file opens nothing: said where it is wrong.
// The trigger lives in the Drafts menu (what you can go back to), not as its own button: the
// toolbar keeps one row at 1024 px (e2e/curves.spec.ts "toolbar at 1024×768").

import { useState, type RefObject } from 'react';
import { compareRunSet } from '../share/runSet.ts';
import { useActions, useDrawSet, useIsStale, useRuns, useScenarioText } from '../store/index.ts';
import { closeRunSet, openRunSet, useOpenedRunSet } from '../store/runSetOpen.ts';

/** The run set file input (clicked by the Drafts menu's item) and what opening it said. */
export function RunSetOpen(props: { input: RefObject<HTMLInputElement | null> }) {
  const [error, setError] = useState<string | null>(null);
  const actions = useActions();
  async function open(file: File | undefined) {
    if (file) setError(openRunSet(actions, file.name, await file.text()));
  }
  return (
    <>
      <input
        ref={props.input}
        type="file"
        accept=".json,application/json"
        aria-label="Run set file"
        hidden
        onChange={(e) => {
          void open(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {error ? (
        <span className="status" data-kind="error" role="alert">
          The run set could not be opened: {error}.
          <button className="btn" aria-label="Dismiss" onClick={() => setError(null)}>
            ×
          </button>
        </span>
      ) : (
        <RunSetCheck />
      )}
    </>
  );
}

/** Whether the reopened scenario's runs give the figures the file saved. */
function RunSetCheck() {
  const opened = useOpenedRunSet();
  // No run set opened (the usual page): nothing read that changes per edit.
  return opened ? <OpenedRunSetCheck opened={opened} /> : null;
}

function OpenedRunSetCheck({
  opened,
}: {
  opened: NonNullable<ReturnType<typeof useOpenedRunSet>>;
}) {
  const text = useScenarioText();
  const stale = useIsStale();
  const runs = useRuns();
  const drawSet = useDrawSet();
  if (text !== opened.file.scenario.text) return null;
  const waiting =
    stale || runs.length === 0 || (opened.file.draws !== null && drawSet.kind !== 'done');
  let words: string;
  let kind: 'ok' | 'error' | undefined;
  if (waiting) words = `${opened.name}: re-running the saved scenario…`;
  else {
    const check = compareRunSet(
      opened.file,
      runs.map((r) => ({ key: r.key, kpis: r.result?.kpis ?? null })),
      drawSet.kind === 'done' ? drawSet.set.stats : null,
    );
    const first = check.differences[0];
    if (check.missing.length === 0 && !first) {
      words = `${opened.name} (saved ${opened.file.savedAt.slice(0, 10)}): the same figures, ${opened.file.runs.length} run${opened.file.runs.length === 1 ? '' : 's'}${opened.file.draws ? ` and ${opened.file.draws.count} draws` : ''}`;
      kind = 'ok';
    } else {
      words = `${opened.name}: the re-run differs from the saved figures — ${
        first
          ? `${first.run} ${first.figure} ${first.now} (saved ${first.saved})${check.differences.length > 1 ? ` and ${check.differences.length - 1} more` : ''}`
          : ''
      }${check.missing.length ? `${first ? '; ' : ''}missing: ${check.missing.join(', ')}` : ''}`;
      kind = 'error';
    }
  }
  return (
    <span className="status" role="status" data-kind={kind} aria-label="Opened run set">
      {words}
      <button className="btn" aria-label="Dismiss the run set check" onClick={closeRunSet}>
        ×
      </button>
    </span>
  );
}
