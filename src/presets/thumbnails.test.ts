import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetRun } from '../explain/testing/presets.ts';
import { sparkline, sparkPath } from './thumbnail.ts';

const dir = import.meta.dirname;
const file = join(dir, 'thumbnails.json');
const ids = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace('.yaml', ''))
  .sort();

describe('sparkline', () => {
  it('keeps each bucket’s maximum, so a one-sync spike shows', () => {
    const v = new Array(100).fill(1);
    v[37] = 9;
    const s = sparkline(v, 10);
    expect(s).toHaveLength(10);
    expect(s[3]).toBe(9);
    expect(s.filter((x) => x === 1)).toHaveLength(9);
    expect(sparkline([], 10)).toEqual([]);
    expect(sparkline([2, 3], 10)).toEqual([2, 3]);
  });

  it('draws steps inside the box', () => {
    expect(sparkPath([0, 2], 10, 10)).toBe('M0 9.0 H5.0 V1.0 H10.0');
  });
});

describe('preset thumbnails', () => {
  // Regenerate after changing a preset: UPDATE_THUMBNAILS=1 npx vitest run src/presets/thumbnails
  const computed = Object.fromEntries(
    ids.map((id) => [id, sparkline(presetRun(id).payload.series.specReplicas)]),
  );
  if (process.env.UPDATE_THUMBNAILS) writeFileSync(file, JSON.stringify(computed) + '\n');

  it('every preset’s thumbnail is its run’s replicas', () => {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number[]>;
    expect(Object.keys(stored).sort()).toEqual(ids);
    for (const id of ids) expect(stored[id], id).toEqual(computed[id]);
  });
});
