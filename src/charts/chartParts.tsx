// Pieces every chart shares: the plot props, the tooltip and a toggle-set hook.

import { useCallback, useState } from 'react';
import type { FrameInteraction } from './types.ts';
import { formatCompact } from '../format/format.ts';
import { formatElapsed } from '../format/timeAxis.ts';
import type { ChartRow, ChartRows } from './types.ts';

/** What every chart receives: the shared rows and axis, and the selection/zoom interaction. */
export interface SharedChartProps extends FrameInteraction {
  rows: ChartRows;
  xTicks: number[];
  tickSeconds: boolean;
}

/** The part of the shared props the (memoized) plots depend on: not the selection. */
export interface PlotAxisProps {
  rows: ChartRows;
  xDomain: [number, number];
  xTicks: number[];
  tickSeconds: boolean;
}

/** The selection/zoom props a chart hands to its ChartFrame. */
export function interaction(p: FrameInteraction): FrameInteraction {
  return {
    xDomain: p.xDomain,
    fullDomain: p.fullDomain,
    zoom: p.zoom,
    onZoom: p.onZoom,
    time: p.time,
    selectedSync: p.selectedSync,
    onSelectSync: p.onSelectSync,
    selectOnHover: p.selectOnHover,
    rescaleIndices: p.rescaleIndices,
    rowIndices: p.rowIndices,
    rows: p.rows,
    hover: p.hover,
    summary: p.summary,
  };
}

/** A set of hidden series keys toggled from a legend. */
export function useToggleSet(): [Set<string>, (key: string) => void] {
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const toggle = useCallback(
    (key: string) =>
      setHidden((h) => {
        const next = new Set(h);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  return [hidden, toggle];
}

export interface TooltipItem {
  key: string;
  label: string;
  color: string;
  format?: (v: number) => string;
}

interface TooltipProps {
  /** the hovered row */
  row: ChartRow;
  items: TooltipItem[];
  extra?: (row: ChartRow) => string | null;
}

export function ChartTooltip({ row, items, extra }: TooltipProps) {
  const more = extra?.(row) ?? null;
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip-head">
        {formatElapsed(row.t, true)} <span>· sync {row.i}</span>
      </div>
      <table>
        <tbody>
          {items.map((it) => {
            const v = row[it.key];
            if (v === undefined) return null;
            return (
              <tr key={it.key}>
                <td>
                  <span className="tooltip-swatch" style={{ background: it.color }} />
                  {it.label}
                </td>
                <td>{v === null ? '—' : (it.format ?? formatCompact)(v)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {more ? <div className="chart-tooltip-extra">{more}</div> : null}
    </div>
  );
}
