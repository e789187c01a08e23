import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { variantDiffs, variantDiffsMarkdown } from './variantDiffs.ts';

const windows = readFileSync(
  resolve(import.meta.dirname, '../../presets/scale-down-windows.yaml'),
  'utf8',
);

describe('each variant as a diff (issue 25: the Markdown and the reviewer’s view carry it)', () => {
  it('diffs the HPA as written against the HPA with the variant’s patch', () => {
    const diffs = variantDiffs(windows);
    expect(diffs.map((d) => d.name)).toEqual(['window-0s', 'window-900s']);
    expect(diffs[0]!.diff).toMatch(/^\+.*stabilizationWindowSeconds: 0$/m);
    expect(diffs[1]!.diff).toMatch(/^\+.*stabilizationWindowSeconds: 900$/m);
    const md = variantDiffsMarkdown(diffs);
    expect(md).toContain('### What each variant changes');
    expect(md).toMatch(
      /#### window-0s\n\n```diff\n[\s\S]*stabilizationWindowSeconds: 0\n[\s\S]*```/,
    );
  });

  it('says so when a patch no longer applies, and is empty without variants', () => {
    const broken = windows.replace('kind: HorizontalPodAutoscaler', 'kind: Deployment');
    const diffs = variantDiffs(broken);
    expect(diffs[0]).toMatchObject({ name: 'window-0s', diff: null });
    expect(variantDiffsMarkdown(diffs)).toContain('_The patch does not apply:');
    expect(variantDiffs(windows.slice(0, windows.indexOf('\n---')))).toEqual([]);
    expect(variantDiffsMarkdown([])).toBe('');
  });
});
