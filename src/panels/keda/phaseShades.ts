// KEDA's phase per sync as shaded spans for the Replicas chart: each run of syncs in one of the
// shaded phases (inactive, cooling down, fallback) becomes [its first sync, the next phase's first
// sync), the last running to the end of the run.
import type { ResultPayload } from '../../worker/protocol.ts';

type ShadedPhase = 'inactive' | 'cooldown' | 'fallback';

/** The shape the Replicas chart shades (charts/phaseShades.ts PhaseShade). */
export interface PhaseShade {
  x1: number;
  x2: number;
  phase: ShadedPhase;
}

const SHADED: ReadonlySet<string> = new Set<ShadedPhase>(['inactive', 'cooldown', 'fallback']);

export function kedaPhaseShades(result: ResultPayload, end: number): PhaseShade[] {
  const keda = result.keda;
  if (!keda) return [];
  const time = result.series.time;
  const out: PhaseShade[] = [];
  let open: PhaseShade | null = null;
  for (let k = 0; k < keda.phase.length; k++) {
    const name = keda.phases[keda.phase[k]!]!;
    const t = time[k]!;
    if (open && open.phase === name) continue;
    if (open) {
      open.x2 = t;
      out.push(open);
      open = null;
    }
    if (SHADED.has(name)) open = { x1: t, x2: t, phase: name as ShadedPhase };
  }
  if (open) {
    open.x2 = Math.max(open.x1, end);
    out.push(open);
  }
  return out;
}
