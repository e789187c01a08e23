// "Export as HPA manifest" for a tuned candidate in the app: the editor's HPA as written, with the
// candidate's patch merged into its spec (comments and formatting kept: patchManifest.ts, the
// text `cli tune` prints). The text may have changed since the search: an HPA that is gone, or a
// patch that no longer applies, is a message, never a wrong manifest. "Copy as a diff" is the
// unified diff (jsdiff) from the document as written to that text.

import { createTwoFilesPatch } from 'diff';
import { isMap, parseAllDocuments } from 'yaml';
import { patchedManifestYaml } from './patchManifest.ts';

export type ShipResult =
  | {
      ok: true;
      yaml: string;
      name: string;
      /** a unified diff from the HPA as written to `yaml`, ready for a pull request */
      diff: string;
      /** the whole text with the HPA document replaced by `yaml` ("Make this the HPA") */
      text: string;
      /** the merge patch over the new HPA's spec that gives the old one back (a variant) */
      inverse: Record<string, unknown>;
    }
  | { ok: false; error: string };

/** Where a document's text starts: after the `---` line before its contents, else `previousEnd`. */
function chunkStart(text: string, contentStart: number, previousEnd: number): number {
  const head = text.slice(previousEnd, contentStart);
  const marker = /^---[^\n]*\n?/gm;
  let start = previousEnd;
  for (let m = marker.exec(head); m !== null; m = marker.exec(head))
    start = previousEnd + m.index + m[0].length;
  return start;
}

/** The first HorizontalPodAutoscaler of `text` (or the one named `hpaName`) with `patch` merged. */
export function tunedManifest(
  text: string,
  patch: Record<string, unknown>,
  hpaName?: string,
): ShipResult {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs) || docs.length === 0)
    return { ok: false, error: 'the editor holds no YAML document' };
  let previousEnd = 0;
  for (const doc of docs) {
    const range = doc.range;
    const start = chunkStart(text, range[0], previousEnd);
    previousEnd = range[2];
    if (doc.errors.length > 0 || !isMap(doc.contents)) continue;
    const value = doc.toJS() as { kind?: unknown; metadata?: { name?: unknown }; spec?: unknown };
    if (value?.kind !== 'HorizontalPodAutoscaler') continue;
    const name = typeof value.metadata?.name === 'string' ? value.metadata.name : 'hpa';
    if (hpaName !== undefined && name !== hpaName) continue;
    if (typeof value.spec !== 'object' || value.spec === null)
      return { ok: false, error: `HorizontalPodAutoscaler ${name} has no spec to patch` };
    // The document's own text, comments before it included, as the user wrote it.
    const before = text.slice(start, range[2]).replace(/\n*$/, '\n');
    const yaml = patchedManifestYaml(
      before,
      { start: 0, end: before.length, item: null },
      patch,
      value,
    );
    const diff = createTwoFilesPatch(`a/${name}.yaml`, `b/${name}.yaml`, before, yaml, '', '', {
      context: 3,
    });
    const end = range[2];
    const after = text.slice(end);
    const whole = text.slice(0, start) + yaml + (after.startsWith('\n') ? after.slice(1) : after);
    const inverse = inversePatch(patch, value.spec as Record<string, unknown>);
    return { ok: true, yaml, name, diff, text: whole, inverse };
  }
  return {
    ok: false,
    error:
      hpaName === undefined
        ? 'the editor no longer holds a HorizontalPodAutoscaler document: the candidate cannot be applied (run the search again)'
        : `the editor no longer holds HorizontalPodAutoscaler ${hpaName}: the candidate cannot be applied (run the search again)`,
  };
}

/**
 * The merge patch that undoes `patch` over `old` (RFC 7386): every key the patch touches gets
 * its old value back, or null (removed) where the old object had none; nested maps recurse so a
 * key the patch added inside them is removed too.
 */
export function inversePatch(
  patch: Record<string, unknown>,
  old: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    const was = old[key];
    out[key] =
      isPlainMap(value) && isPlainMap(was)
        ? inversePatch(value, was)
        : was === undefined
          ? null
          : was;
  }
  return out;
}

function isPlainMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
