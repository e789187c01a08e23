// The run's rescales, for the explanation's empty state: where to click first, read from the
// series the charts already have (no worker round trip).

import type { SeriesPayload } from '../../worker/protocol.ts';

export interface Rescale {
  index: number;
  time: number;
  from: number;
  to: number;
}

type Series = Pick<
  SeriesPayload,
  'time' | 'specReplicas' | 'readyReplicas' | 'terminatingReplicas' | 'rescaled'
>;

/** Every sync that changed spec.replicas, in order (before sync 0: the pods that were there). */
export function rescalesOf(s: Series): Rescale[] {
  const out: Rescale[] = [];
  const n = s.time.length;
  if (n === 0) return out;
  let before = s.readyReplicas[0]! + s.terminatingReplicas[0]!;
  for (let i = 0; i < n; i++) {
    const after = s.specReplicas[i]!;
    if (s.rescaled[i] && after !== before)
      out.push({ index: i, time: s.time[i]!, from: before, to: after });
    before = after;
  }
  return out;
}
