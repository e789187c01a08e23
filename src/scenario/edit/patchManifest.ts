/**
 * The HPA as written with a merge patch applied to its `spec`, as YAML: what `cli tune` prints
 * for the recommended behavior. Edits go through the `yaml` Document API node by node, so every
 * comment and key outside the changed values stays where the user wrote it.
 */
import { Document, isMap, parseDocument } from 'yaml';
import type { ScenarioDocument } from '../types.ts';

/**
 * What the API server writes into an object and `kubectl get -o yaml` prints, which a manifest
 * meant for `kubectl apply` must not carry: a stale `resourceVersion` makes the apply fail with a
 * conflict, `status` is the controller's. (kubectl-neat does this in Go; a few lines here.)
 */
const SERVER_METADATA = [
  'managedFields',
  'resourceVersion',
  'uid',
  'creationTimestamp',
  'generation',
  'selfLink',
];
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

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
  stripServerFields(doc);
  return doc.toString({ lineWidth: 0 });
}

/** Drops what the API server wrote (a pasted `kubectl get -o yaml`); true when it dropped any. */
export function stripServerFields(doc: Document, at: (string | number)[] = []): boolean {
  let dropped = false;
  const drop = (path: (string | number)[]) => {
    if (doc.hasIn(path)) dropped = doc.deleteIn(path) || dropped;
  };
  drop([...at, 'status']);
  for (const key of SERVER_METADATA) drop([...at, 'metadata', key]);
  drop([...at, 'metadata', 'annotations', LAST_APPLIED]);
  const annotations = doc.getIn([...at, 'metadata', 'annotations'], true);
  if (isMap(annotations) && annotations.items.length === 0)
    drop([...at, 'metadata', 'annotations']);
  return dropped;
}

/** RFC 7386 merge of `patch` into the node at `path`, node by node (comments elsewhere kept). */
export function mergeInto(doc: Document, path: (string | number)[], patch: unknown): void {
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
