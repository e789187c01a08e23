// Pointer interaction shared by every chart: click selects the nearest sync, drag zooms to the
// dragged span (an HTML band follows the pointer without re-rendering the chart), double-click
// shows the whole run, the shared hover cursor and optional hover selection (both throttled to
// animation frames).

import { useRef, type PointerEvent } from 'react';
import type { FrameInteraction } from './types.ts';
import { nearestRow } from '../plot/geometry.ts';
import { nearestIndex, nearestRowSync, plotSpan, timeAtPixel } from '../plot/pointer.ts';

/** Drags narrower than this are clicks. */
const DRAG_PX = 5;

export function usePointerSelection(p: FrameInteraction) {
  const band = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number } | null>(null);
  const hoverFrame = useRef(0);
  const cursorFrame = useRef(0);
  const hoverRow = (x: number, width: number) => {
    const { hover, rows } = p;
    if (!hover || !rows) return;
    const [l, r] = plotSpan(width);
    cancelAnimationFrame(cursorFrame.current);
    cursorFrame.current = requestAnimationFrame(() => {
      const k = x < l || x > r ? -1 : nearestRow(rows, timeAtPixel(x, width, p.xDomain));
      hover.set(k < 0 ? null : k);
    });
  };
  const leave = () => {
    cancelAnimationFrame(cursorFrame.current);
    p.hover?.set(null);
  };
  const local = (e: PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, width: r.width };
  };
  const select = (x: number, width: number) => {
    const t = timeAtPixel(x, width, p.xDomain);
    const i = p.rowIndices ? nearestRowSync(p.time, p.rowIndices, t) : nearestIndex(p.time, t);
    if (i >= 0 && i !== p.selectedSync) p.onSelectSync(i);
  };
  const showBand = (a: number, b: number, width: number) => {
    const el = band.current;
    if (!el) return;
    const [l, r] = plotSpan(width);
    const x0 = Math.max(l, Math.min(a, b));
    const x1 = Math.min(r, Math.max(a, b));
    el.style.display = x1 - x0 >= DRAG_PX ? 'block' : 'none';
    el.style.left = `${x0}px`;
    el.style.width = `${Math.max(0, x1 - x0)}px`;
  };
  return {
    band,
    handlers: {
      onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
        if (e.button !== 0) return;
        drag.current = { x: local(e).x };
      },
      onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
        const { x, width } = local(e);
        if (drag.current) {
          showBand(drag.current.x, x, width);
          return;
        }
        hoverRow(x, width);
        if (!p.selectOnHover) return;
        cancelAnimationFrame(hoverFrame.current);
        hoverFrame.current = requestAnimationFrame(() => select(x, width));
      },
      onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
        const start = drag.current;
        drag.current = null;
        if (band.current) band.current.style.display = 'none';
        if (!start) return;
        const { x, width } = local(e);
        if (Math.abs(x - start.x) < DRAG_PX) {
          select(x, width);
          return;
        }
        const a = timeAtPixel(Math.min(x, start.x), width, p.xDomain);
        const b = timeAtPixel(Math.max(x, start.x), width, p.xDomain);
        p.onZoom([a, b]);
      },
      onPointerCancel: () => {
        drag.current = null;
        if (band.current) band.current.style.display = 'none';
      },
      onPointerLeave: () => {
        // Leaving the plot mid-drag cancels the zoom (no pointer capture, so the hover cursor
        // leaves with the pointer).
        leave();
        drag.current = null;
        if (band.current) band.current.style.display = 'none';
      },
      onDoubleClick: () => p.onZoom(null),
    },
  };
}
