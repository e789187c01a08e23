// The two handles of an imported series (too many points to drag one by one, handles.ts
// MAX_POINT_HANDLES): its level, scaling every value, and its time, shifting the whole series.
// Each takes the text a drag started from and the drag's total so far (a factor, seconds), so the
// frames never compound rounding; the result is checked by parsing it again. Both forms of a
// series are edited in place: the compact one (`startSeconds`, `values` block: its numbers
// rewritten where they stand, the lines kept) and `points` (each `at` or `value`).

import { isMap, isScalar, parseAllDocuments, type Document, type Node } from 'yaml';
import { applyWrites } from './curveEdits.ts';
import type { CurveSlot } from './findCurves.ts';
import type { Write } from './handles.ts';
import { formatNumber, nodeAt, type EditResult } from './setScalar.ts';

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

type SeriesJson = { type?: unknown; points?: unknown; values?: unknown; startSeconds?: unknown };

function seriesOf(slot: CurveSlot): SeriesJson | null {
  const j = slot.json as SeriesJson | null;
  return j && typeof j === 'object' && j.type === 'series' ? j : null;
}

function documentOf(text: string, index: number): Document.Parsed | string {
  const doc = Array.from(parseAllDocuments(text, { logLevel: 'silent' }))[index];
  if (!doc) return `no document ${index}`;
  if (doc.errors.length > 0) return 'the document has syntax errors';
  return doc;
}

/** Decimals a written number has ("12.50" → 2). */
const decimalsOf = (token: string) => /\.(\d+)/.exec(token)?.[1]?.length ?? 0;

/** Every value of the series times `factor` (≥ 0), written with the decimals it was written with. */
export function seriesScaled(text: string, slot: CurveSlot, factor: number): EditResult {
  const series = seriesOf(slot);
  if (!series) return { ok: false, error: `${slot.label} is not an imported series` };
  if (!Number.isFinite(factor) || factor < 0)
    return { ok: false, error: `not a scale factor: ${factor}` };
  if (Array.isArray(series.points)) {
    const writes: Write[] = series.points.flatMap((p, i) =>
      p && typeof (p as { value?: unknown }).value === 'number'
        ? [{ path: ['points', i, 'value'], value: (p as { value: number }).value * factor }]
        : [],
    );
    return applyWrites(text, slot, writes);
  }
  const doc = documentOf(text, slot.document);
  if (typeof doc === 'string') return { ok: false, error: doc };
  const node = nodeAt(doc.contents, [...slot.path, 'values']);
  if (!isScalar(node) || typeof node.value !== 'string' || !(node as Node).range)
    return { ok: false, error: `${slot.label} has no values to scale` };
  const [start, end] = (node as Node).range!;
  const raw = text.slice(start, end);
  // A block scalar's header (`>-`, `|2`) holds no value: the numbers start on the next line.
  const body = /^[>|]/.test(raw) ? raw.indexOf('\n') + 1 : 0;
  const tokens = raw.slice(body).match(NUMBER) ?? [];
  const decimals = tokens.reduce((d, t) => Math.max(d, decimalsOf(t)), 0);
  const scaled =
    raw.slice(0, body) +
    raw.slice(body).replace(NUMBER, (t) => formatNumber(round(Number(t) * factor, decimals)));
  return checkedValues(text.slice(0, start) + scaled + text.slice(end), slot, tokens.length);
}

/** The whole series `seconds` later (earlier when negative; never before 0). */
export function seriesShifted(text: string, slot: CurveSlot, seconds: number): EditResult {
  const series = seriesOf(slot);
  if (!series) return { ok: false, error: `${slot.label} is not an imported series` };
  if (!Number.isFinite(seconds)) return { ok: false, error: `not a time: ${seconds}` };
  const s = Math.round(seconds);
  if (Array.isArray(series.points)) {
    const ats = series.points.map((p) => (p as { at?: unknown } | null)?.at);
    const first = Math.min(...ats.filter((a): a is number => typeof a === 'number'));
    const by = Math.max(s, -first);
    return applyWrites(
      text,
      slot,
      ats.flatMap((at, i) =>
        typeof at === 'number' ? [{ path: ['points', i, 'at'], value: at + by }] : [],
      ),
    );
  }
  const from = typeof series.startSeconds === 'number' ? series.startSeconds : 0;
  const to = Math.max(0, from + s);
  if (typeof series.startSeconds === 'number')
    return applyWrites(text, slot, [{ path: ['startSeconds'], value: to }]);
  return insertStart(text, slot, to);
}

/** `startSeconds: to` on a line of its own before the series' `values`, as a sibling key. */
function insertStart(text: string, slot: CurveSlot, to: number): EditResult {
  const doc = documentOf(text, slot.document);
  if (typeof doc === 'string') return { ok: false, error: doc };
  const curve = nodeAt(doc.contents, slot.path);
  if (!isMap(curve) || curve.flow)
    return { ok: false, error: `${slot.label} is written inline: add startSeconds by hand` };
  const key = curve.items.find((p) => isScalar(p.key) && p.key.value === 'values')?.key as
    Node | undefined;
  if (!key?.range) return { ok: false, error: `${slot.label} has no values` };
  const lineStart = text.lastIndexOf('\n', key.range[0] - 1) + 1;
  const indent = text.slice(lineStart, key.range[0]);
  if (indent.trim() !== '')
    return { ok: false, error: `cannot place startSeconds in ${slot.label}` };
  const out = `${text.slice(0, lineStart)}${indent}startSeconds: ${formatNumber(to)}\n${text.slice(lineStart)}`;
  const again = documentOf(out, slot.document);
  if (
    typeof again === 'string' ||
    nodeAt(again.contents, [...slot.path, 'startSeconds']) === undefined
  )
    return { ok: false, error: 'the edit would break the text' };
  return { ok: true, text: out };
}

function round(v: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
}

/** The edited text if the series still holds `count` values. */
function checkedValues(out: string, slot: CurveSlot, count: number): EditResult {
  const doc = documentOf(out, slot.document);
  if (typeof doc === 'string')
    return { ok: false, error: `the edit would break the text (${doc})` };
  const node = nodeAt(doc.contents, [...slot.path, 'values']);
  const values = isScalar(node) && typeof node.value === 'string' ? node.value.match(NUMBER) : null;
  return values?.length === count
    ? { ok: true, text: out }
    : { ok: false, error: 'cannot rewrite these values in place' };
}
