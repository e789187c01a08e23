// The stale flag where it is shown: beside the KPIs and the charts, not in the page. An edit sets
// it and its result clears it; read by the page, it re-rendered the whole page at every keystroke,
// beside the run the keystroke started (`npm run bench:ui -- --profile`).
import type { ReactNode } from 'react';
import { SimulationCharts, type SimulationChartsProps } from '../charts/index.ts';
import { useErrorCount, useGestureActive, useShownStale } from '../store/index.ts';

/** `children` given the stale flag as the charts and KPIs show it, and why. */
export function ShownStale({
  children,
}: {
  children: (stale: boolean, staleNote: string) => ReactNode;
}) {
  const stale = useShownStale();
  // Why the charts are not the text's: a first paste with errors must not read as its own run.
  const errors = useErrorCount();
  const staleNote = errors
    ? `last valid scenario · ${errors} error${errors === 1 ? '' : 's'} in the editor`
    : 'stale — simulating';
  return children(stale, staleNote);
}

/**
 * The charts with the stale flag read beside them (ShownStale), not by the page, and whether a
 * drag is under way (its results come a frame apart).
 */
export function StaleCharts(props: Omit<SimulationChartsProps, 'stale' | 'staleNote' | 'gesture'>) {
  const gesture = useGestureActive();
  return (
    <ShownStale>
      {(stale, staleNote) => (
        <SimulationCharts {...props} stale={stale} staleNote={staleNote} gesture={gesture} />
      )}
    </ShownStale>
  );
}
