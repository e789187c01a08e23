// The `kubectl describe hpa` block of one sync: what the HPA's status would show right after it.

import { describeMetricLine, type MetricDescription } from './metricText.ts';
import type { HPACondition, HPAScalingRules, SyncDetail, SyncEvent } from './types.ts';

export interface DescribeEventRow {
  type: string;
  reason: string;
  /** kubectl's Age column: "45s", "3m (x4 over 10m)" */
  age: string;
  from: string;
  message: string;
}

export interface DescribeBehavior {
  direction: 'Scale Up' | 'Scale Down';
  /** "Stabilization Window: 300 seconds" (absent when unset) */
  window: string | null;
  selectPolicy: string;
  policies: string[];
}

export interface DescribeModel {
  name: string;
  reference: string;
  metrics: MetricDescription[];
  minReplicas: number;
  maxReplicas: number;
  behavior: DescribeBehavior[] | null;
  /** "Deployment pods" (the scale target's kind) */
  podsLabel: string;
  /** "1 current / 10 desired" */
  pods: string;
  conditions: HPACondition[];
  events: DescribeEventRow[];
}

/** k8s.io/apimachinery duration.HumanDuration, as kubectl prints ages. */
export function humanDuration(seconds: number): string {
  const s = Math.floor(seconds);
  if (s < -1) return '<invalid>';
  if (s < 0) return '0s';
  if (s < 120) return `${s}s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 10) return s % 60 === 0 ? `${minutes}m` : `${minutes}m${s % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(s / 3600);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8)
    return hours % 24 === 0 ? `${hours / 24}d` : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  return `${Math.floor(hours / 24 / 365)}y`;
}

/**
 * Events as kubectl lists them: one row per Event object, with its count (the worker sends the
 * objects client-go's correlator leaves on the API server; a plain event counts 1), identical
 * ones (type, reason, message) merged, ordered by their last occurrence, newest last.
 */
export function aggregateEvents(events: readonly SyncEvent[], now: number): DescribeEventRow[] {
  const groups = new Map<string, { e: SyncEvent; first: number; last: number; count: number }>();
  for (const e of events) {
    const key = `${e.type}\u0000${e.reason}\u0000${e.message}`;
    const first = e.firstTime ?? e.time;
    const count = e.count ?? 1;
    const g = groups.get(key);
    if (g) {
      g.count += count;
      g.first = Math.min(g.first, first);
      g.last = Math.max(g.last, e.time);
    } else groups.set(key, { e, first, last: e.time, count });
  }
  return Array.from(groups.values())
    .sort((a, b) => a.last - b.last)
    .map(({ e, first, last, count }) => ({
      type: e.type,
      reason: e.reason,
      age:
        count > 1
          ? `${humanDuration(now - last)} (x${count} over ${humanDuration(now - first)})`
          : humanDuration(now - last),
      from: 'horizontal-pod-autoscaler',
      message: e.message,
    }));
}

function describeRules(
  direction: DescribeBehavior['direction'],
  rules: HPAScalingRules | null | undefined,
): DescribeBehavior | null {
  if (!rules) return null;
  const w = rules.stabilizationWindowSeconds;
  return {
    direction,
    window: w === undefined || w === null ? null : `Stabilization Window: ${w} seconds`,
    selectPolicy: `Select Policy: ${rules.selectPolicy ?? 'Max'}`,
    policies: (rules.policies ?? []).map(
      (p) => `- Type: ${p.type}  Value: ${p.value}  Period: ${p.periodSeconds} seconds`,
    ),
  };
}

export function describeHpa(detail: SyncDetail): DescribeModel {
  const { hpa, sync } = detail;
  const spec = hpa.spec;
  const traces = sync.trace.metrics ?? [];
  const behavior = spec.behavior
    ? [
        describeRules('Scale Up', spec.behavior.scaleUp),
        describeRules('Scale Down', spec.behavior.scaleDown),
      ].filter((b): b is DescribeBehavior => b !== null)
    : null;
  const ns = hpa.metadata?.namespace;
  return {
    name: `${ns ? `${ns}/` : ''}${hpa.metadata?.name ?? '(unnamed)'}`,
    reference: `${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}`,
    metrics: (spec.metrics ?? []).map((m, i) => describeMetricLine(traces[i], m)),
    minReplicas: spec.minReplicas ?? 1,
    maxReplicas: spec.maxReplicas,
    behavior,
    podsLabel: `${spec.scaleTargetRef.kind} pods`,
    pods: `${sync.currentReplicas} current / ${sync.desiredReplicas} desired`,
    conditions: sync.conditions,
    events: aggregateEvents(detail.events, sync.time),
  };
}
