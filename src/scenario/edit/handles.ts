// The draggable handles of a curve's shape: where each is drawn (time, value) and which numbers
// of the text a drag to (at, value) rewrites. Paths are relative to the curve. Only numbers
// already written are moved; a missing optional field (a sine's peakAtSeconds) keeps that
// direction fixed.

import type { YamlPath } from './setScalar.ts';

export interface Write {
  path: YamlPath;
  value: number;
}

export interface Handle {
  /** stable while the curve's shape is kept (a drag never changes it): `p2`, `base`, … */
  key: string;
  /** read out to screen readers and shown while dragging */
  label: string;
  at: number;
  value: number;
  /** whether a drag may move it in time */
  movesInTime: boolean;
  /** the point of a list (steps, ramp, series), which can be removed */
  listIndex?: number;
  /** the numbers to write for a drag to (at, value); at is clamped to keep the order */
  drag(at: number, value: number): Write[];
}

type Obj = Record<string, unknown>;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Values are demand: never below zero. Whole numbers for anything larger than 10. */
export const tidy = (v: number) => {
  const c = Math.max(0, v);
  return c >= 10 ? Math.round(c) : Math.round(c * 1000) / 1000;
};
const tidyTime = (t: number) => Math.max(0, Math.round(t));

/** The list field of a point curve (steps: `steps`; ramp and series: `points`), or null. */
export function pointsField(curve: unknown): 'steps' | 'points' | null {
  if (!isObj(curve)) return null;
  if (curve.type === 'steps' && Array.isArray(curve.steps)) return 'steps';
  if ((curve.type === 'ramp' || curve.type === 'series') && Array.isArray(curve.points))
    return 'points';
  return null;
}

/** More points than this (an imported series) get no handles: too dense to drag one by one. */
export const MAX_POINT_HANDLES = 200;

function pointHandles(list: unknown[], field: string): Handle[] {
  const out: Handle[] = [];
  if (list.length > MAX_POINT_HANDLES) return out;
  list.forEach((p, i) => {
    if (!isObj(p) || !num(p.at) || !num(p.value)) return;
    const prev = list[i - 1];
    const next = list[i + 1];
    const lo = isObj(prev) && num(prev.at) ? prev.at : 0;
    const hi = isObj(next) && num(next.at) ? next.at : Infinity;
    out.push({
      key: `p${i}`,
      label: `point ${i + 1}`,
      at: p.at,
      value: p.value,
      movesInTime: true,
      listIndex: i,
      drag: (at, value) => [
        { path: [field, i, 'at'], value: clamp(tidyTime(at), lo, hi) },
        { path: [field, i, 'value'], value: tidy(value) },
      ],
    });
  });
  return out;
}

function sineHandles(c: Obj): Handle[] {
  if (!num(c.base) || !num(c.amplitude) || !num(c.periodSeconds)) return [];
  const base = c.base;
  const period = c.periodSeconds;
  const hasPeak = num(c.peakAtSeconds);
  const peakAt = hasPeak ? (c.peakAtSeconds as number) : period / 4;
  return [
    {
      key: 'peak',
      label: 'peak (amplitude, and time when written)',
      at: peakAt,
      value: base + c.amplitude,
      movesInTime: hasPeak,
      drag: (at, value) => [
        { path: ['amplitude'], value: tidy(value - base) },
        ...(hasPeak ? [{ path: ['peakAtSeconds'], value: tidyTime(at) }] : []),
      ],
    },
    {
      key: 'base',
      label: 'base level (and a quarter period after the peak)',
      at: peakAt + period / 4,
      value: base,
      movesInTime: true,
      drag: (at, value) => [
        { path: ['base'], value: tidy(value) },
        { path: ['periodSeconds'], value: Math.max(1, tidyTime(4 * (at - peakAt))) },
      ],
    },
  ];
}

function spikeHandles(c: Obj): Handle[] {
  if (!num(c.base) || !Array.isArray(c.spikes)) return [];
  const base = c.base;
  const out: Handle[] = [
    {
      key: 'base',
      label: 'base level',
      at: 0,
      value: base,
      movesInTime: false,
      drag: (_at, value) => [{ path: ['base'], value: tidy(value) }],
    },
  ];
  c.spikes.forEach((s, i) => {
    if (!isObj(s) || !num(s.at)) return;
    const byHeight = num(s.height);
    const level = byHeight ? base + (s.height as number) : num(s.value) ? s.value : base;
    out.push({
      key: `s${i}`,
      label: `spike ${i + 1}`,
      at: s.at,
      value: level,
      movesInTime: true,
      drag: (at, value) => [
        { path: ['spikes', i, 'at'], value: tidyTime(at) },
        byHeight
          ? { path: ['spikes', i, 'height'], value: tidy(value - base) }
          : { path: ['spikes', i, 'value'], value: tidy(value) },
      ],
    });
  });
  return out;
}

/**
 * The handles of `curve` (plain data as written). `middle` is where a level with no time of its
 * own (a constant) is drawn, e.g. the middle of the run.
 */
export function curveHandles(curve: unknown, middle: number): Handle[] {
  if (!isObj(curve)) return [];
  const field = pointsField(curve);
  if (field) return pointHandles(curve[field] as unknown[], field);
  switch (curve.type) {
    case 'constant':
      return num(curve.value)
        ? [
            {
              key: 'level',
              label: 'level',
              at: middle,
              value: curve.value,
              movesInTime: false,
              drag: (_at, value) => [{ path: ['value'], value: tidy(value) }],
            },
          ]
        : [];
    case 'sine':
      return sineHandles(curve);
    case 'spikes':
      return spikeHandles(curve);
    default:
      return [];
  }
}

/** The plain numbers written at the top of a curve (seed, amplitude, factor, …), for inputs. */
export function curveFields(curve: unknown): { name: string; value: number }[] {
  if (!isObj(curve)) return [];
  return Object.entries(curve)
    .filter((e): e is [string, number] => num(e[1]))
    .map(([name, value]) => ({ name, value }));
}
