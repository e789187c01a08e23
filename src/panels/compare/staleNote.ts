// The compare table after an edit (issue 25): its rows are the runs of the text before the edit
// until the new runs land, so it says so, and where the text changed (as the Tune results do,
// src/panels/tune/stale.ts), instead of showing old figures as the current text's.

import { changedLine } from '../tune/stale.ts';

/** The note to show over the table, or null when its runs are the editor's text's. */
export function compareStaleNote(
  stale: boolean,
  resultText: string | null,
  text: string,
): string | null {
  if (!stale || resultText === null) return null;
  const line = changedLine(resultText, text);
  return line === null
    ? 'These runs are for the HPA chosen before; the new runs replace them when they land.'
    : `The scenario changed at line ${line} since these runs: the figures below are for the text they ran, until the new runs land.`;
}
