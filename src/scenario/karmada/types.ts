/**
 * Karmada's object names (karmada-io/karmada pkg/apis/autoscaling/v1alpha1,
 * pkg/apis/policy/v1alpha1) and plain-data helpers.
 */
import { isRecord } from '../plainData.ts';

export const KARMADA_AUTOSCALING = 'autoscaling.karmada.io/v1alpha1';
export const FEDERATED_HPA_KIND = 'FederatedHPA';
export const CRON_FEDERATED_HPA_KIND = 'CronFederatedHPA';
export const KARMADA_POLICY = 'policy.karmada.io/v1alpha1';
export const PROPAGATION_KINDS = ['PropagationPolicy', 'ClusterPropagationPolicy'] as const;

export type Obj = Record<string, unknown>;
export const rec = (v: unknown): Obj => (isRecord(v) ? v : {});
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function isFederatedHpa(kind: string | null, apiVersion: string | null): boolean {
  return kind === FEDERATED_HPA_KIND && apiVersion === KARMADA_AUTOSCALING;
}

export function isCronFederatedHpa(kind: string | null, apiVersion: string | null): boolean {
  return kind === CRON_FEDERATED_HPA_KIND && apiVersion === KARMADA_AUTOSCALING;
}

export function isPropagationPolicy(kind: string | null, apiVersion: string | null): boolean {
  return (
    apiVersion === KARMADA_POLICY && (PROPAGATION_KINDS as readonly string[]).includes(kind ?? '')
  );
}
