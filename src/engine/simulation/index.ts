// The world around the controller: workload, metrics pipeline, load, the sync loop, KPIs.
export type * from './input.ts';
export type * from './result.ts';
export { metricKey } from './input.ts';
export {
  simulate,
  SIMULATION_LIMITS,
  type SimulationOutcome,
  type SimulateOptions,
  type RecordLevel,
} from './simulate.ts';
export { describeMetric } from './series.ts';
export { explainSync } from './explain.ts';
export { decisionSeries, decidingMetric, type DecisionSeries } from './decisionSeries.ts';
