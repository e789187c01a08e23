// Tune results after an edit (issue 25, bad input): the figures are for the text the search ran,
// so the panel says where the editor has changed since, and for each candidate whether its patch
// still applies to the scenario as it is now (src/tune/applies.ts: the cause, the field and its
// line), instead of showing stale figures as if they were current or exporting a wrong manifest.

import { useEffect, useState } from 'react';
import type { PatchProblem } from '../../tune/applies.ts';

/** The first line (1-based) where `now` differs from `searched`; null when they are the same. */
export function changedLine(searched: string, now: string): number | null {
  if (searched === now) return null;
  const a = searched.split('\n');
  const b = now.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i + 1;
}

/** How long the editor rests before the candidates are checked against its text (a parse each). */
const SETTLE_MS = 250;

/**
 * Each listed candidate's problem with the editor's text (null: it applies), once the text has
 * settled; empty while the text is the searched one. The checker parses the scenario, so it is
 * loaded on first need (a chunk of its own, not the page's first load).
 */
export function usePatchProblems(
  now: string,
  stale: boolean,
  candidates: readonly { index: number; patch: Record<string, unknown> }[],
  hpa: string | null,
): Map<number, PatchProblem | null> {
  const [problems, setProblems] = useState(new Map<number, PatchProblem | null>());
  const key = candidates.map((c) => c.index).join(',');
  useEffect(() => {
    if (!stale) {
      setProblems(new Map());
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void import('../../tune/applies.ts').then(({ patchProblems }) => {
        if (live) setProblems(patchProblems(now, candidates, hpa));
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // candidates are keyed by their indexes (the list is rebuilt per render)
  }, [now, stale, key, hpa]);
  return problems;
}
