// Charts of a simulation run. Presentational: data in via props, selection out via callbacks.
export { SimulationCharts, type SimulationChartsProps } from './SimulationCharts.tsx';
export { ReplicasChart, type ReplicasChartProps } from './ReplicasChart.tsx';
export { MetricLane, type MetricLaneProps } from './MetricLane.tsx';
export { DemandChart, type DemandChartProps } from './DemandChart.tsx';
export { buildChartData, DEFAULT_MAX_POINTS } from './buildChartData.ts';
export type { ChartData, ChartDrawBand, ChartSeries, DecisionSeries } from './types.ts';
