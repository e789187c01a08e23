/**
 * The ScaledObject as KEDA's core reads it (src/engine/keda's KedaScaledObject), with what the
 * simulation needs beside it to feed each trigger: the activation threshold and how the default
 * world models the value (a queue, a value, cron's window, or the HPA's own Resource metric).
 */
import {
  type CronWindow,
  type FallbackBehavior,
  type KedaScaledObject,
  type KedaTrigger,
  type KedaVersion,
} from '../../engine/keda/index.ts';
import type { KedaRunInput } from '../../engine/keda/step.ts';
import { cronWorld } from './cronWorld.ts';
import { int, rec, str, type Obj } from './types.ts';

export interface KedaTriggerFeed {
  /** The trigger's index. */
  index: number;
  /** Scaler activity: value > activation (strict), in the scaler's own units. */
  activation: number;
  model: 'queue' | 'value' | 'cron' | 'resource';
  cron?: CronWindow;
  /** per metric name, when the trigger has several metrics (each its own activation) */
  activations?: Record<string, number>;
  /** the scaler answers one activity for all its metrics: any above its activation */
  sharedActivity?: boolean;
}

export interface KedaModel {
  version: KedaVersion;
  scaledObject: KedaScaledObject;
  feeds: KedaTriggerFeed[];
}

const BEHAVIORS: readonly FallbackBehavior[] = [
  'static',
  'currentReplicas',
  'currentReplicasIfHigher',
  'currentReplicasIfLower',
  'scalingModifiers',
];

/** The plain model of the ScaledObject `so` (already checked) with its converted triggers. */
export function kedaModelOf(
  so: Obj,
  triggers: KedaTrigger[],
  feeds: KedaTriggerFeed[],
  version: KedaVersion,
): KedaModel {
  const metadata = rec(so.metadata);
  const spec = rec(so.spec);
  const target = rec(spec.scaleTargetRef);
  const fb = spec.fallback === undefined ? null : rec(spec.fallback);
  const sm = rec(rec(spec.advanced).scalingModifiers);
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(rec(metadata.annotations)))
    if (typeof v === 'string') annotations[k] = v;
  const behavior = str(fb?.behavior);
  return {
    version,
    feeds,
    scaledObject: {
      name: str(metadata.name),
      namespace: str(metadata.namespace) || 'default',
      scaleTargetKind: `${str(target.apiVersion) || 'apps/v1'}.${str(target.kind) || 'Deployment'}`,
      scaleTargetName: str(target.name),
      minReplicaCount: int(spec.minReplicaCount) ?? null,
      maxReplicaCount: int(spec.maxReplicaCount) ?? null,
      idleReplicaCount: int(spec.idleReplicaCount) ?? null,
      pollingInterval: int(spec.pollingInterval) ?? null,
      cooldownPeriod: int(spec.cooldownPeriod) ?? null,
      initialCooldownPeriod: int(spec.initialCooldownPeriod) ?? null,
      fallback: fb
        ? {
            failureThreshold: int(fb.failureThreshold) ?? 0,
            replicas: int(fb.replicas) ?? 0,
            behavior: (BEHAVIORS as readonly string[]).includes(behavior)
              ? (behavior as FallbackBehavior)
              : 'static',
          }
        : null,
      scalingModifiers:
        Object.keys(sm).length > 0
          ? {
              formula: str(sm.formula),
              target: str(sm.target),
              activationTarget: str(sm.activationTarget),
              metricType: str(sm.metricType),
            }
          : null,
      annotations,
      triggers,
      creationTime: 0,
    },
  };
}

/** What the simulation's KEDA plane runs (engine/keda/step.ts KedaRunInput). */
export function kedaRunInput(model: KedaModel): KedaRunInput {
  const activations: Record<string, number> = {};
  const crons: Record<string, { window: CronWindow; startEpoch: number }> = {};
  const activityGroups: Record<string, string[]> = {};
  for (const t of model.scaledObject.triggers) {
    const feed = model.feeds.find((f) => f.index === t.index);
    for (const m of t.metrics) {
      activations[m.name] = feed?.activations?.[m.name] ?? feed?.activation ?? 0;
      // The default world places the run on the calendar by the window (cronWorld.ts).
      if (feed?.cron)
        crons[m.name] = { window: feed.cron, startEpoch: cronWorld(feed.cron, 0).startEpoch };
      if (feed?.sharedActivity) activityGroups[m.name] = t.metrics.map((x) => x.name);
    }
  }
  const run: KedaRunInput = {
    version: model.version,
    scaledObject: model.scaledObject,
    activations,
    crons,
  };
  if (Object.keys(activityGroups).length > 0) run.activityGroups = activityGroups;
  return run;
}
