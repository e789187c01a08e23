// The two handles of an imported series (too many points for one each): its level, at the
// series' peak (drag it up or down: every value scales), and its start, at its first value (drag
// it sideways: the whole series moves in time). Pure: where they sit and what a drag to (at,
// value) edits, through src/scenario/edit's seriesScaled / seriesShifted from the drag's start
// text, so frames never compound.

import {
  seriesScaled,
  seriesShifted,
  type CurveLine,
  type CurveSlot,
  type EditResult,
} from '../../scenario/edit/index.ts';

export interface SeriesHandle {
  kind: 'level' | 'start';
  key: string;
  label: string;
  at: number;
  value: number;
  /** the text `startText` with the series moved as a drag to (at, value) asks */
  edit(startText: string, at: number, value: number): EditResult;
}

function startOf(json: { startSeconds?: unknown; points?: unknown }): number {
  if (Array.isArray(json.points)) {
    const ats = json.points.map((p) => (p as { at?: unknown } | null)?.at);
    const first = ats.find((a): a is number => typeof a === 'number');
    return first ?? 0;
  }
  return typeof json.startSeconds === 'number' ? json.startSeconds : 0;
}

/** The series' two handles, or none when `slot` is not a series (or has handles per point). */
export function seriesHandles(
  slot: CurveSlot,
  line: CurveLine | null,
  hasPointHandles: boolean,
): SeriesHandle[] {
  const json = slot.json as { type?: unknown; startSeconds?: unknown; points?: unknown } | null;
  if (!json || json.type !== 'series' || hasPointHandles || !line || line.value.length === 0)
    return [];
  let peak = 0;
  for (let i = 1; i < line.value.length; i++) if (line.value[i]! > line.value[peak]!) peak = i;
  const level = line.value[peak]!;
  const start = startOf(json);
  const at = line.time.findIndex((t) => t >= start);
  const startValue = line.value[at < 0 ? 0 : at]!;
  return [
    {
      kind: 'level',
      key: 'series-level',
      label: 'level (scales every value)',
      at: line.time[peak]!,
      value: level,
      edit: (text, _at, value) =>
        seriesScaled(text, slot, level > 0 ? Math.max(0, value) / level : 1),
    },
    {
      kind: 'start',
      key: 'series-start',
      label: 'start (moves the whole series in time)',
      at: start,
      value: startValue,
      edit: (text, at) => seriesShifted(text, slot, at - start),
    },
  ];
}
