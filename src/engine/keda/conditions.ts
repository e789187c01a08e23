/**
 * KEDA's ScaledObject conditions (kedacore/keda v2.20.2 apis/keda/v1alpha1/condition_types.go):
 * Ready, Active, Fallback, Paused in that order, each set in place.
 */
import type { ConditionStatus, KedaCondition, KedaConditionType } from './types.ts';

export const READY_SUCCESS_REASON = 'ScaledObjectReady';
export const READY_SUCCESS_MESSAGE = 'ScaledObject is defined correctly and is ready for scaling';

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/condition_types.go GetInitializedConditions
export function getInitializedConditions(): KedaCondition[] {
  return (['Ready', 'Active', 'Fallback', 'Paused'] as const).map((type) => ({
    type,
    status: 'Unknown',
    reason: '',
    message: '',
  }));
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/condition_types.go setCondition
/**
 * A new list with the condition of `type` replaced (appended when missing); the list itself when
 * the condition already reads so (lists are never changed in place, so it can be shared: the
 * polling loop sets Ready and Active on every pass and they rarely change).
 */
export function setCondition(
  list: readonly KedaCondition[],
  type: KedaConditionType,
  status: ConditionStatus,
  reason: string,
  message: string,
): readonly KedaCondition[] {
  const i = list.findIndex((c) => c.type === type);
  const c = list[i];
  if (c && c.status === status && c.reason === reason && c.message === message) return list;
  const next = { type, status, reason, message };
  return i < 0 ? [...list, next] : list.map((c, j) => (j === i ? next : c));
}

export function getCondition(
  list: readonly KedaCondition[],
  type: KedaConditionType,
): KedaCondition {
  return list.find((c) => c.type === type) ?? { type, status: 'Unknown', reason: '', message: '' };
}
