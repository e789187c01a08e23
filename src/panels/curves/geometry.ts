// Pixels ↔ (time, value) for the curve panel, and what a key does to a focused handle. Pure, so
// the mapping a drag uses is unit-tested. The scales and the value axis' round top are the plot
// kit's (src/plot), as on every other plot.

import { invertLinear, linear } from '../../plot/scale.ts';
import { niceCeil } from '../../plot/ticks.ts';

export interface Frame {
  /** plot area in pixels, inside the SVG */
  left: number;
  top: number;
  width: number;
  height: number;
  /** time range (seconds) and value range drawn */
  duration: number;
  yMax: number;
}

export const PAD = { left: 44, right: 12, top: 8, bottom: 18 };

export function frameFor(pxWidth: number, pxHeight: number, duration: number, yMax: number): Frame {
  return {
    left: PAD.left,
    top: PAD.top,
    width: Math.max(10, pxWidth - PAD.left - PAD.right),
    height: Math.max(10, pxHeight - PAD.top - PAD.bottom),
    duration: Math.max(1, duration),
    yMax: yMax > 0 ? yMax : 1,
  };
}

export const xOf = (f: Frame, t: number) => linear([0, f.duration], f.left, f.left + f.width)(t);
export const yOf = (f: Frame, v: number) => linear([0, f.yMax], f.top + f.height, f.top)(v);
export const timeAt = (f: Frame, x: number) =>
  invertLinear([0, f.duration], f.left, f.left + f.width)(x);
/** Not clamped at the top: dragging above the panel keeps raising the value. */
export const valueAt = (f: Frame, y: number) =>
  Math.max(0, invertLinear([0, f.yMax], f.top + f.height, f.top)(y));

/** The frame's scales, built once for a path of many points. */
export function scalesOf(f: Frame) {
  return {
    x: linear([0, f.duration], f.left, f.left + f.width),
    y: linear([0, f.yMax], f.top + f.height, f.top),
  };
}

/** A y range with headroom above the highest value, on a round number (the kit's niceCeil). */
export function niceMax(values: Iterable<number>): number {
  let max = 0;
  for (const v of values) if (Number.isFinite(v) && v > max) max = v;
  if (max <= 0) return 1;
  return niceCeil(max * 1.15);
}

/** Where an arrow key moves a handle: 1/100 of the run or of the axis (1/10 with Shift). */
export function keyMove(
  key: string,
  shift: boolean,
  at: number,
  value: number,
  f: Pick<Frame, 'duration' | 'yMax'>,
): { at: number; value: number } | null {
  const k = shift ? 10 : 1;
  const dt = (f.duration / 100) * k;
  const dv = (f.yMax / 100) * k;
  switch (key) {
    case 'ArrowLeft':
      return { at: Math.max(0, at - dt), value };
    case 'ArrowRight':
      return { at: at + dt, value };
    case 'ArrowUp':
      return { at, value: value + dv };
    case 'ArrowDown':
      return { at, value: Math.max(0, value - dv) };
    default:
      return null;
  }
}
