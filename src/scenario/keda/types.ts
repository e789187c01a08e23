/**
 * What a ScaledObject's fields mean to KEDA, ported from kedacore/keda
 * apis/keda/v1alpha1/scaledobject_types.go (read at ca8dd42e) and controllers/keda/hpa.go (read at
 * 37c00bcf): the HPA's name and bounds, the annotations KEDA reads, and plain-data helpers.
 */
import { isRecord } from '../plainData.ts';

export const KEDA_API_VERSION = 'keda.sh/v1alpha1';
export const SCALED_OBJECT_KIND = 'ScaledObject';

/** scaledobject_types.go defaultHPAMinReplicas / defaultHPAMaxReplicas. */
const DEFAULT_HPA_MIN_REPLICAS = 1;
const DEFAULT_HPA_MAX_REPLICAS = 100;
export const OWNER_LABEL = 'scaledobject.keda.sh/name';
export const PAUSED = 'autoscaling.keda.sh/paused';
export const PAUSED_REPLICAS = 'autoscaling.keda.sh/paused-replicas';
export const PAUSED_SCALE_IN = 'autoscaling.keda.sh/paused-scale-in';
export const PAUSED_SCALE_OUT = 'autoscaling.keda.sh/paused-scale-out';

export type Obj = Record<string, unknown>;

export const rec = (v: unknown): Obj => (isRecord(v) ? v : {});
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const int = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** getHPAName: advanced.horizontalPodAutoscalerConfig.name, else keda-hpa-<name>. */
export function getHPAName(scaledObject: unknown): string {
  const spec = rec(rec(scaledObject).spec);
  const named = str(rec(rec(spec.advanced).horizontalPodAutoscalerConfig).name);
  return named !== '' ? named : `keda-hpa-${str(rec(rec(scaledObject).metadata).name)}`;
}

/** GetHPAMinReplicas: minReplicaCount when above 0; KEDA's activation handles 0 ↔ 1. */
export function getHPAMinReplicas(spec: Obj): number {
  const min = int(spec.minReplicaCount);
  return min !== undefined && min > 0 ? min : DEFAULT_HPA_MIN_REPLICAS;
}

export function getHPAMaxReplicas(spec: Obj): number {
  return int(spec.maxReplicaCount) ?? DEFAULT_HPA_MAX_REPLICAS;
}

/** Go's strconv.ParseBool. */
export function parseBool(v: string): boolean | null {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return null;
}
