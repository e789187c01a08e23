// The node lane's geometry, pure: stacked node counts (Ready, provisioning, draining) as step
// areas, the spans where pods waited for a node, the cpu lines, and the provisioner's events as
// markers, over the charts' time domain.

import type { NodeEvent, NodeSeries } from '../../run/index.ts';

export const LANE_W = 1000;
export const LANE_H = 90;
export const CPU_H = 50;

/** x of a time over the domain, in the lane's 0..LANE_W viewBox units. */
export function xOf(domain: readonly [number, number], t: number): number {
  const span = domain[1] - domain[0];
  return span > 0 ? ((t - domain[0]) / span) * LANE_W : 0;
}

/** A step area from a baseline series to base + value (SVG path), syncs inside the domain. */
export function stepArea(
  time: Float64Array,
  top: (i: number) => number,
  bottom: (i: number) => number,
  domain: readonly [number, number],
  y: (v: number) => number,
): string {
  const upper: string[] = [];
  const lower: string[] = [];
  const n = time.length;
  for (let i = 0; i < n; i++) {
    const t0 = time[i]!;
    const t1 = i + 1 < n ? time[i + 1]! : t0;
    if (t1 < domain[0] || t0 > domain[1]) continue;
    const a = xOf(domain, Math.max(t0, domain[0])).toFixed(1);
    const b = xOf(domain, Math.min(t1, domain[1])).toFixed(1);
    upper.push(`${a},${y(top(i)).toFixed(1)}`, `${b},${y(top(i)).toFixed(1)}`);
    lower.push(`${a},${y(bottom(i)).toFixed(1)}`, `${b},${y(bottom(i)).toFixed(1)}`);
  }
  if (upper.length === 0) return '';
  return `M${upper.join('L')}L${lower.reverse().join('L')}Z`;
}

/** Time spans (start, end) where some pod waited for a node. */
export function waitingSpans(time: Float64Array, waiting: Float64Array): [number, number][] {
  const out: [number, number][] = [];
  let start: number | null = null;
  for (let i = 0; i < time.length; i++) {
    const w = waiting[i]! > 0;
    if (w && start === null) start = time[i]!;
    if (!w && start !== null) {
      out.push([start, time[i]!]);
      start = null;
    }
  }
  if (start !== null) out.push([start, time[time.length - 1]!]);
  return out;
}

/** The most nodes at once (Ready + provisioning + draining), at least 1. */
export function peakNodes(s: NodeSeries): number {
  let m = 1;
  for (let i = 0; i < s.ready.length; i++)
    m = Math.max(m, s.ready[i]! + s.provisioning[i]! + s.draining[i]!);
  return m;
}

/** A marker per event a user acts on: scale-ups up, removals down, limits flagged. */
export function markerOf(e: NodeEvent): { glyph: string; kind: 'up' | 'down' | 'limit' } | null {
  if (e.kind === 'scale-up') return { glyph: '▲', kind: 'up' };
  if (e.kind === 'scale-down' || e.kind === 'drain') return { glyph: '▼', kind: 'down' };
  if (e.kind === 'max-size' || e.kind === 'no-fit') return { glyph: '!', kind: 'limit' };
  return null;
}

/** The index of the sync nearest to t. */
export function nearestSync(time: Float64Array, t: number): number {
  let best = 0;
  for (let i = 1; i < time.length; i++)
    if (Math.abs(time[i]! - t) < Math.abs(time[best]! - t)) best = i;
  return best;
}
