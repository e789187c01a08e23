import { describe, expect, it } from 'vitest';
import { runSetJson, RUN_SET_FORMAT, type RunSetFile } from '../share/runSet.ts';
import type { Kpis } from '../run/index.ts';
import { closeRunSet, openedRunSet, openRunSet } from './runSetOpen.ts';
import { setup } from './testing/setup.ts';

const kpis = {
  podHours: 1,
  peakReplicas: 2,
  finalReplicas: 2,
  scaleEvents: 0,
  directionReversals: 0,
  timeAboveTargetSeconds: 0,
  unmetDemandPercent: 0,
  overloadSeconds: 0,
  recovery: { basis: 'overload', count: 0, openAtEnd: false, maxSeconds: 0, meanSeconds: 0 },
} as unknown as Kpis;

const file: RunSetFile = {
  format: RUN_SET_FORMAT,
  version: 1,
  savedAt: '2026-11-27T00:00:00.000Z',
  scenario: { name: 'saved', text: 'the saved scenario', hpa: 'web' },
  runs: [{ key: 'main', name: 'web', role: 'hpa', kpis }],
  draws: null,
};

describe('opening a run set in the app (issue 25)', () => {
  it('opens its scenario and HPA, keeping the text shown before in the draft history', () => {
    closeRunSet();
    const tab = setup();
    tab.actions.editScenarioText('my edit');
    expect(openRunSet(tab.actions, 'runs.json', runSetJson(file))).toBeNull();
    const state = tab.store.getState();
    expect(state.text).toBe('the saved scenario');
    expect(state.hpa).toBe('web');
    expect(state.draftHistory.map((d) => d.text)).toContain('my edit');
    expect(openedRunSet()).toMatchObject({ name: 'runs.json', file });
  });

  it('a malformed file opens nothing and says where it is wrong: no edit is lost', () => {
    closeRunSet();
    const tab = setup();
    tab.actions.editScenarioText('my edit');
    const broken = runSetJson(file).replace('"podHours": 1', '"podHours": "1"');
    const lines = broken.split('\n');
    const line = lines.findIndex((l) => l.includes('"podHours"')) + 1;
    // the column of the wrong value itself
    const column = lines[line - 1]!.indexOf('"1"') + 1;
    expect(openRunSet(tab.actions, 'runs.json', broken)).toBe(
      `runs.json:${line}:${column}: expected a number (at runs.0.kpis.podHours); nothing was opened`,
    );
    expect(openRunSet(tab.actions, 'x.json', '{"format": ')).toMatch(/^x\.json:1:\d+: not JSON/);
    expect(tab.store.getState().text).toBe('my edit');
    expect(openedRunSet()).toBeNull();
  });
});

describe('a run set that carries a Tune search’s draws', () => {
  it('opens with the Tune form at the same draws, percentile and seed; an older file leaves it', () => {
    closeRunSet();
    const tab = setup();
    const tune = { draws: 16, percentile: 95, seed: 7 };
    expect(openRunSet(tab.actions, 'runs.json', runSetJson({ ...file, tune }))).toBeNull();
    expect(tab.store.getState().search.form).toMatchObject(tune);
    const older = setup();
    expect(openRunSet(older.actions, 'old.json', runSetJson(file))).toBeNull();
    expect(older.store.getState().search.form).toMatchObject({
      draws: 1,
      percentile: 100,
      seed: 1,
    });
  });

  it('a bad one opens nothing, located', () => {
    closeRunSet();
    const tab = setup();
    const bad = runSetJson({ ...file, tune: { draws: 16, percentile: 101, seed: 7 } });
    expect(openRunSet(tab.actions, 'runs.json', bad)).toMatch(
      /^runs\.json:\d+:\d+: expected a number above 0 and at most 100 \(at tune\.percentile\); nothing was opened$/,
    );
  });
});

describe('a reviewer link that carries a Tune search’s draws (&tune=)', () => {
  const tune = { draws: 8, percentile: 90, seed: 4 };
  it('starts the Tune form there for the link’s text', () => {
    const tab = setup({ sharedText: 'the linked scenario', sharedTune: tune });
    expect(tab.store.getState().search.form).toMatchObject(tune);
  });
  it('is ignored without a linked text', () => {
    const tab = setup({ sharedTune: tune });
    expect(tab.store.getState().search.form).toMatchObject({ draws: 1, percentile: 100, seed: 1 });
  });
});
