// KEDA's writes as marks on the Replicas chart: at the sync after each write, the replicas KEDA
// wrote, up (activation) when above what the previous sync left, else down.
import type { ResultPayload } from '../../worker/protocol.ts';

/** The shape the Replicas chart draws (charts/ReplicasChart.tsx KedaWriteMark). */
export interface KedaWriteMark {
  t: number;
  y: number;
  up: boolean;
}

export function kedaWriteMarks(result: ResultPayload): KedaWriteMark[] {
  const keda = result.keda;
  if (!keda) return [];
  const { time, specReplicas } = result.series;
  const out: KedaWriteMark[] = [];
  for (let k = 0; k < keda.write.length; k++) {
    const w = keda.write[k]!;
    if (Number.isNaN(w)) continue;
    const before = k > 0 ? specReplicas[k - 1]! : w;
    out.push({ t: time[k]!, y: w, up: w > before || (k === 0 && w > 0) });
  }
  return out;
}
