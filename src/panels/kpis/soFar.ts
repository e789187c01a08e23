// Figures "so far": the run read up to one sync, from the per-sync series the charts already
// have, so playback can show them at every step without asking the worker. Counted per sync
// (the engine's whole-run KPIs integrate finer), so they are labelled as running figures.

import type { SeriesPayload } from '../../worker/protocol.ts';

type Series = Pick<
  SeriesPayload,
  | 'time'
  | 'specReplicas'
  | 'readyReplicas'
  | 'terminatingReplicas'
  | 'rescaled'
  | 'ratios'
  | 'tolerance'
>;

export interface SoFar {
  index: number;
  time: number;
  replicas: number;
  peak: number;
  ups: number;
  downs: number;
  reversals: number;
  /** time up to this sync with some usage ratio above 1 + the scale-up tolerance */
  aboveTargetSeconds: number;
}

/** The running figures through sync `index` (clamped into the run). */
export function soFar(s: Series, index: number, syncPeriodSeconds: number): SoFar | null {
  const n = s.time.length;
  if (n === 0) return null;
  const last = Math.min(n - 1, Math.max(0, Math.floor(index)));
  let before = s.readyReplicas[0]! + s.terminatingReplicas[0]!;
  let peak = before;
  let ups = 0;
  let downs = 0;
  let reversals = 0;
  let lastDir = 0;
  let above = 0;
  const limit = 1 + s.tolerance.scaleUp;
  for (let i = 0; i <= last; i++) {
    const after = s.specReplicas[i]!;
    peak = Math.max(peak, after);
    if (s.rescaled[i] && after !== before) {
      const dir = after > before ? 1 : -1;
      if (dir > 0) ups++;
      else downs++;
      if (lastDir !== 0 && dir !== lastDir) reversals++;
      lastDir = dir;
    }
    before = after;
    // Sync i stands for the time until sync i + 1: through sync `last`, that is syncs before it.
    if (i < last && s.ratios.some((r) => r[i]! > limit)) above += syncPeriodSeconds;
  }
  return {
    index: last,
    time: s.time[last]!,
    replicas: s.specReplicas[last]!,
    peak,
    ups,
    downs,
    reversals,
    aboveTargetSeconds: above,
  };
}
