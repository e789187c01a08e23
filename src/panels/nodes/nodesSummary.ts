// The node lanes in words, for a screen reader (issue 27): nodes and cpu over the run, the spans
// where pods waited for a node, then the selected sync. Pure, from the node series (each lane's
// description).

import type { NodeSeries } from '../../run/index.ts';
import { formatCount as count, formatNumber } from '../../format/format.ts';
import { formatDuration, formatElapsed } from '../../format/timeAxis.ts';
import { waitingSpans } from './nodeLane.ts';

function peakOf(values: ArrayLike<number>, n: number): number {
  let at = 0;
  for (let i = 1; i < n; i++) if (values[i]! > values[at]!) at = i;
  return at;
}

/** The nodes lane: Ready nodes over the run, the waits, the selected sync's nodes. */
export function nodesSummary(s: NodeSeries, time: Float64Array, selected: number | null): string {
  const n = Math.min(time.length, s.ready.length);
  if (n === 0) return 'Nodes: no syncs.';
  const peak = peakOf(s.ready, n);
  const waits = waitingSpans(time.subarray(0, n), s.waiting.subarray(0, n));
  const waited = waits.reduce((sum, [a, b]) => sum + (b - a), 0);
  let text =
    `Nodes Ready: from ${formatNumber(s.ready[0]!)} to ${formatNumber(s.ready[n - 1]!)}, ` +
    `peak ${formatNumber(s.ready[peak]!)} at ${formatElapsed(time[peak]!, true)}; ` +
    (waits.length === 0
      ? 'no pod waited for a node.'
      : `pods waited for a node ${count(waits.length, 'time')}, ${formatDuration(waited)} in all, first at ${formatElapsed(waits[0]![0], true)}.`);
  if (selected !== null && selected < n) {
    const i = selected;
    text +=
      ` Selected: sync ${i} at ${formatElapsed(time[i]!, true)}, ${formatNumber(s.ready[i]!)} Ready` +
      (s.provisioning[i]! > 0 ? `, ${formatNumber(s.provisioning[i]!)} provisioning` : '') +
      (s.draining[i]! > 0 ? `, ${formatNumber(s.draining[i]!)} draining` : '') +
      (s.waiting[i]! > 0 ? `, ${count(s.waiting[i]!, 'pod')} waiting` : '') +
      '.';
  }
  return text;
}

/** The cpu lane: requested against allocatable at its fullest, and at the selected sync. */
export function cpuSummary(s: NodeSeries, time: Float64Array, selected: number | null): string {
  const n = Math.min(time.length, s.requestedCpu.length);
  if (n === 0) return 'CPU: no syncs.';
  const peak = peakOf(s.requestedCpu, n);
  let text =
    `CPU requested, at most ${formatNumber(s.requestedCpu[peak]!)} of ` +
    `${formatNumber(s.allocatableCpu[peak]!)} cores allocatable at ${formatElapsed(time[peak]!, true)}.`;
  if (selected !== null && selected < n)
    text += ` Selected sync ${selected}: ${formatNumber(s.requestedCpu[selected]!)} of ${formatNumber(s.allocatableCpu[selected]!)} cores.`;
  return text;
}
