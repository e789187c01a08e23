// The world around the controller: workload, metrics pipeline, load, the sync loop, KPIs.
export type * from './input.ts';
export type * from './nodesInput.ts';
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
export { Simulation, type LoopObserver, type SimulationParts, type ClusterHealth } from './loop.ts';
export {
  stackPlanes,
  findPlane,
  NO_CHANGES,
  type ControlPlane,
  type ControllerSync,
  type PlaneClock,
  type PlaneSync,
  type ClusterChanges,
  type TraceLevel,
} from './plane.ts';
export { HpaPlane } from './hpaPlane.ts';
export { singleSimulation } from './single.ts';
export { drive, StoppedError, type DriveOptions } from './drive.ts';
export {
  WorkMeter,
  WorkBudgetError,
  WORK_COSTS,
  WORK_PRICES,
  formatCount,
  formatSpan,
  type WorkCost,
  type WorkCounts,
  type WorkOverrun,
  type InputPath,
} from './meter.ts';
export { describeMetric } from './series.ts';
export { samplesPerScrape } from './substeps.ts';
export { CurveTapes, type CurveCompiler } from './curves/tape.ts';
export { sameSpec } from './curves/sameSpec.ts';
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
export { syncDetail, replaySync, eventsUpTo, storedEventsUpTo, type TimedEvent } from './replay.ts';
export { storedEvents, type StoredEvent } from './eventCorrelator.ts';
export { timingDraws, drawInput, MAX_DRAWS, type TimingDraw } from './draws.ts';
export { kpisAtPercentile, drawStats, tailValue, type DrawStats } from './drawStats.ts';
