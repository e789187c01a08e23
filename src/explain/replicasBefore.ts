// The replica count a sync started from, for everything that lists or draws rescales (the
// explanation's rescale list, chart markers, the reaction timeline, the charts' words).

/** The series a rescale's "from" is read from; `currentReplicas` may be absent (hand-made series). */
export interface BeforeSeries {
  specReplicas: ArrayLike<number>;
  readyReplicas: ArrayLike<number>;
  terminatingReplicas: ArrayLike<number>;
  currentReplicas?: ArrayLike<number> | undefined;
}

/**
 * spec.replicas as sync i read it, before its own write. That is the sync's `currentReplicas`
 * when recorded: someone else may have written the scale since the previous sync (a `kubectl
 * scale` to 0 answered by a 0→4 at the same instant leaves the previous sync's spec equal to this
 * one's). Without it (or NaN): the previous sync's spec, and before sync 0 the pods that were there.
 */
export function replicasBefore(s: BeforeSeries, i: number): number {
  const read = s.currentReplicas?.[i];
  if (read !== undefined && Number.isFinite(read)) return read;
  return i > 0 ? s.specReplicas[i - 1]! : s.readyReplicas[0]! + s.terminatingReplicas[0]!;
}
