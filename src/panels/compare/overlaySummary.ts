// The runs side by side in words, for a screen reader (issue 27): each run's replicas over the
// run, and where the runs part. Pure, from the runs' own series (the figure's description).

import { formatCount as count, formatNumber } from '../../format/format.ts';
import { formatElapsed } from '../../format/timeAxis.ts';

export interface OverlayRun {
  name: string;
  time: ArrayLike<number>;
  /** spec.replicas at each sync */
  spec: ArrayLike<number>;
}

/** "Replicas of 2 runs: a from 2 to 4, peak 17 at 19:50:00; b … They differ at 40 of 97 syncs, first at 0:10:00." */
export function overlaySummary(runs: readonly OverlayRun[]): string {
  if (runs.length === 0) return 'No run has a result yet.';
  const parts = runs.map((r) => {
    const n = Math.min(r.time.length, r.spec.length);
    if (n === 0) return `${r.name}: no syncs`;
    let peak = 0;
    for (let i = 1; i < n; i++) if (r.spec[i]! > r.spec[peak]!) peak = i;
    return (
      `${r.name} from ${formatNumber(r.spec[0]!)} to ${formatNumber(r.spec[n - 1]!)}, ` +
      `peak ${formatNumber(r.spec[peak]!)} at ${formatElapsed(r.time[peak]!, true)}`
    );
  });
  let text = `Replicas of ${count(runs.length, 'run')}: ${parts.join('; ')}.`;
  if (runs.length > 1) {
    // the runs share one sync grid: compare sync by sync over the shortest
    const n = Math.min(...runs.map((r) => Math.min(r.time.length, r.spec.length)));
    let differ = 0;
    let first = -1;
    for (let i = 0; i < n; i++) {
      const v = runs[0]!.spec[i]!;
      if (runs.some((r) => r.spec[i] !== v)) {
        differ++;
        if (first < 0) first = i;
      }
    }
    text +=
      differ === 0
        ? ` They agree at every sync.`
        : ` They differ at ${formatNumber(differ)} of ${count(n, 'sync')}, first at ${formatElapsed(runs[0]!.time[first]!, true)}.`;
  }
  return text;
}
