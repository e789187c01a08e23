import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetRun } from '../explain/testing/presets.ts';
import { runScenario } from '../run/index.ts';
import { sparkline, sparkPath } from './thumbnail.ts';

const dir = import.meta.dirname;
const file = join(dir, 'thumbnails.json');
const ids = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace('.yaml', ''))
  .sort();
/** Multi-cluster presets: the card shows the first model's total, as the app's result does. */
const federated = readdirSync(join(dir, 'multicluster'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => `multicluster/${f.replace('.yaml', '')}`)
  .sort();
function totalReplicas(id: string): Float64Array {
  const { runs } = runScenario(readFileSync(join(dir, `${id}.yaml`), 'utf8'));
  const total = runs.find((r) => r.key.endsWith('/total'));
  if (!total?.ok) throw new Error(`${id} did not run`);
  return total.result.series.specReplicas;
}

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
  const computed = Object.fromEntries([
    ...ids.map((id) => [id, sparkline(presetRun(id).payload.series.specReplicas)]),
    ...federated.map((id) => [id, sparkline(totalReplicas(id))]),
  ]);
  if (process.env.UPDATE_THUMBNAILS) writeFileSync(file, JSON.stringify(computed) + '\n');

  it('every preset’s thumbnail is its run’s replicas', () => {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number[]>;
    expect(Object.keys(stored).sort()).toEqual([...ids, ...federated].sort());
    for (const id of [...ids, ...federated]) expect(stored[id], id).toEqual(computed[id]);
  });
});
