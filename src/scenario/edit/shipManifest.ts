// "Export as HPA manifest" for a tuned candidate in the app: the editor's HPA as written, with the
// candidate's patch merged into its spec (comments and formatting kept: patchManifest.ts, the
// text `cli tune` prints). The text may have changed since the search: an HPA that is gone, or a
// patch that no longer applies, is a message, never a wrong manifest.

import { isMap, parseAllDocuments } from 'yaml';
import { patchedManifestYaml } from './patchManifest.ts';

export type ShipResult = { ok: true; yaml: string; name: string } | { ok: false; error: string };

/** The first HorizontalPodAutoscaler of `text` (or the one named `hpaName`) with `patch` merged. */
export function tunedManifest(
  text: string,
  patch: Record<string, unknown>,
  hpaName?: string,
): ShipResult {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs) || docs.length === 0)
    return { ok: false, error: 'the editor holds no YAML document' };
  for (const doc of docs) {
    if (doc.errors.length > 0 || !isMap(doc.contents)) continue;
    const value = doc.toJS() as { kind?: unknown; metadata?: { name?: unknown }; spec?: unknown };
    if (value?.kind !== 'HorizontalPodAutoscaler') continue;
    const name = typeof value.metadata?.name === 'string' ? value.metadata.name : 'hpa';
    if (hpaName !== undefined && name !== hpaName) continue;
    if (typeof value.spec !== 'object' || value.spec === null)
      return { ok: false, error: `HorizontalPodAutoscaler ${name} has no spec to patch` };
    const source = doc.toString({ lineWidth: 0 });
    const yaml = patchedManifestYaml(
      source,
      { start: 0, end: source.length, item: null },
      patch,
      value,
    );
    return { ok: true, yaml, name };
  }
  return {
    ok: false,
    error:
      hpaName === undefined
        ? 'the editor no longer holds a HorizontalPodAutoscaler document: the candidate cannot be applied (run the search again)'
        : `the editor no longer holds HorizontalPodAutoscaler ${hpaName}: the candidate cannot be applied (run the search again)`,
  };
}
