// The part of a scale-up's reaction time that is the nodes': from the write until the last node
// its pods waited for turned Ready (the provisioner's scan or batch, then the node's own start).
// The rest of "until all Ready" is the pods' start and readiness, which the HPA's tuning cannot
// shorten either, but a faster node pool can.

import { nodeWaitAfter } from '../../engine/nodes/explain.ts';
import type { NodeRun } from '../../run/index.ts';
import type { Reaction, ReactionSeries } from './reaction.ts';

export interface ReactionNodeWait {
  /** seconds from the rescale to the last node its pods waited for turning Ready */
  waitedSeconds: number;
  /** seconds from the rescale to all its pods Ready (null: not within the run or overtaken) */
  untilReadySeconds: number | null;
  /** what the provisioner did, in words (`nodeWaitAfter`) */
  text: string;
}

/** Null for a scale-down, without a node pool, or when no pod of the rescale waited for a node. */
export function reactionNodeWait(
  series: ReactionSeries,
  index: number,
  r: Reaction,
  nodes: NodeRun | undefined,
): ReactionNodeWait | null {
  if (!nodes || r.direction !== 'up') return null;
  const from = series.time[index]!;
  const end = r.settled ?? r.overtakenBy;
  const until = end ? end.time : series.time[series.time.length - 1]!;
  const wait = nodeWaitAfter(nodes, from, until);
  if (!wait) return null;
  return {
    waitedSeconds: wait.waitedSeconds,
    untilReadySeconds: r.settled ? r.settled.delta : null,
    text: wait.text,
  };
}
