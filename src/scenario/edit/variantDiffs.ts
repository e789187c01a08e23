// Each variant of spec.variants as a unified diff from the HPA as written (tunedManifest: the
// HPA with the variant's merge patch, comments and formatting kept): what the comparison's
// Markdown and a reviewer's view of it show, so a pull request carries the change itself.

import { isMap, parseAllDocuments } from 'yaml';
import { tunedManifest } from './shipManifest.ts';

export interface VariantDiff {
  name: string;
  /** the variant's merge patch over the HPA's spec (what "Export", "Make this the HPA" apply) */
  patch: Record<string, unknown>;
  /** the unified diff, or null when the patch does not apply (`error` says why) */
  diff: string | null;
  error?: string;
}

/** Every named variant with a patch, in order (none without a Simulation document). */
export function variantDiffs(text: string, hpaName?: string): VariantDiff[] {
  const out: VariantDiff[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0 || !isMap(doc.contents)) continue;
    const value = doc.toJS() as { kind?: unknown; spec?: { variants?: unknown } };
    if (value?.kind !== 'Simulation' || !Array.isArray(value.spec?.variants)) continue;
    for (const v of value.spec.variants as { name?: unknown; patch?: unknown }[]) {
      if (typeof v?.name !== 'string' || typeof v.patch !== 'object' || v.patch === null) continue;
      const patch = v.patch as Record<string, unknown>;
      const shipped = tunedManifest(text, patch, hpaName);
      out.push(
        shipped.ok
          ? { name: v.name, patch, diff: shipped.diff }
          : { name: v.name, patch, diff: null, error: shipped.error },
      );
    }
  }
  return out;
}

/** The diffs as Markdown for a pull request: a heading and a `diff` block per variant. */
export function variantDiffsMarkdown(diffs: readonly VariantDiff[]): string {
  if (diffs.length === 0) return '';
  const parts = diffs.map((d) =>
    d.diff === null
      ? `#### ${d.name}\n\n_The patch does not apply: ${d.error ?? 'unknown'}_\n`
      : `#### ${d.name}\n\n\`\`\`diff\n${d.diff.trimEnd()}\n\`\`\`\n`,
  );
  return `\n### What each variant changes\n\n${parts.join('\n')}`;
}
