import { describe, expect, it } from 'vitest';
import { matchPresets } from './presetSearch.ts';
import { presetInfo } from '../presets/presetInfo.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'presets');
const presets = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => presetInfo(f.replace('.yaml', ''), readFileSync(join(dir, f), 'utf8')));

describe('matchPresets', () => {
  it('"story 5" puts story 5 first, though other stories mention a 5', () => {
    const found = matchPresets(presets, 'story 5');
    expect(found[0]!.id).toBe('story-5-delay-scale-down');
    // the others still match (their text holds "5" somewhere), after it
    expect(found.length).toBeGreaterThan(1);
  });

  it('every word must be found; an empty query keeps the order', () => {
    expect(matchPresets(presets, 'flapping zzz')).toEqual([]);
    expect(matchPresets(presets, '  ').map((p) => p.id)).toEqual(presets.map((p) => p.id));
    expect(matchPresets(presets, 'MEMORY')[0]!.id).toBe('memory-never-scales-down');
  });
});
