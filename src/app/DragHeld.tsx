// What a curve drag does not need to redraw at each move: the explanation, the comparison, the
// cluster and node lanes show the run as it was when the drag began, and the drag's last run once
// it ends. Each move's result goes to the moving curve, the KPIs and the charts only. The held
// element is the same object as at the last render, so React skips its whole subtree.
import { memo, type ReactNode } from 'react';
import { useGestureActive } from '../store/index.ts';
import { useHeldWhile } from './useHeldWhile.ts';

export const DragHeld = memo(function DragHeld({ children }: { children: ReactNode }) {
  return useHeldWhile(children, useGestureActive());
});
