// The curve editor: one curve of the scenario (traffic by default) drawn as a line with handles.
// Drag a handle, or focus it and use the arrow keys; double-click the plot to add a point and a
// point to remove it (or Delete); pick a shape. Every edit is a whole new text, sent through the
// same path as typing (onEdit), one gesture id per drag so a drag is one undo step.

import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { flushSync } from 'react-dom';
import './curves.css';
import {
  addPoint,
  applyWrites,
  curveFields,
  curveLine,
  findCurves,
  FIND_CURVES_MAX_CHARS,
  removePoint,
  setNumberAt,
  setShape,
  shapeCurve,
  SHAPES,
  slotsWithWrites,
  type CurveSlot,
  type EditResult,
  placedHandles,
  pointsField,
  type PlacedHandle,
  type ShapeKind,
} from '../../scenario/edit/index.ts';
import { formatCompact } from '../../format/format.ts';
import { formatElapsed } from '../../format/timeAxis.ts';
import { pathText, tenths } from '../../plot/pathText.ts';
import { timeAxis, timeTicksFor } from '../../plot/ticks.ts';
import { useWidth } from '../../plot/useWidth.ts';
import {
  frameFor,
  keyMove,
  niceMax,
  scalesOf,
  timeAt,
  valueAt,
  xOf,
  yOf,
  type Frame,
} from './geometry.ts';
import { CATCH_UP_EVENTS, createTextFollower, whenIdle, type TextFollower } from './followText.ts';
import { sameSlots } from './sameSlots.ts';
import { seriesHandles, type SeriesHandle } from './seriesHandles.ts';

// One line beside the fields at 1280 px (the charts below stay on a 720 px screen); the whole
// help is the note's tooltip.
const DRAG_HINT = 'Drag a point, or focus it: arrows, Delete, +.';
const DRAG_HELP =
  'Drag a point (focused: arrows move it, Delete removes it, + adds one); double-click adds one.';

export interface CurvePanelProps {
  text: string;
  /**
   * the latest text that replaced the one before it whole (a preset, a link, undo): drawn at once
   * when it is `text`; another text the panel did not write (typing) once the typing pauses
   */
  wholeText?: string;
  /** the run's length in seconds (the x axis) */
  duration: number;
  /** the playback cursor, drawn as a line */
  cursorTime?: number | null;
  /**
   * a new text from an edit; texts with the same gesture id are one undo step. A drag's move also
   * says which curve it changed, as the start text writes it and as `text` does (`curve`): the
   * simulator may run the start text's plan with that curve swapped instead of parsing `text`.
   */
  onEdit(text: string, gesture: number, curve?: CurveChange): void;
  /** a drag starts (true) or ends (false): the page may show the text less often meanwhile */
  onGesture?(active: boolean): void;
}

/** A drag's curve: the whole curve (depth 0) holding the dragged handle, before and after. */
export interface CurveChange {
  base: string;
  path: (string | number)[];
  before: unknown;
  after: unknown;
}

const HEIGHT = 84;
let gestures = 0;
/** A new undo step's id (a drag, a key press, a picked shape). */
const newGesture = () => ++gestures;
const slotKey = (s: CurveSlot) => `${s.document}:${s.path.join('.')}`;
const SHAPE_LABEL: Record<ShapeKind, string> = {
  constant: 'Constant',
  steps: 'Steps',
  ramp: 'Ramp',
  sine: 'Sine',
  spikes: 'Spikes',
  noise: 'Noise',
};

interface Drag {
  key: string;
  gesture: number;
  startText: string;
  /** the curves of `startText`: each frame's curves are these with the drag's numbers set */
  startSlots: readonly CurveSlot[];
  /** a point's handle, or (`series`) one of an imported series' two */
  handle: PlacedHandle | null;
  series: SeriesHandle | null;
  frame: Frame;
  /** the plot's place on screen at the start: the page may reflow under a drag (new KPIs) */
  origin: { left: number; top: number };
  pending: { at: number; value: number } | null;
  raf: number;
  /** when the last text was sent (performance.now()) */
  sentAt: number;
}

/** A drag sends at most one text per frame (ms). */
const FRAME_MS = 16;
/** A typed text's curves are read once no text came for this long (ms), when the page is idle. */
const PAUSE_MS = 300;
/** … and at the latest this long after that (ms). */
const IDLE_MS = 250;

/** The whole curve a drag's handle is in, in the start text and in the frame's `slots`. */
function curveChange(d: Drag, slots: readonly CurveSlot[]): CurveChange | undefined {
  const slot = d.handle!.slot;
  const i = d.startSlots.findIndex(
    (s) =>
      s.depth === 0 && s.document === slot.document && s.path.every((k, j) => slot.path[j] === k),
  );
  if (i < 0) return undefined;
  const root = d.startSlots[i]!;
  return { base: d.startText, path: [...root.path], before: root.json, after: slots[i]!.json };
}

export function CurvePanel({
  text,
  wholeText,
  duration,
  cursorTime,
  onEdit,
  onGesture,
}: CurvePanelProps) {
  // The text a drag just sent, with its curves known without parsing it (slotsWithWrites).
  const sent = useRef<{ text: string; slots: readonly CurveSlot[] } | null>(null);
  // The curves of the last text, kept while a new text's are the same (an edit of the HPA, of a
  // number outside the curves: most keystrokes), so the handles, the line and its path are not
  // made again: the same array, and every memo below holds.
  const kept = useRef<readonly CurveSlot[]>([]);
  const paths = useRef(new WeakMap<object, { key: string; d: string }>());
  // The text whose curves are drawn (followText.ts): a typed one once the page is idle, the
  // panel's own edits at once. Edits apply to `text`, the latest, by path.
  const follower = useRef<TextFollower | null>(null);
  follower.current ??= createTextFollower(text);
  const slotsText = follower.current.shown(text, wholeText);
  const latest = useRef(text);
  latest.current = text;
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (slotsText === text) return;
    return whenIdle(() => follower.current!.catchUp(latest.current) && redraw(), PAUSE_MS, IDLE_MS);
  }, [slotsText, text]);
  // Turning to the panel catches up first: a capture listener on the panel runs before React
  // dispatches the event, whose handlers then belong to the caught-up render.
  const panelRef = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const catchUp = (e: Event) => {
      if (!follower.current!.catchUp(latest.current)) return;
      // A choice just made in a <select> (or a field): the caught-up render must not reset it
      // to the value it controls before the handler reads it.
      const t = e.target;
      const value =
        t instanceof HTMLSelectElement || t instanceof HTMLInputElement ? t.value : null;
      flushSync(redraw);
      if (value !== null && (t as HTMLInputElement).isConnected)
        (t as HTMLInputElement).value = value;
    };
    for (const type of CATCH_UP_EVENTS) el.addEventListener(type, catchUp, true);
    return () => {
      for (const type of CATCH_UP_EVENTS) el.removeEventListener(type, catchUp, true);
    };
  }, []);
  const slots = useMemo(() => {
    const found = sent.current?.text === slotsText ? sent.current.slots : findCurves(slotsText);
    if (!sameSlots(found, kept.current)) kept.current = found;
    return kept.current;
  }, [slotsText]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [dragging, setDragging] = useState<{ key: string; yMax: number } | null>(null);
  const drag = useRef<Drag | null>(null);
  const onGestureRef = useRef(onGesture);
  onGestureRef.current = onGesture;
  const [boxRef, width] = useWidth();
  const svgRef = useRef<SVGSVGElement>(null);

  const shown = slots.find((s) => slotKey(s) === chosen) ?? slots[0];
  const handles = useMemo(
    () => (shown ? placedHandles(slots, shown, duration / 2) : []),
    [slots, shown, duration],
  );
  // The curve a double-click adds a point to: the shown one, or the one inside it with points.
  const slot =
    shown && pointsField(shown.json)
      ? shown
      : (handles.find((h) => pointsField(h.slot.json))?.slot ?? shown);
  const inner =
    handles.length > 0 && handles.every((h) => h.slot === handles[0]!.slot)
      ? handles[0]!.slot
      : null;
  const line = useMemo(() => (shown ? curveLine(shown.json, duration) : null), [shown, duration]);
  const innerLine = useMemo(
    () => (inner && inner !== shown ? curveLine(inner.json, duration) : null),
    [inner, shown, duration],
  );
  // An imported series (no handle per point): a level handle and a start handle.
  const series = useMemo(
    () => (shown && line?.ok ? seriesHandles(shown, line.line, handles.length > 0) : []),
    [shown, line, handles],
  );
  const autoMax = useMemo(
    () => niceMax([...(line?.ok ? line.line.value : []), ...handles.map((h) => h.value)]),
    [line, handles],
  );
  // The axis holds still during a drag, so the handle stays under the pointer.
  const yMax = dragging ? dragging.yMax : autoMax;
  const frame = frameFor(width, HEIGHT, duration, yMax);

  // Unmounted mid-drag (the scenario lost its curve): the drag is over for the page too.
  useEffect(
    () => () => {
      cancelAnimationFrame(drag.current?.raf ?? 0);
      if (drag.current) onGestureRef.current?.(false);
    },
    [],
  );

  if (slotsText.length > FIND_CURVES_MAX_CHARS)
    return (
      <section className="curve-panel" aria-label="Curve editor">
        <p className="curve-note">
          This scenario is too large to edit its curves here; edit the text.
        </p>
      </section>
    );
  if (!slot || !shown) return null;

  function commit(r: EditResult, gesture = newGesture(), curve?: CurveChange): boolean {
    if (!r.ok) {
      setMessage(r.error);
      return false;
    }
    setMessage(null);
    follower.current!.own(r.text);
    if (curve) onEdit(r.text, gesture, curve);
    else onEdit(r.text, gesture);
    return true;
  }

  function flush() {
    const d = drag.current;
    if (!d || !d.pending) return;
    const { at, value } = d.pending;
    d.pending = null;
    d.raf = 0;
    d.sentAt = performance.now();
    if (d.series) {
      // A whole series rewritten: its curves are read again from the text.
      sent.current = null;
      commit(d.series.edit(d.startText, at, value), d.gesture);
      return;
    }
    const writes = d.handle!.drag(at, value);
    const r = applyWrites(d.startText, d.handle!.slot, writes);
    if (!r.ok) return void commit(r, d.gesture);
    const slots = slotsWithWrites(d.startSlots, d.handle!.slot, writes);
    sent.current = { text: r.text, slots };
    commit(r, d.gesture, curveChange(d, slots));
  }

  function pointerPos(
    e: PointerEvent | { clientX: number; clientY: number },
    box: { left: number; top: number } = svgRef.current!.getBoundingClientRect(),
  ) {
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  function onHandleDown(e: PointerEvent<SVGElement>, h: PlacedHandle | SeriesHandle) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    (e.currentTarget as SVGElement).focus();
    const isSeries = 'kind' in h;
    drag.current = {
      key: h.key,
      gesture: newGesture(),
      startText: text,
      startSlots: slots,
      handle: isSeries ? null : h,
      series: isSeries ? h : null,
      frame,
      origin: svgRef.current!.getBoundingClientRect(),
      pending: null,
      raf: 0,
      sentAt: -Infinity,
    };
    setDragging({ key: h.key, yMax });
    onGesture?.(true);
  }

  function onHandleMove(e: PointerEvent<SVGElement>) {
    const d = drag.current;
    if (!d) return;
    const p = pointerPos(e, d.origin);
    const moved = d.series ?? d.handle!;
    const inTime = d.series ? d.series.kind === 'start' : d.handle!.movesInTime;
    d.pending = {
      at: inTime ? timeAt(d.frame, p.x) : moved.at,
      // the start handle moves in time only
      value: d.series?.kind === 'start' ? moved.value : valueAt(d.frame, p.y),
    };
    // One text per frame: the charts follow the drag without a run per mouse event. The first
    // move after a quiet frame goes at once (waiting for the next frame would only add latency).
    if (d.raf) return;
    if (performance.now() - d.sentAt >= FRAME_MS) flush();
    else d.raf = requestAnimationFrame(flush);
  }

  function onHandleUp() {
    const d = drag.current;
    if (!d) return;
    cancelAnimationFrame(d.raf);
    flush();
    drag.current = null;
    setDragging(null);
    onGesture?.(false);
  }

  function onHandleKey(e: KeyboardEvent<SVGElement>, h: PlacedHandle) {
    if ((e.key === 'Delete' || e.key === 'Backspace') && h.listIndex !== undefined) {
      e.preventDefault();
      commit(removePoint(text, h.slot, h.listIndex));
      return;
    }
    if ((e.key === 'Insert' || e.key === '+') && h.listIndex !== undefined) {
      e.preventDefault();
      const next = handles.find((x) => x.slot === h.slot && x.listIndex === h.listIndex! + 1);
      const at = next ? (h.at + next.at) / 2 : h.at + duration / 10;
      commit(addPoint(text, h.slot, at, h.value - h.lift(at)));
      return;
    }
    const move = keyMove(e.key, e.shiftKey, h.at, h.value, frame);
    if (!move) return;
    e.preventDefault();
    e.stopPropagation(); // the page's arrow keys step playback; here they move the point
    commit(applyWrites(text, h.slot, h.drag(h.movesInTime ? move.at : h.at, move.value)));
  }

  function onSeriesKey(e: KeyboardEvent<SVGElement>, h: SeriesHandle) {
    const move = keyMove(e.key, e.shiftKey, h.at, h.value, frame);
    if (!move) return;
    e.preventDefault();
    e.stopPropagation();
    commit(h.kind === 'start' ? h.edit(text, move.at, h.value) : h.edit(text, h.at, move.value));
  }

  function onPlotDoubleClick(e: MouseEvent<SVGSVGElement>) {
    if (!slot || (e.target as Element).closest('.curve-handle')) return;
    const p = pointerPos(e);
    const at = timeAt(frame, p.x);
    const lift = handles.find((h) => h.slot === slot)?.lift(at) ?? 0;
    commit(addPoint(text, slot, at, valueAt(frame, p.y) - lift));
  }

  function pickShape(kind: ShapeKind) {
    if (!slot) return;
    const values = line?.ok ? line.line.value : [];
    const lo = values.length ? Math.min(...values) : 0;
    const hi = values.length ? Math.max(...values) : 100;
    const target = shown!;
    const current = target.json as { type?: unknown; seed?: unknown };
    const seed =
      current?.type === 'noise' && typeof current.seed === 'number' ? current.seed + 1 : 1;
    commit(
      setShape(text, target, shapeCurve(kind, { lo, hi, duration, current: target.json, seed })),
    );
  }

  function setField(name: string, raw: string) {
    if (!shown) return;
    const v = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(v)) return setMessage(`${name}: not a number`);
    commit(setNumberAt(text, shown.document, [...shown.path, name], v));
  }

  const type =
    shown.json && typeof shown.json === 'object'
      ? (shown.json as { type?: unknown }).type
      : undefined;
  const { x, y } = scalesOf(frame);
  // A line's path, made again only for a new line or frame (not per keystroke).
  const pathOf = (l: typeof line) => {
    if (!l?.ok) return '';
    const key = `${frame.left},${frame.top},${frame.width},${frame.height},${frame.duration},${frame.yMax}`;
    const hit = paths.current.get(l);
    if (hit?.key === key) return hit.d;
    // Written into the plot kit's one buffer: a drag draws a new line per move, and a string
    // per point was 47 kB of garbage a move (`npm run bench:ui -- --profile`).
    const { time, value } = l.line;
    for (let i = 0; i < time.length; i++) {
      pathText.char(i ? 76 : 77); // L, M
      pathText.pair(tenths(x(time[i]!)), tenths(y(value[i]!)));
    }
    const d = pathText.done();
    paths.current.set(l, { key, d });
    return d;
  };
  const axis = timeAxis([0, duration], timeTicksFor(frame.width));
  const path = pathOf(line);
  const active = [...handles, ...series].find((h) => h.key === (dragging?.key ?? focused));
  const noteText =
    message ??
    (line && !line.ok
      ? `Not drawn: ${line.error}`
      : active
        ? `${active.label}: ${formatCompact(active.value)} at ${formatElapsed(active.at, true)}`
        : handles.length
          ? DRAG_HINT
          : series.length
            ? 'An imported series: drag the diamond to scale it, the square to move it in time (focused: arrows).'
            : 'No points to drag in this shape: pick another, or edit its numbers.');
  const fields = curveFields(shown.json).filter((f) => f.name !== 'value' || type !== 'constant');

  return (
    <section
      ref={panelRef}
      className="curve-panel"
      aria-label="Curve editor"
      // the curves drawn are the latest text's, or an earlier one's until typing pauses
      data-curves-of={slotsText === text ? 'latest' : 'earlier'}
    >
      <div className="curve-bar">
        <label>
          Curve{' '}
          <select
            aria-label="Curve to edit"
            value={slotKey(shown)}
            onChange={(e) => setChosen(e.target.value)}
          >
            {slots.map((s) => (
              <option key={slotKey(s)} value={slotKey(s)}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label title="Replace this curve by a new one of this shape, sized from it (noise goes over the current curve, with a seed)">
          Shape{' '}
          <select
            aria-label="Shape"
            value={typeof type === 'string' ? type : ''}
            onChange={(e) => pickShape(e.target.value as ShapeKind)}
          >
            {typeof type !== 'string' || !(SHAPES as readonly string[]).includes(type) ? (
              <option value={typeof type === 'string' ? type : ''} disabled>
                {typeof type === 'string' ? type : '(invalid)'}
              </option>
            ) : null}
            {SHAPES.map((k) => (
              <option key={k} value={k}>
                {SHAPE_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        {fields.map((f) => (
          <label key={`${slotKey(shown)}:${f.name}:${f.value}`} className="curve-field">
            {f.name}{' '}
            <input
              type="number"
              aria-label={`${shown.label} ${f.name}`}
              defaultValue={f.value}
              onBlur={(e) =>
                e.currentTarget.value !== String(f.value) && setField(f.name, e.currentTarget.value)
              }
              onKeyDown={(e) => e.key === 'Enter' && setField(f.name, e.currentTarget.value)}
            />
          </label>
        ))}
        {type === 'noise' ? (
          <button type="button" className="btn" onClick={() => pickShape('noise')}>
            New seed
          </button>
        ) : null}
        <p
          className="curve-note"
          role="status"
          title={noteText === DRAG_HINT ? DRAG_HELP : noteText}
        >
          {noteText}
        </p>
      </div>
      <div ref={boxRef} className="curve-plot">
        <svg
          ref={svgRef}
          width={width}
          height={HEIGHT}
          role="group"
          aria-label={`${shown.label} over the run: drag a point, or focus it and use the arrow keys; double-click to add a point`}
          onDoubleClick={onPlotDoubleClick}
        >
          <line
            className="curve-axis"
            x1={frame.left}
            x2={frame.left + frame.width}
            y1={yOf(frame, 0)}
            y2={yOf(frame, 0)}
          />
          <line
            className="curve-grid"
            x1={frame.left}
            x2={frame.left + frame.width}
            y1={yOf(frame, yMax / 2)}
            y2={yOf(frame, yMax / 2)}
          />
          <text className="curve-tick" x={frame.left - 4} y={yOf(frame, yMax) + 4} textAnchor="end">
            {formatCompact(yMax)}
          </text>
          <text
            className="curve-tick"
            x={frame.left - 4}
            y={yOf(frame, yMax / 2) + 4}
            textAnchor="end"
          >
            {formatCompact(yMax / 2)}
          </text>
          <text className="curve-tick" x={frame.left - 4} y={yOf(frame, 0)} textAnchor="end">
            0
          </text>
          {axis.ticks.map((t) => (
            <text
              key={t}
              className="curve-tick"
              x={x(t)}
              y={HEIGHT - 4}
              textAnchor={
                t === 0 ? 'start' : x(t) > frame.left + frame.width - 30 ? 'end' : 'middle'
              }
            >
              {axis.label(t)}
            </text>
          ))}
          {cursorTime !== null && cursorTime !== undefined ? (
            <line
              className="curve-cursor"
              x1={xOf(frame, cursorTime)}
              x2={xOf(frame, cursorTime)}
              y1={frame.top}
              y2={frame.top + frame.height}
            />
          ) : null}
          {innerLine ? <path className="curve-inner" d={pathOf(innerLine)} /> : null}
          <path className="curve-line" d={path} data-testid="curve-line" />
          {handles.map((h) => (
            <circle
              key={h.key}
              className="curve-handle"
              data-key={h.key}
              data-active={h.key === active?.key ? 'true' : undefined}
              cx={xOf(frame, Math.min(h.at, duration))}
              cy={yOf(frame, h.value)}
              r={6}
              tabIndex={0}
              role="slider"
              aria-label={`${shown.label} ${h.label}`}
              aria-valuenow={h.value}
              aria-valuetext={`${formatCompact(h.value)} at ${formatElapsed(h.at, true)}`}
              onPointerDown={(e) => onHandleDown(e, h)}
              onPointerMove={onHandleMove}
              onPointerUp={onHandleUp}
              onPointerCancel={onHandleUp}
              onFocus={() => setFocused(h.key)}
              onBlur={() => setFocused((k) => (k === h.key ? null : k))}
              onKeyDown={(e) => onHandleKey(e, h)}
              onDoubleClick={() =>
                h.listIndex !== undefined && commit(removePoint(text, h.slot, h.listIndex))
              }
            />
          ))}
          {series.map((h) => {
            const cx = xOf(frame, Math.min(h.at, duration));
            const cy = yOf(frame, h.value);
            return (
              <path
                key={h.key}
                className={`curve-handle series-${h.kind}`}
                data-key={h.key}
                data-active={h.key === active?.key ? 'true' : undefined}
                // the level: a diamond (↕); the start: a square (↔)
                d={
                  h.kind === 'level'
                    ? `M${cx},${cy - 8}L${cx + 8},${cy}L${cx},${cy + 8}L${cx - 8},${cy}Z`
                    : `M${cx - 6},${cy - 6}h12v12h-12Z`
                }
                tabIndex={0}
                role="slider"
                aria-label={`${shown.label} ${h.label}`}
                aria-valuenow={h.kind === 'level' ? h.value : h.at}
                aria-valuetext={
                  h.kind === 'level'
                    ? `peak ${formatCompact(h.value)} at ${formatElapsed(h.at, true)}`
                    : `starts at ${formatElapsed(h.at, true)}`
                }
                onPointerDown={(e) => onHandleDown(e, h)}
                onPointerMove={onHandleMove}
                onPointerUp={onHandleUp}
                onPointerCancel={onHandleUp}
                onFocus={() => setFocused(h.key)}
                onBlur={() => setFocused((k) => (k === h.key ? null : k))}
                onKeyDown={(e) => onSeriesKey(e, h)}
              />
            );
          })}
        </svg>
      </div>
    </section>
  );
}
