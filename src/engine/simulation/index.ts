// The world around the controller: workload, metrics pipeline, load, the sync loop, KPIs.
export type * from './input.ts';
export type * from './result.ts';
export { metricKey } from './input.ts';
export {
  simulate,
  isFullResult,
  createSimulation,
  SIMULATION_LIMITS,
  type SimulationOutcome,
  type SimulateOptions,
  type RecordLevel,
} from './simulate.ts';
export type { Simulation, LoopObserver } from './loop.ts';
export { describeMetric } from './series.ts';
export { samplesPerScrape } from './substeps.ts';
export { CurveTapes, type CurveCompiler } from './curves/tape.ts';
export { explainSync } from './explain.ts';
export { decidingMetric, type DecisionSeries } from './decisionSeries.ts';
export {
  SYNC_F64_KEYS,
  METRIC_F64_KEYS,
  METRIC_U8_KEYS,
  copySeries,
  seriesArrays,
  type SeriesArrays,
  type SeriesInfo,
} from './seriesShape.ts';
export { syncDetail, eventsUpTo, type TimedEvent } from './replay.ts';
