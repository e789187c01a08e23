// A draggable divider between two panes: drag with the pointer, or focus it and use ←/→
// (Shift for bigger steps). It reports a width; the parent clamps and stores it.

import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export interface SplitterProps {
  label: string;
  /** extra class (the grid area it sits in) */
  className?: string;
  /** the width being resized, px */
  value: number;
  min: number;
  max: number;
  /** +1: dragging right widens the pane (pane on the left); -1: the pane is on the right */
  direction: 1 | -1;
  onChange(width: number): void;
}

export function Splitter(p: SplitterProps) {
  const start = useRef<{ x: number; w: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, w: p.value };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s) return;
    p.onChange(s.w + p.direction * (e.clientX - s.x));
  };
  const end = () => {
    start.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 80 : 20;
    if (e.key === 'ArrowLeft') p.onChange(p.value - p.direction * step);
    else if (e.key === 'ArrowRight') p.onChange(p.value + p.direction * step);
    else return;
    e.preventDefault();
  };
  return (
    <div
      className={`splitter ${p.className ?? ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={p.label}
      aria-valuenow={p.value}
      aria-valuemin={p.min}
      aria-valuemax={p.max}
      tabIndex={0}
      title={`${p.label}: drag, or focus and use ←/→`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={onKeyDown}
    />
  );
}
