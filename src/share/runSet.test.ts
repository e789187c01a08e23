import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeDraws, runScenario } from '../run/index.ts';
import { planScenario } from '../run/index.ts';
import {
  compareRunSet,
  readRunSet,
  runSetJson,
  RUN_SET_FORMAT,
  type RunSetFile,
} from './runSet.ts';

const windows = readFileSync(
  resolve(import.meta.dirname, '../presets/scale-down-windows.yaml'),
  'utf8',
).replace('duration: 24h', 'duration: 2h');

/** The run set the app saves for `text`: every run's figures and 3 timing draws. */
function saved(text: string): RunSetFile {
  const { summary, runs } = runScenario(text);
  const drawn = executeDraws(planScenario(text).runs[0]!, 3, 4);
  if (!drawn.ok) throw new Error(drawn.error);
  return {
    format: RUN_SET_FORMAT,
    version: 1,
    savedAt: '2026-11-27T00:00:00.000Z',
    scenario: { name: summary.name, text, hpa: null },
    runs: runs.map((r) => ({
      key: r.key,
      name: r.label,
      role: r.kind,
      kpis: r.ok ? r.result.kpis : (null as never),
    })),
    draws: {
      count: 3,
      seed: 4,
      stats: drawn.stats,
      draws: drawn.draws.map((d) => ({ ...d.draw, kpis: d.kpis })),
    },
  };
}

describe('a run set you can keep (issue 25)', () => {
  const file = saved(windows);

  it('round-trips, and its scenario re-runs to the same figures', () => {
    const json = runSetJson(file);
    const read = readRunSet(json);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.file).toEqual(file);
    expect(read.file.runs.map((r) => r.key)).toEqual(['main', 'window-0s', 'window-900s']);
    const again = saved(read.file.scenario.text);
    expect(again.runs).toEqual(read.file.runs);
    expect(again.draws).toEqual(read.file.draws);
  });

  it('locates a malformed file: JSON syntax, version, a missing figure', () => {
    const json = runSetJson(file);
    const lines = json.split('\n');
    const syntax = readRunSet(json.replace('"version": 1,', '"version": 1'));
    expect(syntax).toMatchObject({ ok: false, path: '' });
    expect(syntax.ok ? 0 : syntax.line).toBeGreaterThan(2);

    const newer = readRunSet(json.replace('"version": 1,', '"version": 2,'));
    expect(newer).toMatchObject({
      ok: false,
      path: 'version',
      line: lines.findIndex((l) => l.includes('"version"')) + 1,
      error: expect.stringMatching(/newer than this hpa-sim reads/),
    });

    const broken = JSON.parse(json) as RunSetFile;
    delete (broken.runs[1]!.kpis as Partial<RunSetFile['runs'][0]['kpis']>).podHours;
    const missing = readRunSet(runSetJson(broken));
    expect(missing).toMatchObject({
      ok: false,
      path: 'runs.1.kpis.podHours',
      error: 'expected a number',
    });
    expect(readRunSet('[]')).toMatchObject({ ok: false, error: 'a run set is a JSON object' });
  });

  it('compares a re-run with the saved figures: the same, or which figure differs', () => {
    const again = saved(file.scenario.text);
    expect(compareRunSet(file, again.runs, again.draws!.stats)).toEqual({
      missing: [],
      differences: [],
    });
    const edited = saved(file.scenario.text.replace('duration: 2h', 'duration: 90m'));
    const check = compareRunSet(file, edited.runs.slice(0, 2), edited.draws!.stats);
    expect(check.missing).toEqual([file.runs[2]!.name]);
    expect(
      check.differences.find((d) => d.run === file.runs[0]!.name && d.figure === 'podHours'),
    ).toMatchObject({ saved: file.runs[0]!.kpis.podHours, now: edited.runs[0]!.kpis.podHours });
    expect(check.differences.some((d) => d.run === 'draws worst')).toBe(true);
  });
});
