// A cluster's lane in words, for a screen reader (issue 27): what the lane shows over the run,
// then the selected sync. Pure, from the lane's own series (the figure's description).

import { formatCount as count, formatNumber } from '../../format/format.ts';
import { formatElapsed } from '../../format/timeAxis.ts';
import { intervals, type LaneSeries } from './lanes.ts';

/** "east: from 4 to 0 replicas, peak 9 at 0:05:00; failed from 10:00:00 to the end. Selected: …" */
export function laneSummary(
  lane: LaneSeries,
  time: ArrayLike<number>,
  selected: number | null,
): string {
  const n = Math.min(time.length, lane.spec.length);
  if (n === 0) return `${lane.label}: no syncs.`;
  let peak = 0;
  for (let i = 1; i < n; i++) if (lane.spec[i]! > lane.spec[peak]!) peak = i;
  let text =
    `${lane.label}: from ${formatNumber(lane.spec[0]!)} to ${count(lane.spec[n - 1]!, 'replica')}, ` +
    `peak ${formatNumber(lane.spec[peak]!)} at ${formatElapsed(time[peak]!, true)}`;
  if (lane.failed) {
    const end = time[n - 1]!;
    const spans = intervals(time, lane.failed).map(
      ([a, b]) =>
        `from ${formatElapsed(a, true)} ${b >= end ? 'to the end' : `to ${formatElapsed(b, true)}`}`,
    );
    if (spans.length > 0) text += `; failed ${spans.join(', ')}`;
  }
  if (lane.capacity !== null) text += `; room for ${count(lane.capacity, 'pod')}`;
  text += '.';
  if (selected !== null && selected < n) {
    const i = selected;
    text += ` Selected: sync ${i} at ${formatElapsed(time[i]!, true)}, `;
    if (lane.failed?.[i]) text += 'failed.';
    else {
      text += `${count(lane.spec[i]!, 'replica')}, ${formatNumber(lane.ready[i]!)} ready`;
      if (lane.pending[i]! > 0) text += `, ${formatNumber(lane.pending[i]!)} Pending`;
      if (lane.min && lane.max)
        text += `; its HPA's bounds min ${formatNumber(lane.min[i]!)} / max ${formatNumber(lane.max[i]!)}`;
      text += '.';
    }
  }
  return text;
}
