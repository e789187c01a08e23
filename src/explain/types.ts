// Types the explain model reads: the worker protocol's SyncDetail and the engine's trace shapes
// (type-only imports through the run service: the main thread never loads the engine).

import type {
  HorizontalPodAutoscaler,
  HPACondition,
  HPAScalingRules,
  MetricSpec,
  MetricTrace,
  PodGroupsTrace,
  ReconcileTrace,
  StabilizationTrace,
  TimestampedRecommendation,
  SyncRecord,
} from '../run/index.ts';
import type { SyncDetail, SyncEvent } from '../worker/protocol.ts';

export type PolicyTrace = NonNullable<ReconcileTrace['policies']>[number];

export type {
  HorizontalPodAutoscaler,
  HPACondition,
  HPAScalingRules,
  MetricSpec,
  MetricTrace,
  PodGroupsTrace,
  ReconcileTrace,
  StabilizationTrace,
  SyncDetail,
  SyncEvent,
  SyncRecord,
  TimestampedRecommendation,
};
