// Tune results after an edit (issue 25, bad input): the figures are for the text the search ran,
// so the panel says where the editor has changed since, and for each candidate whether its patch
// still applies to the scenario as it is now, with the line that stops it, instead of showing
// stale figures as if they were current or exporting a wrong manifest.

import { LineCounter, parseAllDocuments } from 'yaml';
import { tunedManifest } from '../../scenario/edit/index.ts';

/** The first line (1-based) where `now` differs from `searched`; null when they are the same. */
export function changedLine(searched: string, now: string): number | null {
  if (searched === now) return null;
  const a = searched.split('\n');
  const b = now.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i + 1;
}

/**
 * Why `patch` no longer applies to the HPA of `text` (null: it does): the HPA is gone, or is
 * now autoscaling/v1 (no `behavior`), each with its line.
 */
export function patchProblem(
  text: string,
  patch: Record<string, unknown>,
  hpa: string | null,
): string | null {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines });
  if (Array.isArray(docs))
    for (const doc of docs) {
      if (doc.errors.length > 0) continue;
      const v = doc.toJS() as {
        kind?: unknown;
        apiVersion?: unknown;
        metadata?: { name?: unknown };
      };
      if (v?.kind !== 'HorizontalPodAutoscaler') continue;
      if (hpa !== null && v.metadata?.name !== hpa) continue;
      if (v.apiVersion === 'autoscaling/v1' && patch.behavior !== undefined) {
        const node = doc.get('apiVersion', true) as { range?: [number, number, number] } | null;
        const line = node?.range ? lines.linePos(node.range[0]).line : 1;
        return `line ${line}: apiVersion autoscaling/v1 has no behavior, so this candidate's patch no longer applies`;
      }
      break;
    }
  const r = tunedManifest(text, patch, hpa ?? undefined);
  return r.ok ? null : r.error;
}
