// Pod-seconds from the pods' own timestamps: a pod costs from its creation until its termination
// ends (deletion + terminationSeconds), and serves from Ready until its deletion. Exact, where
// counting the pods at each scrape was off by up to a scrape interval per pod change.

/** What a pod's life is read from (the workload's SimPod has these). */
export interface PodLife {
  createdAt: number;
  scheduledAt: number | null;
  deletedAt: number | null;
  readyFrom: number;
  failed: boolean;
}

/**
 * Adds the pod's seconds within [0, end) to acc: [0] alive (created … gone), [1] Ready (Ready …
 * deleted; a Failed or never scheduled pod is never Ready).
 */
export function addLife(p: PodLife, terminationSeconds: number, end: number, acc: number[]): void {
  const gone = p.deletedAt === null ? Infinity : p.deletedAt + terminationSeconds;
  acc[0]! += overlap(p.createdAt, gone, end);
  if (p.failed || p.scheduledAt === null || !(p.readyFrom === p.readyFrom)) return;
  acc[1]! += overlap(p.readyFrom, p.deletedAt ?? Infinity, end);
}

/** Length of [from, to) ∩ [0, end). */
function overlap(from: number, to: number, end: number): number {
  const a = from > 0 ? from : 0;
  const b = to < end ? to : end;
  return b > a ? b - a : 0;
}
