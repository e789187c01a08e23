// Demand vs served work, and the capacity of the ready pods when the scenario models one.
// Not rendered at all for scenarios without a traffic curve.

import { memo } from 'react';
import { ChartFrame } from './ChartFrame.tsx';
import {
  ChartTooltip,
  interaction,
  useToggleSet,
  type PlotAxisProps,
  type SharedChartProps,
} from './chartParts.tsx';
import type { HoverStore } from '../plot/hover.ts';
import { column, Plot } from './Plot.tsx';
import type { AxisScale } from '../plot/ticks.ts';
import { DEMAND_SERIES, type SeriesStyle } from './seriesStyles.ts';
import type { ChartData } from './types.ts';

export interface DemandChartProps extends SharedChartProps {
  data: ChartData;
  height?: number;
}

interface PlotProps extends PlotAxisProps {
  scale: AxisScale;
  series: SeriesStyle[];
  hidden: Set<string>;
  height: number;
  hover?: HoverStore;
}

const DemandPlot = memo(function DemandPlot(p: PlotProps) {
  const items = p.series.map((s) => ({ key: s.key, label: s.label, color: s.color }));
  return (
    <Plot
      rows={p.rows}
      xDomain={p.xDomain}
      xTicks={p.xTicks}
      tickSeconds={p.tickSeconds}
      height={p.height}
      scale={p.scale}
      // demand last: drawn over served, so served shows only where it falls short
      lines={[...p.series].reverse().map((s) => ({
        key: s.key,
        get: column(s.key),
        color: s.color,
        width: s.width,
        dash: s.dash,
        step: s.key === 'capacity',
        activeDot: s.key !== 'capacity',
        hidden: p.hidden.has(s.key),
      }))}
      hover={p.hover}
      tooltip={(row) => <ChartTooltip row={row} items={items} />}
    />
  );
});

const WITHOUT_CAPACITY = DEMAND_SERIES.filter((s) => s.key !== 'capacity');

/**
 * Memoized: the charts re-render when the stale flag flips (at each edit and its result); this
 * chart's frame, legend and plot only when its own props change.
 */
export const DemandChart = memo(DemandChartView);

function DemandChartView(props: DemandChartProps) {
  const { data } = props;
  const [hidden, toggle] = useToggleSet();
  if (!data.hasDemand) return null;
  const series = data.hasCapacity ? DEMAND_SERIES : WITHOUT_CAPACITY;
  return (
    <ChartFrame
      title="Demand"
      detail="work units per second"
      ariaLabel="Demand, served work and capacity over time"
      legend={series.map((s) => ({ ...s, hidden: hidden.has(s.key) }))}
      onToggle={toggle}
      {...interaction(props)}
    >
      <DemandPlot
        rows={props.rows}
        xDomain={props.xDomain}
        xTicks={props.xTicks}
        tickSeconds={props.tickSeconds}
        scale={data.demandScale}
        series={series}
        hidden={hidden}
        height={props.height ?? 140}
        hover={props.hover}
      />
    </ChartFrame>
  );
}
