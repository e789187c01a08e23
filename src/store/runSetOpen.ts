// "Open run set…": a saved run set (src/share/runSet.ts) reopened in this tab. Its scenario text
// opens as a shared link does (the text shown before is kept in the draft history, so no edit is
// lost) and re-runs to its figures; the file stays here so the page can say whether the re-run
// gives the saved figures (compareRunSet). A malformed file changes nothing and says where.
// Its own file beside the store's slices: it only calls the store's public actions; the caller
// shows the error (the page: beside the button).

import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { readRunSet, type RunSetFile } from '../share/runSet.ts';
import type { SimActions } from './types.ts';

export type OpenedRunSet = { name: string; file: RunSetFile } | null;

const opened = createStore<{ set: OpenedRunSet }>()(() => ({ set: null }));

/**
 * Opens `text` (a run set file named `name`) through the store's `openSharedLink`; null when
 * opened, else the located error ("runs.json:7:5: expected a number (at runs.0.kpis.podHours)").
 */
export function openRunSet(
  actions: Pick<SimActions, 'openSharedLink' | 'editSearchForm'>,
  name: string,
  text: string,
): string | null {
  const read = readRunSet(text);
  if (!read.ok) {
    const at = read.path ? ` (at ${read.path})` : '';
    return `${name}:${read.line}:${read.column}: ${read.error}${at}; nothing was opened`;
  }
  opened.setState({ set: { name, file: read.file } });
  actions.openSharedLink(read.file.scenario.text, read.file.scenario.hpa);
  // The Tune search's draws, so searching again gives the archived answer.
  if (read.file.tune) actions.editSearchForm(read.file.tune);
  return null;
}

/** Forget the opened run set (its comparison is dismissed). */
export function closeRunSet(): void {
  opened.setState({ set: null });
}

export function useOpenedRunSet(): OpenedRunSet {
  return useStore(opened, (s) => s.set);
}

export function openedRunSet(): OpenedRunSet {
  return opened.getState().set;
}
