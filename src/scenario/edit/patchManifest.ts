/**
 * The HPA as written with a merge patch applied to its `spec`, as YAML: what `cli tune` prints
 * for the recommended behavior. Edits go through the `yaml` Document API node by node, so every
 * comment and key outside the changed values stays where the user wrote it.
 */
import { Document, isMap, parseDocument } from 'yaml';
import type { ScenarioDocument } from '../types.ts';

export function patchedManifestYaml(
  text: string,
  hpa: Pick<ScenarioDocument, 'start' | 'end' | 'item'>,
  specPatch: Record<string, unknown>,
  manifest: unknown,
): string {
  const source = text.slice(hpa.start, hpa.end);
  let doc: Document = parseDocument(source);
  // A List item's text keeps the list's indentation: start from its data (comments are lost).
  if (hpa.item !== null || doc.errors.length > 0 || !isMap(doc.contents))
    doc = new Document(manifest);
  mergeInto(doc, ['spec'], specPatch);
  return doc.toString({ lineWidth: 0 });
}

function mergeInto(doc: Document, path: (string | number)[], patch: unknown): void {
  if (!isObject(patch)) {
    doc.setIn(path, patch);
    return;
  }
  // An object over something that is not a map replaces it, as RFC 7386 says.
  if (!isMap(doc.getIn(path, true))) doc.setIn(path, doc.createNode({}));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) doc.deleteIn([...path, key]);
    else mergeInto(doc, [...path, key], value);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
