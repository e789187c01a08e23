// Pixels ↔ (time, value) for the curve panel, and what a key does to a focused handle. Pure, so
// the mapping a drag uses is unit-tested.

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

export const xOf = (f: Frame, t: number) => f.left + (t / f.duration) * f.width;
export const yOf = (f: Frame, v: number) => f.top + f.height - (v / f.yMax) * f.height;
export const timeAt = (f: Frame, x: number) => ((x - f.left) / f.width) * f.duration;
/** Not clamped at the top: dragging above the panel keeps raising the value. */
export const valueAt = (f: Frame, y: number) =>
  Math.max(0, ((f.top + f.height - y) / f.height) * f.yMax);

/** A y range with headroom above the highest value, on a round number. */
export function niceMax(values: Iterable<number>): number {
  let max = 0;
  for (const v of values) if (Number.isFinite(v) && v > max) max = v;
  if (max <= 0) return 1;
  const raw = max * 1.15;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * pow >= raw)!;
  return step * pow;
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
