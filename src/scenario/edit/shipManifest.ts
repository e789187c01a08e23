// "Export as HPA manifest" for a tuned candidate in the app: the editor's HPA as written, with the
// candidate's patch merged into its spec (comments and formatting kept: patchManifest.ts, the
// text `cli tune` prints). The text may have changed since the search: an HPA that is gone, or a
// patch that no longer applies, is a message, never a wrong manifest. "Copy as a diff" is the
// unified diff (jsdiff) from the document as written to that text.

import { createTwoFilesPatch } from 'diff';
import { isMap, parseAllDocuments, parseDocument } from 'yaml';
import { mergeInto, patchedManifestYaml, stripServerFields } from './patchManifest.ts';

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
    const value = doc.toJS() as HpaLike & { items?: unknown };
    // A pasted `kubectl get hpa -o yaml` is a List: its HPA item is shipped alone.
    const items = value?.kind === 'List' && Array.isArray(value.items) ? value.items : null;
    const found = items
      ? items.findIndex(
          (v: HpaLike) => isHpa(v) && (hpaName === undefined || nameOf(v) === hpaName),
        )
      : isHpa(value) && (hpaName === undefined || nameOf(value) === hpaName)
        ? -1
        : null;
    if (found === null || (items && found < 0)) continue;
    const item = items ? found : null;
    const hpa = (items ? items[found] : value) as HpaLike;
    const name = nameOf(hpa);
    if (typeof hpa.spec !== 'object' || hpa.spec === null)
      return { ok: false, error: `HorizontalPodAutoscaler ${name} has no spec to patch` };
    // The document's own text, comments before it included, as the user wrote it.
    const before = text.slice(start, range[2]).replace(/\n*$/, '\n');
    const where = { start: 0, end: before.length, item };
    const yaml = patchedManifestYaml(before, where, patch, hpa);
    // The diff is against the HPA as written; against it without the server's fields when it
    // had some (a pasted dump), so the pull request shows the spec's change only.
    const unpatched = patchedManifestYaml(before, where, {}, hpa);
    const base = item === null && !hasServerFields(before) ? before : unpatched;
    const diff = createTwoFilesPatch(`a/${name}.yaml`, `b/${name}.yaml`, base, yaml, '', '', {
      context: 3,
    });
    // "Make this the HPA" changes the spec only: the rest of the document stays as written
    // (a List's other items and folded status messages byte for byte).
    const replaced =
      item === null ? yamlWithSpecOnly(before, patch) : itemSpecPatched(before, item, patch);
    const after = text.slice(range[2]);
    const whole =
      text.slice(0, start) + replaced + (after.startsWith('\n') ? after.slice(1) : after);
    const inverse = inversePatch(patch, hpa.spec as Record<string, unknown>);
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

type HpaLike = { kind?: unknown; metadata?: { name?: unknown }; spec?: unknown };

function isHpa(v: HpaLike | null | undefined): boolean {
  return v?.kind === 'HorizontalPodAutoscaler';
}

function nameOf(v: HpaLike): string {
  return typeof v.metadata?.name === 'string' ? v.metadata.name : 'hpa';
}

/** The document with only its spec patched (its status and server fields kept). */
function yamlWithSpecOnly(text: string, patch: Record<string, unknown>): string {
  const doc = parseDocument(text);
  mergeInto(doc, ['spec'], patch);
  return doc.toString({ lineWidth: 0 });
}

/**
 * A List's text with item `item`'s spec replaced by the patched one, spliced where it stands at
 * its indentation (the rest untouched: re-printing a whole dump would re-indent its sequences
 * and refold its long messages).
 */
function itemSpecPatched(text: string, item: number, patch: Record<string, unknown>): string {
  const spec = parseDocument(text).getIn(['items', item, 'spec'], true) as {
    range?: [number, number, number];
  } | null;
  if (!spec?.range) return text;
  const lineStart = text.lastIndexOf('\n', spec.range[0] - 1) + 1;
  const column = spec.range[0] - lineStart;
  const end = spec.range[2];
  const own = text
    .slice(lineStart, end)
    .split('\n')
    .map((l) => l.slice(column))
    .join('\n');
  const doc = parseDocument(own);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) doc.deleteIn([key]);
    else mergeInto(doc, [key], value);
  }
  // kubectl prints a sequence at its key's indentation; keep whichever the text uses.
  const indentSeq = !/^( *)[^\s-][^\n]*:\n\1- /m.test(own);
  const printed = doc.toString({ lineWidth: 0, indentSeq }).replace(/\n$/, '');
  const pad = ' '.repeat(column);
  const body = printed
    .split('\n')
    .map((l, i) => (i === 0 || l === '' ? l : pad + l))
    .join('\n');
  const tail = text.slice(end);
  return text.slice(0, spec.range[0]) + body + (tail.startsWith('\n') ? tail : `\n${tail}`);
}

function hasServerFields(text: string): boolean {
  return stripServerFields(parseDocument(text));
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
