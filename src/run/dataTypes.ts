// The engine's and the scenario parser's data types that the layers above the run service read
// (the worker protocol, the store, the charts, the panels, the explanation). They import them
// from here, type-only, never from src/engine or src/scenario: eslint.config.js enforces it, so
// an engine refactor changes this one file, not every component. Plain data only.

export type {
  HorizontalPodAutoscaler,
  HPACondition,
  HPAEvent,
  HPAScalingRules,
  MetricSpec,
  MetricTrace,
  PodGroupsTrace,
  ReconcileTrace,
  StabilizationTrace,
  TimestampedRecommendation,
} from '../engine/controller/index.ts';
export type {
  DecisionSeries,
  DrawStats,
  TimingDraw,
  Kpis,
  RolloutRun,
  SeriesArrays,
  SeriesInfo,
  SimulationSeries,
  SyncRecord,
} from '../engine/simulation/index.ts';
export type {
  Diagnostic,
  DrawsSetting,
  JsonSchema,
  ParseOptions,
  Severity,
} from '../scenario/index.ts';
export type { NodeEvent, NodeKpis, NodeRun, NodeSeries } from '../engine/nodes/index.ts';
export type {
  KedaCheck,
  KedaKpis,
  KedaPhase,
  KedaSyncRecord,
  KedaTriggerRead,
  KedaWrite,
} from '../engine/keda/step.ts';
export type { KedaCondition, KedaVersion } from '../engine/keda/types.ts';
export type {
  ClusterEvent,
  ClusterEventKind,
  FederationModel,
} from '../engine/multicluster/index.ts';
