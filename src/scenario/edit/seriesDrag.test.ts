import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseScenario } from '../parseScenario.ts';
import { findCurves } from './findCurves.ts';
import { seriesScaled, seriesShifted } from './seriesDrag.ts';

const base = readFileSync(resolve(import.meta.dirname, '../../presets/default.yaml'), 'utf8');
const [hpa, sim] = base.split('---\napiVersion: hpa-sim.dev');
const simText = `---\napiVersion: hpa-sim.dev${sim}`;
const compact = `${hpa}${simText.replace(
  / {2}traffic:\n( {4}.*\n)+/,
  `  traffic:
    type: series # imported from traffic.csv
    interpolation: linear
    stepSeconds: 60
    values: >-
      100 120.5 140 160 180 200 220 240 260 280
      300 280 260 240 220 200 180 160 140 120
`,
)}`;
const traffic = (text: string) => findCurves(text).find((c) => c.label === 'traffic')!;
const trafficOf = (text: string) =>
  (
    parse(text.slice(text.indexOf('---\napiVersion: hpa-sim.dev') + 4)) as {
      spec: { traffic: Record<string, unknown> };
    }
  ).spec.traffic;

describe('dragging an imported series', () => {
  it('the fixture is a valid compact series', () => {
    expect(parseScenario(compact).ok).toBe(true);
    expect(traffic(compact).json).toMatchObject({ type: 'series', stepSeconds: 60 });
  });

  it('scales every value in place, lines and comments kept, decimals as written', () => {
    const r = seriesScaled(compact, traffic(compact), 1.5);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('type: series # imported from traffic.csv');
    expect(r.text).toContain('      150 180.8 210 240 270 300 330 360 390 420\n');
    expect(r.text.split('\n')).toHaveLength(compact.split('\n').length);
    expect(parseScenario(r.text).ok).toBe(true);
    // from the drag's start text, so frames never compound
    const again = seriesScaled(compact, traffic(compact), 1.5);
    expect(again).toEqual(r);
    expect(seriesScaled(compact, traffic(compact), -1).ok).toBe(false);
  });

  it('shifts the series: startSeconds added, then moved; never before 0', () => {
    const later = seriesShifted(compact, traffic(compact), 600);
    expect(later.ok).toBe(true);
    if (!later.ok) return;
    expect(trafficOf(later.text).startSeconds).toBe(600);
    expect(later.text).toContain('    startSeconds: 600\n    values: >-');
    const back = seriesShifted(later.text, traffic(later.text), -900);
    expect(back.ok && trafficOf(back.text).startSeconds).toBe(0);
    expect(parseScenario(later.text).ok).toBe(true);
  });

  it('a series written as points: each value, each time', () => {
    const points = compact.replace(
      / {4}stepSeconds: 60\n {4}values: >-\n( {6}.*\n)+/,
      '    points:\n      - { at: 0, value: 10 }\n      - { at: 300, value: 30 }\n',
    );
    expect(parseScenario(points).ok).toBe(true);
    const scaled = seriesScaled(points, traffic(points), 2);
    expect(scaled.ok && trafficOf(scaled.text).points).toEqual([
      { at: 0, value: 20 },
      { at: 300, value: 60 },
    ]);
    const shifted = seriesShifted(points, traffic(points), 120);
    expect(shifted.ok && trafficOf(shifted.text).points).toEqual([
      { at: 120, value: 10 },
      { at: 420, value: 30 },
    ]);
  });

  it('refuses what is not a series', () => {
    expect(seriesScaled(base, traffic(base), 2)).toMatchObject({ ok: false });
  });
});
