/**
 * Load models scaled from an HPA metric's own target: at UNITS_PER_POD units of traffic per pod
 * the metric sits at its target. Used by the default world and by the "no load model" fix.
 */
import type {
  HorizontalPodAutoscaler,
  MetricSpec,
  MetricTarget,
} from '../../engine/controller/index.ts';
import { milliValue } from '../../engine/controller/index.ts';
import { MAX_PODS } from '../limits.ts';
import { DEFAULT_CONTAINER } from './defaults.ts';
import type { ContainerDocument } from './document.ts';
import type { MetricRef } from './metricRefs.ts';
import { milliExact } from './units.ts';

/** Traffic units one pod serves when every metric sits at its target. */
export const UNITS_PER_POD = 100;
/**
 * Share of a per-pod target used at idle: CPU is mostly load-driven, memory has a large base.
 * Kept at most 1/3 so that quiet traffic lets even two pods scale back to one.
 */
const IDLE_SHARE: Record<string, number> = { cpu: 0.1, memory: 0.3 };
const OTHER_RESOURCE_IDLE_SHARE = 0.3;
/** Quantity text for a milli-value: whole units (binary suffixes for bytes), else m or u. */
export function formatMilli(milli: number, bytes: boolean): string {
  if (Number.isInteger(milli / 1000)) {
    const v = milli / 1000;
    if (bytes && v !== 0) {
      for (const [suffix, f] of [
        ['Gi', 1024 ** 3],
        ['Mi', 1024 ** 2],
        ['Ki', 1024],
      ] as const) {
        if (v % f === 0) return `${v / f}${suffix}`;
      }
    }
    return String(v);
  }
  if (Number.isInteger(milli)) return `${milli}m`;
  return `${Math.max(1, Math.round(milli * 1000))}u`;
}

/**
 * Bytes (in milli) to whole bytes, and to whole Ki from 1 Mi up: 30 % of 80 % of 256Mi is
 * 62914.56Ki, which as an exact quantity reads 64424509440m. The load then meets the target
 * within a few KiB per pod, far below one percent of utilization.
 */
function roundBytes(milli: number, round: (x: number) => number): number {
  const unit = milli >= 1024 * 1024 * 1000 ? 1024 * 1000 : 1000;
  return round(milli / unit) * unit;
}

function requestMilli(c: ContainerDocument, resource: string): number {
  const q = c.resources?.requests?.[resource];
  return q === undefined ? 0 : milliValue(q);
}

function targetOf(m: MetricSpec): MetricTarget | undefined {
  return (
    m.resource?.target ??
    m.containerResource?.target ??
    m.pods?.target ??
    m.object?.target ??
    m.external?.target
  );
}

/**
 * The pod-level usage (milli-units) at which a Resource/ContainerResource/Pods metric meets its
 * target. The simulator splits a pod's usage over its containers by request, so a container's
 * utilization equals the pod's.
 */
function podTargetMilli(ref: MetricRef, containers: ContainerDocument[]): number {
  const t = targetOf(ref.metric);
  const totalRequest = containers.reduce((s, c) => s + requestMilli(c, ref.name), 0);
  if (t?.type === 'Utilization') {
    // No request: the controller fails the metric anyway; any usage will do.
    const request = totalRequest > 0 ? totalRequest : milliValue(DEFAULT_CONTAINER.requests.cpu);
    return ((t.averageUtilization ?? 80) / 100) * request;
  }
  const value = milliExact(t?.averageValue ?? t?.value ?? 1);
  if (ref.metric.type === 'ContainerResource' && totalRequest > 0) {
    const c = containers.find((x) => x.name === ref.metric.containerResource?.container);
    const share = c ? requestMilli(c, ref.name) / totalRequest : 1;
    if (share > 0) return value / share;
  }
  return value;
}

export interface SuggestedEntry {
  section: 'resources' | 'pods' | 'object' | 'external';
  entry: Record<string, string>;
  describe: string;
  /** Usage the entry gives at UNITS_PER_POD units per pod (milli): the smaller, the gentler. */
  strength: number;
}

/** A load entry that meets the metric's target at UNITS_PER_POD traffic units per pod. */
export function suggestedLoadEntry(
  ref: MetricRef,
  containers: ContainerDocument[],
  minPods: number,
): SuggestedEntry {
  const t = targetOf(ref.metric);
  if (ref.kind === 'resource' || ref.kind === 'pods') {
    const target = podTargetMilli(ref, containers);
    const share = ref.kind === 'pods' ? 0 : (IDLE_SHARE[ref.name] ?? OTHER_RESOURCE_IDLE_SHARE);
    const bytes = ref.name === 'memory' || ref.name === 'ephemeral-storage';
    const perPod = bytes ? roundBytes(target * share, Math.ceil) : Math.ceil(target * share);
    const perUnit = bytes
      ? roundBytes((target - perPod) / UNITS_PER_POD, Math.round)
      : (target - perPod) / UNITS_PER_POD;
    const entry = { perPod: formatMilli(perPod, bytes), perUnit: formatMilli(perUnit, bytes) };
    return {
      section: ref.kind === 'pods' ? 'pods' : 'resources',
      entry,
      describe: `${ref.name}: ${entry.perPod} per pod + ${entry.perUnit} per unit`,
      strength: target,
    };
  }
  const value = milliExact(t?.averageValue ?? t?.value ?? 1);
  // AverageValue is divided by the replica count: the total grows with traffic like a per-pod
  // metric. Value is not: it meets the target when minReplicas pods' worth of traffic arrives.
  const perUnit =
    t?.type === 'AverageValue' ? value / UNITS_PER_POD : value / (UNITS_PER_POD * minPods);
  const entry = { perUnit: formatMilli(perUnit, false) };
  return {
    section: ref.kind,
    entry,
    describe: `${ref.name}: ${entry.perUnit} per unit of traffic`,
    strength: perUnit,
  };
}

/** `{ perPod: 150Mi, perUnit: 3584Ki }`: an entry as a YAML flow map. */
export function flowMap(entry: Record<string, string>): string {
  const fields = Object.entries(entry).map(([k, v]) => `${k}: ${v}`);
  return `{ ${fields.join(', ')} }`;
}

/** Quiet traffic, as a share of what minReplicas pods serve at target. */
const QUIET_SHARE = 0.3;

/**
 * Quiet and peak traffic for an HPA: quiet keeps minReplicas pods well under target; the peak
 * needs about 80 % of maxReplicas (at least one pod more than the minimum).
 */
export function trafficLevels(hpa: HorizontalPodAutoscaler): {
  low: number;
  peak: number;
  peakPods: number;
  minPods: number;
} {
  const minPods = Math.max(1, hpa.spec.minReplicas ?? 1);
  // An HPA past the simulator's pod cap is run capped (hpa/process.ts): the load stays within it.
  const max = Math.min(hpa.spec.maxReplicas, MAX_PODS);
  const peakPods = Math.min(max, Math.max(minPods + 1, Math.round(0.8 * max)));
  return {
    low: Math.round(minPods * UNITS_PER_POD * QUIET_SHARE),
    peak: Math.round(peakPods * UNITS_PER_POD * 0.95),
    peakPods,
    minPods,
  };
}

/** A short traffic curve (YAML flow) that rises past the targets and falls back. */
export function suggestedTraffic(hpa: HorizontalPodAutoscaler): string {
  const { low, peak } = trafficLevels(hpa);
  return `{ type: ramp, points: [{ at: 0, value: ${low} }, { at: 600, value: ${peak} }, { at: 1800, value: ${peak} }, { at: 2400, value: ${low} }] }`;
}
