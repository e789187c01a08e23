// The run's rescales, for the explanation's empty state: where to click first, read from the
// series the charts already have (no worker round trip).

import { replicasBefore } from '../../explain/index.ts';
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
> &
  Partial<Pick<SeriesPayload, 'currentReplicas'>>;

/**
 * Every sync that changed spec.replicas, in order, from the count it read (replicasBefore: a
 * kubectl scale between two syncs is where the next rescale starts from).
 */
export function rescalesOf(s: Series): Rescale[] {
  const out: Rescale[] = [];
  for (let i = 0; i < s.time.length; i++) {
    if (!s.rescaled[i]) continue;
    const from = replicasBefore(s, i);
    const to = s.specReplicas[i]!;
    if (to !== from) out.push({ index: i, time: s.time[i]!, from, to });
  }
  return out;
}
