// Each KPI tile's range over the timing draws (spec.draws): the figure's median, p95 and worst,
// worded by kpiItems itself so a range reads in the tile's own units. Pure.

import type { DrawStats } from '../../run/index.ts';
import { kpiItems, type KpiOptions } from './kpiItems.ts';

export interface DrawRange {
  /** "3.1% · 4.0% · 5.2%" (median · p95 · worst), or "3.1% in every draw" */
  text: string;
  /** the tile's title addition: what the three figures are */
  title: string;
}

/** "1 draw", "16 draws". */
export const drawsCount = (n: number) => (n === 1 ? '1 draw' : `${n} draws`);

/** Per KPI id, its range over the draws (`stats` as the engine's drawStats gives it). */
export function drawRanges(stats: DrawStats, opts: KpiOptions = {}): Map<string, DrawRange> {
  const at = (k: DrawStats['median']) => new Map(kpiItems(k, opts).map((i) => [i.id, i.value]));
  const [median, p95, worst] = [at(stats.median), at(stats.p95), at(stats.worst)];
  const out = new Map<string, DrawRange>();
  const of = drawsCount(stats.count);
  for (const [id, m] of median) {
    const p = p95.get(id) ?? m;
    const w = worst.get(id) ?? m;
    const same = m === p && p === w;
    out.set(id, {
      text: same ? `${m} in ${stats.count === 1 ? 'the' : 'every'} draw` : `${m} · ${p} · ${w}`,
      title: same
        ? `the same in ${of === '1 draw' ? 'the 1 draw' : `all ${of}`} of the cluster's timing`
        : `median · p95 · worst over ${of} of the cluster's timing (scrape and sync phases drawn; spec.draws)`,
    });
  }
  return out;
}
