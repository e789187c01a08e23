import { describe, expect, it } from 'vitest';
import type { Kpis } from '../engine/simulation/index.ts';
import { compareRuns, comparisonMarkdown, type ComparedRun } from './compare.ts';

const kpis = (o: Partial<Kpis>): Kpis => ({
  podHours: 10,
  readyPodHours: 9,
  peakReplicas: 5,
  finalReplicas: 2,
  scaleUps: 2,
  scaleDowns: 2,
  scaleEvents: 4,
  directionReversals: 1,
  timeAboveTargetSeconds: 60,
  unmetDemand: 0,
  unmetDemandPercent: 0,
  overloadSeconds: 0,
  demand: 0,
  servedDemand: 0,
  recovery: { basis: 'overload', count: 0, openAtEnd: false, maxSeconds: 0, meanSeconds: 0 },
  p95UtilizationPercent: null,
  cost: null,
  ...o,
});
const run = (key: string, o: Partial<Kpis>): ComparedRun => ({
  key,
  name: key === 'main' ? 'web' : key,
  role: key === 'main' ? 'hpa' : 'variant',
  kpis: kpis(o),
});

describe('compareRuns', () => {
  it('marks the better value, the difference from the HPA, and no winner on a tie', () => {
    const rows = compareRuns([
      run('main', { podHours: 10 }),
      run('b', { podHours: 8, directionReversals: 3 }),
    ]);
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(row('podHours')).toMatchObject({
      cells: ['10', '8'],
      deltas: ['', '−2, −20%'],
      best: [1],
    });
    expect(row('directionReversals')).toMatchObject({ deltas: ['', '+2, +200%'], best: [0] });
    expect(row('scaleEvents')).toMatchObject({ deltas: ['', '±0'], best: [] });
    // A fact without a better side is never marked.
    expect(
      compareRuns([run('main', { finalReplicas: 1 }), run('b', { finalReplicas: 9 })]).find(
        (r) => r.id === 'finalReplicas',
      )!.best,
    ).toEqual([]);
  });

  it('shows cost and utilization rows only when some run has them', () => {
    expect(compareRuns([run('main', {})]).map((r) => r.id)).not.toContain('costPerMonth');
    const cost = { currency: 'USD' as const, perRun: 1, perMonth: 30, vcpuHours: 1, gibHours: 1 };
    const ids = compareRuns([run('main', { cost, p95UtilizationPercent: 70 })]).map((r) => r.id);
    expect(ids.slice(0, 2)).toEqual(['costPerMonth', 'costPerRun']);
    expect(ids).toContain('p95UtilizationPercent');
  });

  it('renders Markdown for a pull request, names escaped', () => {
    const md = comparisonMarkdown(
      [run('main', { podHours: 10 }), { ...run('b', { podHours: 8 }), name: 'a|b' }],
      'title',
    );
    const lines = md.split('\n');
    expect(lines[0]).toBe('### title');
    expect(lines[2]).toBe('| KPI | web (current) | a\\|b |');
    expect(lines[3]).toBe('| --- | ---: | ---: |');
    expect(lines).toContain('| pod-hours | 10 | **8** (−2, −20%) |');
  });
});

describe('durations in the reader’s units (issue 25: the app’s table in minutes)', () => {
  const runs = [
    run('main', { timeAboveTargetSeconds: 600 }),
    run('slow', { timeAboveTargetSeconds: 900 }),
  ];
  const minutes = (s: number) => (s % 60 === 0 ? `${s / 60} min` : `${s} s`);

  it('prints seconds rows with the given format, and no "s" unit', () => {
    const row = compareRuns(runs, { duration: minutes }).find(
      (r) => r.id === 'timeAboveTargetSeconds',
    )!;
    expect(row.unit).toBe('');
    expect(row.cells).toEqual(['10 min', '15 min']);
    expect(row.deltas).toEqual(['', '+5 min, +50%']);
    expect(comparisonMarkdown(runs, '', { duration: minutes })).toContain(
      '| time above target | **10 min** | 15 min (+5 min, +50%) |',
    );
  });

  it('keeps raw seconds without a format (the CLI)', () => {
    const row = compareRuns(runs).find((r) => r.id === 'timeAboveTargetSeconds')!;
    expect(row.unit).toBe('s');
    expect(row.cells).toEqual(['600', '900']);
  });
});
