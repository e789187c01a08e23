// Demand vs served work, and the capacity of the ready pods when the scenario models one.
// Not rendered at all for scenarios without a traffic curve.

import { memo } from 'react';
import { CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartFrame } from './ChartFrame.tsx';
import {
  CHART_MARGIN,
  ChartTooltip,
  interaction,
  SYNC_ID,
  timeXAxis,
  useToggleSet,
  type PlotAxisProps,
  type SharedChartProps,
  valueYAxis,
} from './chartParts.tsx';
import { type AxisScale } from '../format/format.ts';
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
}

const DemandPlot = memo(function DemandPlot(p: PlotProps) {
  return (
    <ResponsiveContainer width="100%" height={p.height}>
      <ComposedChart
        data={p.rows}
        margin={CHART_MARGIN}
        syncId={SYNC_ID}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--grid)" vertical={false} />
        {timeXAxis(p)}
        {valueYAxis(p.scale)}
        {/* demand last: drawn over served, so served shows only where it falls short */}
        {[...p.series].reverse().map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            type={s.key === 'capacity' ? 'stepAfter' : 'linear'}
            stroke={s.color}
            strokeWidth={s.width}
            strokeDasharray={s.dash}
            dot={false}
            activeDot={s.key === 'capacity' ? false : { r: 3 }}
            connectNulls={false}
            hide={p.hidden.has(s.key)}
            isAnimationActive={false}
          />
        ))}
        <Tooltip
          isAnimationActive={false}
          cursor={{ stroke: 'var(--axis)', strokeDasharray: '3 3' }}
          content={(tp) => (
            <ChartTooltip
              active={tp.active}
              payload={tp.payload}
              items={p.series.map((s) => ({ key: s.key, label: s.label, color: s.color }))}
            />
          )}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
});

const WITHOUT_CAPACITY = DEMAND_SERIES.filter((s) => s.key !== 'capacity');

export function DemandChart(props: DemandChartProps) {
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
      />
    </ChartFrame>
  );
}
