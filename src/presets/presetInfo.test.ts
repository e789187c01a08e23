import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/index.ts';
import { GROUP_OF, presetInfo } from './presetInfo.ts';

const dir = import.meta.dirname;
/** Every preset file, with its folder: the gallery lists the multi-cluster ones too. */
const files = [
  ...readdirSync(dir).filter((n) => n.endsWith('.yaml')),
  ...readdirSync(join(dir, 'multicluster'))
    .filter((n) => n.endsWith('.yaml'))
    .map((n) => `multicluster/${n}`),
];

describe('presetInfo', () => {
  for (const f of files) {
    it(`${f}: the quick reading agrees with the real parser`, () => {
      const text = readFileSync(join(dir, f), 'utf8');
      const info = presetInfo(f.replace('.yaml', ''), text);
      const parsed = parseScenario(text);
      // A folded block joins lines with spaces, as the quick reading does.
      expect(info.description).toBe(parsed.simulation.description);
      expect(info.title.length).toBeGreaterThan(10);
      expect(info.title.startsWith('#')).toBe(false);
    });
  }

  it('falls back to the id without a comment, and reads an inline description', () => {
    const info = presetInfo('x', 'kind: Simulation\nmetadata:\n  description: "short one"\n');
    expect(info).toEqual({ id: 'x', title: 'x', description: 'short one', group: 'basics' });
  });

  it('every preset is placed in a gallery section on purpose', () => {
    const ids = files.map((n) => n.replace('.yaml', ''));
    expect(ids.filter((id) => !(id in GROUP_OF))).toEqual([]);
    expect(Object.keys(GROUP_OF).filter((id) => !ids.includes(id))).toEqual([]);
  });
});
