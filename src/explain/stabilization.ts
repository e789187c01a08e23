// The stabilization step of one sync as a small model: which stored recommendations were inside
// each window, which value won, and why. Shared by the explain panel and the chart overlay that
// draws the window as a band over the recommendation history.

import type { SyncDetail } from './types.ts';

export interface WindowEntry {
  timestamp: number;
  replicas: number;
  /** votes in the scale-up window (timestamp > now − up window) */
  inUpWindow: boolean;
  /** votes in the scale-down window */
  inDownWindow: boolean;
  /** its value is the one that decided the stabilized recommendation */
  winner: boolean;
}

export type StabilizationOutcome =
  | 'unchanged' // the proposal passed through
  | 'heldDown' // a scale-down was stopped or shortened by the highest recent recommendation
  | 'heldUp'; // a scale-up was stopped or shortened by the lowest recent recommendation

export interface StabilizationModel {
  legacy: boolean;
  now: number;
  proposal: number;
  current: number;
  result: number;
  upWindowSeconds: number;
  downWindowSeconds: number;
  upRecommendation: number | null;
  downRecommendation: number | null;
  /** stored recommendations before this sync, oldest first (the store reuses slots: sorted here) */
  entries: WindowEntry[];
  outcome: StabilizationOutcome;
  /** the value that decided when it was not the proposal */
  winnerValue: number | null;
  /** until when the winning value keeps voting (its newest entry + window), if known */
  holdsUntil: number | null;
  summary: string;
}

/**
 * Null when the sync did not reach stabilization (shortcut paths, metric errors).
 * `history` (sync times and raw proposals) lets the legacy path, whose trace has no window
 * contents, show the proposals that voted; without it the legacy window is empty.
 */
export function stabilizationModel(
  detail: SyncDetail,
  history?: { time: ArrayLike<number>; raw: ArrayLike<number> },
): StabilizationModel | null {
  const { sync } = detail;
  const t = sync.trace;
  const s = t.stabilization;
  if (!s || t.metricDesiredReplicas === undefined || t.stabilizedReplicas === undefined)
    return null;
  const now = sync.time;
  const proposal = t.metricDesiredReplicas;
  const current = sync.currentReplicas;
  const result = t.stabilizedReplicas;
  const legacy = s.window === undefined;
  const upCut = now - s.upWindowSeconds;
  const downCut = now - s.downWindowSeconds;

  let stored = s.window ?? [];
  if (legacy && history) stored = legacyWindow(history, now, downCut, detail.index);
  const outcome: StabilizationOutcome =
    result === proposal
      ? 'unchanged'
      : proposal < current || result > proposal
        ? 'heldDown'
        : 'heldUp';
  const winnerValue =
    outcome === 'unchanged'
      ? null
      : outcome === 'heldDown'
        ? legacy
          ? result
          : (s.downRecommendation ?? result)
        : (s.upRecommendation ?? result);
  // Legacy: entries at the cutoff still vote (timestamp >= cutoff); behavior: strictly after it.
  const inDown = (ts: number) => (legacy ? ts >= downCut : ts > downCut);
  const chronological = stored.slice().sort((a, b) => a.timestamp - b.timestamp);
  const entries: WindowEntry[] = chronological.map((r) => {
    const inUpWindow = !legacy && r.timestamp > upCut;
    const inDownWindow = inDown(r.timestamp);
    const voting = outcome === 'heldDown' ? inDownWindow : inUpWindow;
    return {
      timestamp: r.timestamp,
      replicas: r.replicas,
      inUpWindow,
      inDownWindow,
      winner: winnerValue !== null && voting && r.replicas === winnerValue,
    };
  });
  const winners = entries.filter((e) => e.winner);
  const window = outcome === 'heldDown' ? s.downWindowSeconds : s.upWindowSeconds;
  const holdsUntil = winners.length ? Math.max(...winners.map((e) => e.timestamp)) + window : null;
  return {
    legacy,
    now,
    proposal,
    current,
    result,
    upWindowSeconds: s.upWindowSeconds,
    downWindowSeconds: s.downWindowSeconds,
    upRecommendation: s.upRecommendation ?? null,
    downRecommendation: s.downRecommendation ?? null,
    entries,
    outcome,
    winnerValue,
    holdsUntil,
    summary: summarize(outcome, proposal, current, result, winnerValue, s),
  };
}

function summarize(
  outcome: StabilizationOutcome,
  proposal: number,
  current: number,
  result: number,
  winner: number | null,
  windows: { upWindowSeconds: number; downWindowSeconds: number },
): string {
  const upW = windows.upWindowSeconds;
  const downW = windows.downWindowSeconds;
  if (outcome === 'unchanged') {
    return `the proposal ${proposal} passes unchanged: no recommendation of the window holds it back`;
  }
  if (outcome === 'heldDown') {
    if (result > current) {
      return `the highest recommendation of the last ${downW} s, ${result}, replaces the proposal ${proposal}`;
    }
    return result === current
      ? `no scale-down: the highest recommendation of the last ${downW} s is ${winner ?? result}, not below current ${current}`
      : `scale down only to ${result}, the highest recommendation of the last ${downW} s (proposal ${proposal})`;
  }
  return result <= current
    ? `no scale-up: the lowest recommendation of the last ${upW} s is ${winner ?? result}, not above current ${current}`
    : `scale up only to ${result}, the lowest recommendation of the last ${upW} s (proposal ${proposal})`;
}

/** Legacy path: the raw proposals of earlier syncs that voted (the seed is not in the series). */
function legacyWindow(
  h: { time: ArrayLike<number>; raw: ArrayLike<number> },
  now: number,
  cutoff: number,
  index: number,
): { timestamp: number; replicas: number }[] {
  const out: { timestamp: number; replicas: number }[] = [];
  for (let i = Math.min(index - 1, h.time.length - 1); i >= 0; i--) {
    const ts = h.time[i]!;
    if (ts < cutoff) break;
    if (ts >= now) continue;
    const r = h.raw[i]!;
    if (Number.isFinite(r)) out.push({ timestamp: ts, replicas: r });
  }
  return out.reverse();
}

export interface WindowRun {
  from: number;
  to: number;
  count: number;
  replicas: number;
  inUpWindow: boolean;
  inDownWindow: boolean;
  winner: boolean;
}

/** Consecutive entries with the same value and role merged, so a 1-hour window stays short. */
export function groupEntries(entries: readonly WindowEntry[]): WindowRun[] {
  const runs: WindowRun[] = [];
  for (const e of entries) {
    const last = runs[runs.length - 1];
    if (
      last &&
      last.replicas === e.replicas &&
      last.inUpWindow === e.inUpWindow &&
      last.inDownWindow === e.inDownWindow &&
      last.winner === e.winner
    ) {
      last.to = e.timestamp;
      last.count++;
    } else {
      runs.push({
        from: e.timestamp,
        to: e.timestamp,
        count: 1,
        replicas: e.replicas,
        inUpWindow: e.inUpWindow,
        inDownWindow: e.inDownWindow,
        winner: e.winner,
      });
    }
  }
  return runs;
}
