/**
 * What a simulation hands the KEDA plane (plane.ts) and what the plane reports at each sync: plain
 * data only, below the simulation's own files (input.ts and result.ts name these types), so the
 * loop never imports the plane for them.
 */
import type { CronWindow } from './cron.ts';
import type { HealthStatus, KedaCondition, KedaScaledObject, KedaVersion } from './types.ts';

/** A ScaledObject to run around the HPA KEDA creates (SimulationInput.keda). */
export interface KedaRunInput {
  version: KedaVersion;
  scaledObject: KedaScaledObject;
  /** per External metric name (`s<i>-…`): the scaler's activation threshold, in its own units */
  activations: Readonly<Record<string, number>>;
  /** per cron metric name: its window and the Unix second of the run's t = 0 */
  crons: Readonly<Record<string, { window: CronWindow; startEpoch: number }>>;
}

/** One trigger metric as the polling loop read it. */
export interface KedaTriggerRead {
  /** the trigger's name, or its scaler's Go type */
  trigger: string;
  metric: string;
  /** the scaler's value in its own units; null when the read failed */
  value: number | null;
  activation: number;
  /** the scaler's own verdict (value > activation; cron: inside the window) */
  scalerActive: boolean;
  error: string | null;
  /** failed reads counted so far (polling loop and HPA reads), with a valid fallback */
  failures: number;
  /** the fallback served this metric (failures > failureThreshold) */
  fallback: boolean;
}

/** One pass of the polling loop (checkScalers) and what it decided. */
export interface KedaCheck {
  time: number;
  reads: KedaTriggerRead[];
  isActive: boolean;
  isError: boolean;
  activeTriggers: string[];
  /** the composite metric (scalingModifiers), in its units; null without modifiers or on error */
  composite: number | null;
  /** replicas of the target before the check */
  from: number;
  /** what KEDA wrote to the scale subresource, null when it wrote nothing */
  write: number | null;
  writer: 'activate' | 'deactivate' | 'restore-min' | 'paused-replicas' | null;
  /** seconds left of cooldownPeriod (or initialCooldownPeriod) when it is cooling down */
  cooldownLeft: number | null;
  /** an error that stopped KEDA before RequestScale (an unparsable activationTarget) */
  error: string | null;
}

/** KEDA's state at a sync, for the charts' spans (one code per sync in KedaSeries.phase). */
export type KedaPhase = 'active' | 'cooldown' | 'inactive' | 'fallback' | 'paused';
export const KEDA_PHASES: readonly KedaPhase[] = [
  'active',
  'cooldown',
  'inactive',
  'fallback',
  'paused',
];

/** A write KEDA made to the target's scale between two syncs. */
export interface KedaWrite {
  time: number;
  from: number;
  to: number;
  writer: NonNullable<KedaCheck['writer']>;
}

/** KEDA's part of one sync: the last check, its writes and events since the previous sync. */
export interface KedaSyncRecord {
  phase: KedaPhase;
  /** the last polling-loop check at or before this sync (null before the first) */
  check: KedaCheck | null;
  /** the checks since the previous sync (usually one, none between polls) */
  checksSince: number;
  writes: KedaWrite[];
  events: { time: number; type: 'Normal' | 'Warning'; reason: string; message: string }[];
  conditions: readonly KedaCondition[];
  health: Readonly<Record<string, HealthStatus>>;
  lastActiveTime: number | null;
  /** what KEDA's metrics server answered the HPA at this sync, per External metric (units) */
  served: { metric: string; value: number | null; fallback: boolean; error: string | null }[];
  /** KEDA had deleted the HPA (a paused ScaledObject): no controller ran at this sync */
  noHpa?: true;
}

/** Per sync, KEDA's state (a compact run keeps these; records are replayed). */
export interface KedaSeries {
  /** index into KEDA_PHASES */
  phase: Uint8Array;
  /** the last replicas KEDA wrote since the previous sync (NaN: none) */
  write: Float64Array;
  /** KEDA's minReplicaCount (0 by default): the chart's floor, not the HPA's 1 */
  minReplicas: number;
  version: KedaVersion;
}

/** KEDA's own KPIs (SimulationResult.keda.kpis). */
export interface KedaKpis {
  /** time the target spent at 0 replicas (spec.replicas), seconds */
  timeAtZeroSeconds: number;
  /** KEDAScaleTargetActivated events: cold starts from zero (or idle) */
  activations: number;
  deactivations: number;
  /** the longest stretch in which work waited (demand or a trigger above 0) with no ready pod */
  longestWaitAtZeroSeconds: number;
  /** syncs in which the fallback served at least one metric, as time */
  fallbackSeconds: number;
}
