// Pieces every chart shares: the plot props, the x-axis, the tooltip and a toggle-set hook.

import { useCallback, useState } from 'react';
import { XAxis, YAxis } from 'recharts';
import type { FrameInteraction } from './ChartFrame.tsx';
import { formatCompact } from '../format/format.ts';
import { AXIS_TICK, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './layout.ts';
import { axisNeedsDays, formatElapsed } from '../format/timeAxis.ts';
import type { ChartRow } from './types.ts';

export { AXIS_TICK, CHART_MARGIN, SYNC_ID, Y_AXIS_WIDTH } from './layout.ts';

/** What every chart receives: the shared rows and axis, and the selection/zoom interaction. */
export interface SharedChartProps extends FrameInteraction {
  rows: ChartRow[];
  xTicks: number[];
  tickSeconds: boolean;
}

/** The part of the shared props the (memoized) plots depend on: not the selection. */
export interface PlotAxisProps {
  rows: ChartRow[];
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

/** The x-axis of every chart: elapsed time as h:mm on round ticks. */
export function timeXAxis(p: PlotAxisProps) {
  return (
    <XAxis
      dataKey="t"
      type="number"
      domain={p.xDomain}
      ticks={p.xTicks}
      allowDataOverflow
      tickFormatter={(v: number) => formatElapsed(v, p.tickSeconds, axisNeedsDays(p.xDomain[1]))}
      tick={AXIS_TICK}
      tickLine={false}
      axisLine={{ stroke: 'var(--grid)' }}
      height={X_AXIS_HEIGHT}
      interval={0}
    />
  );
}

/** The value axis of every chart: fixed round ticks, no axis line, compact labels by default. */
export function valueYAxis(
  scale: { domain: [number, number]; ticks: number[] },
  format: (v: number) => string = formatCompact,
) {
  return (
    <YAxis
      width={Y_AXIS_WIDTH}
      domain={scale.domain}
      ticks={scale.ticks}
      interval={0}
      allowDataOverflow
      tick={AXIS_TICK}
      tickLine={false}
      axisLine={false}
      tickFormatter={format}
    />
  );
}

export interface TooltipItem {
  key: string;
  label: string;
  color: string;
  format?: (v: number) => string;
}

interface TooltipProps {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  items: TooltipItem[];
  extra?: (row: ChartRow) => string | null;
}

export function ChartTooltip({ active, payload, items, extra }: TooltipProps) {
  const row = payload?.[0]?.payload as ChartRow | undefined;
  if (!active || !row) return null;
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
