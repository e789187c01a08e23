// KEDA's phase lane in words, for a screen reader (issue 27): its phases over the run, KEDA's own
// writes, then the selected sync. Pure, from the lane's payload (the figure's description).

import { formatCount as count, formatNumber } from '../../format/format.ts';
import { formatElapsed } from '../../format/timeAxis.ts';
import type { KedaPayload } from '../../worker/protocol.ts';
import { PHASE_LABEL } from './phases.ts';

/** Spans listed before "and N more": a screen reader reads the rest on the lane itself. */
const LISTED = 6;

export function kedaSummary(
  keda: Pick<KedaPayload, 'phases' | 'phase' | 'write'>,
  time: ArrayLike<number>,
  selected: number | null,
): string {
  const n = Math.min(keda.phase.length, time.length);
  if (n === 0) return "KEDA's phase: no syncs.";
  const label = (k: number) => PHASE_LABEL[keda.phases[keda.phase[k]!]!];
  const starts: number[] = [];
  for (let k = 0; k < n; k++) if (k === 0 || keda.phase[k] !== keda.phase[k - 1]) starts.push(k);
  const listed = starts
    .slice(0, LISTED)
    .map((k) => `${label(k)} from ${formatElapsed(time[k]!, true)}`);
  if (starts.length > LISTED) listed.push(`${formatNumber(starts.length - LISTED)} more changes`);
  let writes = 0;
  for (let k = 0; k < n; k++) if (!Number.isNaN(keda.write[k]!)) writes++;
  let text = `KEDA's phase at each sync: ${listed.join(', ')}; KEDA wrote the replicas ${count(writes, 'time')}.`;
  if (selected !== null && selected < n) {
    const w = keda.write[selected]!;
    text +=
      ` Selected: sync ${selected} at ${formatElapsed(time[selected]!, true)}, ${label(selected)}` +
      (Number.isNaN(w) ? '.' : `; KEDA wrote ${count(w, 'replica')}.`);
  }
  return text;
}
