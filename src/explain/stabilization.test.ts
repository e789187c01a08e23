import { describe, expect, it } from 'vitest';
import { groupEntries, stabilizationModel } from './stabilization.ts';
import { findSync, presetRun } from './testing/presets.ts';
import type { SyncDetail } from './types.ts';

function heldDownSync(name: string) {
  const run = presetRun(name);
  const i = findSync(run, (k) => {
    const t = run.result.syncs[k]!.trace;
    return (
      t.stabilizedReplicas !== undefined &&
      t.metricDesiredReplicas !== undefined &&
      t.metricDesiredReplicas < run.result.syncs[k]!.currentReplicas &&
      t.stabilizedReplicas !== t.metricDesiredReplicas
    );
  });
  return { run, detail: run.detail(i)! };
}

describe('stabilizationModel (behavior path)', () => {
  it('finds the highest recommendation of the down-window as the winner of a held scale-down', () => {
    const { detail } = heldDownSync('story-2-fast-up-slow-down');
    const m = stabilizationModel(detail)!;
    const s = detail.sync.trace.stabilization!;
    expect(m.legacy).toBe(false);
    expect(m.outcome).toBe('heldDown');
    expect(m.winnerValue).toBe(s.downRecommendation);
    const winners = m.entries.filter((e) => e.winner);
    expect(winners.length).toBeGreaterThan(0);
    for (const w of winners) {
      expect(w.replicas).toBe(s.downRecommendation);
      expect(w.timestamp).toBeGreaterThan(m.now - m.downWindowSeconds);
    }
    expect(m.holdsUntil).toBe(Math.max(...winners.map((w) => w.timestamp)) + m.downWindowSeconds);
    // Entries are shown oldest first even though the controller reuses slots.
    const ts = m.entries.map((e) => e.timestamp);
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    expect(m.summary).toContain(`${s.downRecommendation}`);
  });

  it('finds the lowest recommendation of the up-window as the winner of a delayed scale-up', () => {
    const run = presetRun('story-6-delay-scale-up');
    const i = findSync(run, (k) => {
      const t = run.result.syncs[k]!.trace;
      return (t.metricDesiredReplicas ?? 0) > (t.stabilizedReplicas ?? Infinity);
    });
    const detail = run.detail(i)!;
    const m = stabilizationModel(detail)!;
    expect(m.outcome).toBe('heldUp');
    expect(m.winnerValue).toBe(detail.sync.trace.stabilization!.upRecommendation);
    expect(m.entries.filter((e) => e.winner).every((e) => e.inUpWindow)).toBe(true);
    expect(m.summary).toMatch(/lowest recommendation of the last 300 s/);
  });

  it('reports a proposal that passes unchanged without a winner', () => {
    const m = stabilizationModel(presetRun('story-1-scale-up-fast').detail(0)!)!;
    expect(m.outcome).toBe('unchanged');
    expect(m.winnerValue).toBeNull();
    expect(m.entries.some((e) => e.winner)).toBe(false);
  });

  it('does not let an entry exactly on the cutoff vote (behavior path)', () => {
    const base = presetRun('story-1-scale-up-fast').detail(5)!;
    const now = base.sync.time;
    const detail: SyncDetail = {
      ...base,
      sync: {
        ...base.sync,
        currentReplicas: 10,
        trace: {
          ...base.sync.trace,
          metricDesiredReplicas: 4,
          stabilizedReplicas: 8,
          stabilization: {
            upWindowSeconds: 0,
            downWindowSeconds: 60,
            recommendation: 8,
            upRecommendation: 4,
            downRecommendation: 8,
            window: [
              { timestamp: now - 60, replicas: 9 },
              { timestamp: now - 45, replicas: 8 },
            ],
          },
        },
      },
    };
    const m = stabilizationModel(detail)!;
    expect(m.entries.map((e) => [e.replicas, e.inDownWindow, e.winner])).toEqual([
      [9, false, false],
      [8, true, true],
    ]);
    expect(m.summary).toBe(
      'scale down only to 8, the highest recommendation of the last 60 s (proposal 4)',
    );
  });

  it('is null on shortcut paths', () => {
    const d = presetRun('story-1-scale-up-fast').detail(0)!;
    const shortcut: SyncDetail = {
      ...d,
      sync: { ...d.sync, trace: { path: 'aboveMaxReplicas', tolerances: d.sync.trace.tolerances } },
    };
    expect(stabilizationModel(shortcut)).toBeNull();
  });
});

describe('stabilizationModel (legacy path)', () => {
  it('has no window contents without history, and rebuilds them from the raw proposals with it', () => {
    const { run, detail } = heldDownSync('startup-cpu-burst');
    const bare = stabilizationModel(detail)!;
    expect(bare.legacy).toBe(true);
    expect(bare.entries).toEqual([]);
    const s = run.payload.series;
    const m = stabilizationModel(detail, { time: s.time, raw: s.rawReplicas! })!;
    expect(m.entries.length).toBeGreaterThan(0);
    for (const e of m.entries) {
      expect(e.timestamp).toBeGreaterThanOrEqual(m.now - m.downWindowSeconds);
      expect(e.timestamp).toBeLessThan(m.now);
    }
    // Legacy: the result is the max of the proposal and the window.
    expect(Math.max(m.proposal, ...m.entries.map((e) => e.replicas))).toBe(m.result);
    expect(m.entries.filter((e) => e.winner).every((e) => e.replicas === m.result)).toBe(true);
  });
});

describe('groupEntries', () => {
  it('merges consecutive entries with the same value and role', () => {
    const e = (timestamp: number, replicas: number, winner = false) => ({
      timestamp,
      replicas,
      inUpWindow: false,
      inDownWindow: true,
      winner,
    });
    expect(groupEntries([e(0, 5), e(15, 5), e(30, 7, true), e(45, 7, true), e(60, 5)])).toEqual([
      {
        from: 0,
        to: 15,
        count: 2,
        replicas: 5,
        inUpWindow: false,
        inDownWindow: true,
        winner: false,
      },
      {
        from: 30,
        to: 45,
        count: 2,
        replicas: 7,
        inUpWindow: false,
        inDownWindow: true,
        winner: true,
      },
      {
        from: 60,
        to: 60,
        count: 1,
        replicas: 5,
        inUpWindow: false,
        inDownWindow: true,
        winner: false,
      },
    ]);
  });
});
