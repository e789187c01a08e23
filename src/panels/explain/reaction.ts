// The time around one rescale, read from the run's series: how long the metrics had been asking
// for it before the controller wrote it (policies and stabilization hold it back), how long the
// demand had gone unmet, and how long the pods took to follow (the ReplicaSet, scheduling, start
// and readiness). The reaction lag people ask about is these spans added up; the decision chain
// explains only the sync itself.

import { replicasBefore } from '../../explain/index.ts';
import type { SeriesPayload } from '../../worker/protocol.ts';

export type ReactionSeries = Pick<
  SeriesPayload,
  | 'time'
  | 'specReplicas'
  | 'readyReplicas'
  | 'terminatingReplicas'
  | 'rawReplicas'
  | 'demand'
  | 'served'
  | 'rescaled'
> &
  Partial<Pick<SeriesPayload, 'currentReplicas'>>;

/** A moment of the run: its sync and time, and how long before (−) or after (+) the rescale. */
export interface ReactionMoment {
  index: number;
  time: number;
  /** seconds from the rescale's sync (negative: before it) */
  delta: number;
}

export interface Reaction {
  direction: 'up' | 'down';
  from: number;
  to: number;
  /** first sync of the unbroken run, ending here, whose proposal was past the replicas then */
  askedSince: ReactionMoment | null;
  /** first sync of the unbroken run, ending here, that served less than the demand (up only) */
  unmetSince: ReactionMoment | null;
  /** up: the first sync after with more pods Ready than here */
  firstReady: ReactionMoment | null;
  /** up: Ready reached `to`; down: Ready came down to `to` and nothing was terminating */
  settled: ReactionMoment | null;
  /** a later rescale came before `settled` (the pods were still following this one) */
  overtakenBy: ReactionMoment | null;
  /** up: the first sync after, at or past `settled`'s search start, that served all the demand */
  servedAgain: ReactionMoment | null;
}

/** Demand within this much of served counts as served (float noise, not unmet work). */
const SERVED_EPSILON = 1e-9;

function moment(s: ReactionSeries, i: number, k: number): ReactionMoment {
  return { index: i, time: s.time[i]!, delta: s.time[i]! - s.time[k]! };
}

/** The count sync i read (a kubectl scale in between included; before sync 0: the pods there). */
function countBefore(s: ReactionSeries, i: number): number {
  return replicasBefore(s, i);
}

function unmet(s: ReactionSeries, i: number): boolean {
  const d = s.demand[i]!;
  const v = s.served[i]!;
  return Number.isFinite(d) && Number.isFinite(v) && v < d - SERVED_EPSILON * Math.max(1, d);
}

/** The first index of the unbroken run of `holds` ending at k (null when k itself fails). */
function runStart(k: number, holds: (i: number) => boolean): number | null {
  if (!holds(k)) return null;
  let j = k;
  while (j > 0 && holds(j - 1)) j--;
  return j;
}

/** The reaction around sync k, or null when k did not change spec.replicas. */
export function reactionAt(s: ReactionSeries, k: number): Reaction | null {
  const n = s.time.length;
  if (!Number.isInteger(k) || k < 0 || k >= n || !s.rescaled[k]) return null;
  const from = countBefore(s, k);
  const to = s.specReplicas[k]!;
  if (to === from) return null;
  const up = to > from;
  const raw = s.rawReplicas;
  const asked = (i: number) =>
    Number.isFinite(raw[i]!) && (up ? raw[i]! > countBefore(s, i) : raw[i]! < countBefore(s, i));
  const askedStart = runStart(k, asked);
  const unmetStart = up ? runStart(k, (i) => unmet(s, i)) : null;

  let firstReady: number | null = null;
  let settled: number | null = null;
  let overtaken: number | null = null;
  for (let i = k + 1; i < n && settled === null && overtaken === null; i++) {
    const ready = s.readyReplicas[i]!;
    if (up && firstReady === null && ready > s.readyReplicas[k]!) firstReady = i;
    if (up ? ready >= to : ready <= to && s.terminatingReplicas[i] === 0) settled = i;
    else if (s.rescaled[i] && s.specReplicas[i] !== countBefore(s, i)) overtaken = i;
  }
  let servedAgain: number | null = null;
  if (up && unmetStart !== null) {
    for (let i = k; i < n && servedAgain === null; i++) if (!unmet(s, i)) servedAgain = i;
  }
  const at = (i: number | null) => (i === null ? null : moment(s, i, k));
  return {
    direction: up ? 'up' : 'down',
    from,
    to,
    askedSince: askedStart !== null && askedStart < k ? at(askedStart) : null,
    unmetSince: at(unmetStart),
    firstReady: at(firstReady),
    settled: at(settled),
    overtakenBy: at(overtaken),
    servedAgain: at(servedAgain),
  };
}
