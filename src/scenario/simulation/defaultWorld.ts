/**
 * The world assumed when there is no Simulation document: every HPA metric gets a load model
 * scaled from the HPA's own target, and traffic rises from a quiet level to a peak the HPA must
 * scale up for, then falls back, for long enough that the scale-down window and policies act.
 *
 * The unit of traffic is chosen so that one pod serves UNITS_PER_POD units at the HPA's targets:
 * traffic T needs about T / 100 pods, whatever the metric. The assumptions are written out as a
 * Simulation document (`snippet`), so pasting it after `---` gives the same run, ready to edit.
 */
import type {
  HPAScalingRules,
  HorizontalPodAutoscaler,
  MetricSpec,
  MetricTarget,
} from '../../engine/controller/index.ts';
import { milliValue } from '../../engine/controller/index.ts';
import type { Curve } from '../../engine/simulation/curves/index.ts';
import { DEFAULT_CONTAINER, DEFAULT_DURATION_SECONDS } from './defaults.ts';
import type { ContainerDocument, LoadDocument, SimulationSpecDocument } from './document.ts';
import { metricRefs, type MetricRef } from './loads.ts';
import { formatSeconds, milliExact } from './units.ts';

/** Traffic units one pod serves when every metric sits at its target. */
export const UNITS_PER_POD = 100;
/**
 * Share of a per-pod target used at idle: CPU is mostly load-driven, memory has a large base.
 * Kept at most 1/3 so that quiet traffic lets even two pods scale back to one.
 */
const IDLE_SHARE: Record<string, number> = { cpu: 0.1, memory: 0.3 };
const OTHER_RESOURCE_IDLE_SHARE = 0.3;
/** Quiet traffic, as a share of what minReplicas pods serve at target. */
const QUIET_SHARE = 0.3;
const SYNC = 15;
/** The longest assumed run: a slow scale-down that takes longer is cut (the notice says so). */
const MAX_DEFAULT_SECONDS = 24 * 3600;

export interface DefaultWorld {
  spec: SimulationSpecDocument;
  durationSeconds: number;
  /** One paragraph: what was assumed. */
  summary: string;
}

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

function containersOf(
  hpa: HorizontalPodAutoscaler,
  given: ContainerDocument[] | undefined,
): ContainerDocument[] {
  if (given && given.length > 0) return given;
  // A ContainerResource metric names its container: the default pod has exactly those.
  const named = (hpa.spec.metrics ?? [])
    .map((m) => m.containerResource?.container)
    .filter((c): c is string => typeof c === 'string' && c !== '');
  const names = named.length > 0 ? [...new Set(named)] : [DEFAULT_CONTAINER.name];
  return names.map((name) => ({
    name,
    resources: { requests: { ...DEFAULT_CONTAINER.requests } },
  }));
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

/** One load entry per distinct metric key, in the Simulation's own form (quantity strings). */
function loadsFor(
  hpa: HorizontalPodAutoscaler,
  containers: ContainerDocument[],
  minPods: number,
): { load: LoadDocument; parts: string[] } {
  const load: Record<string, Record<string, unknown>> = {};
  const parts: string[] = [];
  for (const ref of metricRefs(hpa)) {
    const entry = suggestedLoadEntry(ref, containers, minPods);
    const section = (load[entry.section] ??= {});
    if (Object.hasOwn(section, ref.name)) continue;
    section[ref.name] = entry.entry;
    parts.push(entry.describe);
  }
  return { load: load as LoadDocument, parts };
}

export interface SuggestedEntry {
  section: 'resources' | 'pods' | 'object' | 'external';
  entry: Record<string, string>;
  describe: string;
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
    const perPod = Math.ceil(target * share);
    const perUnit = (target - perPod) / UNITS_PER_POD;
    const entry = { perPod: formatMilli(perPod, bytes), perUnit: formatMilli(perUnit, bytes) };
    return {
      section: ref.kind === 'pods' ? 'pods' : 'resources',
      entry,
      describe: `${ref.name}: ${entry.perPod} per pod + ${entry.perUnit} per unit`,
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
  };
}

/** Seconds the policies need to move from `from` to `to` replicas (estimated at 15 s syncs). */
export function scalingSeconds(
  from: number,
  to: number,
  rules: HPAScalingRules | null | undefined,
  hasBehavior: boolean,
): number {
  if (from === to) return 0;
  const up = to > from;
  if (rules?.selectPolicy === 'Disabled') return Infinity;
  const events: { t: number; delta: number }[] = [];
  let current = from;
  for (let t = 0; t <= MAX_DEFAULT_SECONDS; t += SYNC) {
    let next: number;
    if (!hasBehavior || !rules?.policies?.length) {
      next = up ? Math.max(2 * current, 4) : to;
    } else {
      const limits = rules.policies.map((p) => {
        const changed = events
          .filter((e) => e.t > t - p.periodSeconds)
          .reduce((s, e) => s + e.delta, 0);
        const start = current - changed;
        if (p.type === 'Pods') return up ? start + p.value : start - p.value;
        return up
          ? Math.ceil(start * (1 + p.value / 100))
          : Math.trunc(start * (1 - p.value / 100));
      });
      const most = rules.selectPolicy === 'Min' ? !up : up;
      next = most ? Math.max(...limits) : Math.min(...limits);
    }
    next = up ? Math.min(next, to) : Math.max(next, to);
    if (next !== current) events.push({ t, delta: next - current });
    current = next;
    if (current === to) return t + SYNC;
  }
  return Infinity;
}

function rampCurve(points: [number, number][]): Curve {
  return {
    type: 'ramp',
    points: points.map(([at, value]) => ({ at, value })),
  } as unknown as Curve;
}

export function defaultWorld(
  hpa: HorizontalPodAutoscaler,
  given: SimulationSpecDocument['workload'],
  downscaleStabilizationSeconds: number,
): DefaultWorld {
  const min = hpa.spec.minReplicas ?? 1;
  const max = hpa.spec.maxReplicas;
  const minPods = Math.max(1, min);
  const containers = containersOf(hpa, given?.containers);
  const { load, parts } = loadsFor(hpa, containers, minPods);
  const peakPods = Math.min(max, Math.max(minPods + 1, Math.round(0.8 * max)));
  const low = Math.round(minPods * UNITS_PER_POD * QUIET_SHARE);
  const peak = Math.round(peakPods * UNITS_PER_POD * 0.95);
  const behavior = hpa.spec.behavior;
  const upWindow = behavior?.scaleUp?.stabilizationWindowSeconds ?? 0;
  const downWindow =
    behavior?.scaleDown?.stabilizationWindowSeconds ?? downscaleStabilizationSeconds;
  const reach = (a: number, b: number, r: HPAScalingRules | null | undefined) =>
    Math.min(scalingSeconds(a, b, r, behavior !== undefined), MAX_DEFAULT_SECONDS / 2);
  const hold = Math.max(900, upWindow + reach(min, max, behavior?.scaleUp) + 300);
  const tail = Math.max(1200, downWindow + reach(max, minPods, behavior?.scaleDown) + 300);
  const quiet = 300;
  const ramp = 600;
  const minute = (s: number) => Math.ceil(s / 60) * 60;
  const t1 = quiet;
  const t2 = t1 + ramp;
  const t3 = minute(t2 + hold);
  const t4 = t3 + ramp;
  const end = Math.min(MAX_DEFAULT_SECONDS, minute(t4 + tail));
  const traffic = rampCurve([
    [0, low],
    [t1, low],
    [t2, peak],
    [t3, peak],
    [t4, low],
  ]);
  const workload = {
    ...(given?.replicas !== undefined ? { replicas: given.replicas } : {}),
    containers,
    ...(given?.startup ? { startup: given.startup } : {}),
  };
  const spec: SimulationSpecDocument = {
    duration: formatSeconds(end),
    workload,
    traffic,
    load,
  };
  const cut = end < t4 + tail ? ' (cut at 24h: the scale-down policies take longer)' : '';
  const summary =
    `traffic ${low} units/s for ${formatSeconds(t1)}, rising to ${peak} over ${formatSeconds(ramp)} (about ${peakPods} pods' worth), ` +
    `held until ${formatSeconds(t3)}, back to ${low} by ${formatSeconds(t4)}, run for ${formatSeconds(end)}${cut}; ` +
    `one pod serves ${UNITS_PER_POD} units/s at the HPA's targets (${parts.join('; ')}); ` +
    `pods: ${containers.map((c) => c.name).join(', ')}`;
  return { spec, durationSeconds: end || DEFAULT_DURATION_SECONDS, summary };
}
