/**
 * The world assumed when there is no Simulation document: every HPA metric gets a load model
 * scaled from the HPA's own target, and traffic rises from a quiet level to a peak the HPA must
 * scale up for, then falls back, for long enough that the scale-down window and policies act.
 *
 * The unit of traffic is chosen so that one pod serves UNITS_PER_POD units at the HPA's targets:
 * traffic T needs about T / 100 pods, whatever the metric. The assumptions are written out as a
 * Simulation document (`snippet`), so pasting it after `---` gives the same run, ready to edit.
 */
import type { HPAScalingRules, HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { Curve } from '../../engine/simulation/curves/index.ts';
import { MAX_PODS } from '../limits.ts';
import {
  DEFAULT_CONTAINER,
  DEFAULT_DURATION_SECONDS,
  NEWEST_KUBERNETES_VERSION,
} from './defaults.ts';
import type { ContainerDocument, LoadDocument, SimulationSpecDocument } from './document.ts';
import { metricRefs } from './metricRefs.ts';
import {
  suggestedLoadEntry,
  trafficLevels,
  UNITS_PER_POD,
  type SuggestedEntry,
} from './suggestLoad.ts';
import type { CronWindow } from '../../engine/keda/index.ts';
import { cronWorld } from '../keda/cronWorld.ts';
import { formatSeconds } from './units.ts';

const SYNC = 15;
/** The longest assumed run: a slow scale-down that takes longer is cut (the notice says so). */
const MAX_DEFAULT_SECONDS = 24 * 3600;

export interface DefaultWorld {
  spec: SimulationSpecDocument;
  durationSeconds: number;
  /** One paragraph: what was assumed. */
  summary: string;
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

/** One load entry per distinct metric key, in the Simulation's own form (quantity strings). */
function loadsFor(
  hpa: HorizontalPodAutoscaler,
  containers: ContainerDocument[],
  minPods: number,
  queues: ReadonlySet<string>,
): { load: LoadDocument; parts: string[] } {
  // Metrics of one key (memory as AverageValue and as Utilization) share a model: take the
  // gentlest, so that every one of them lets the HPA scale back down.
  const chosen = new Map<string, SuggestedEntry>();
  for (const ref of metricRefs(hpa)) {
    const entry = suggestedLoadEntry(ref, containers, minPods);
    const key = `${entry.section}/${ref.name}`;
    const seen = chosen.get(key);
    if (!seen || entry.strength < seen.strength) chosen.set(key, entry);
  }
  const load: Record<string, Record<string, unknown>> = {};
  const parts: string[] = [];
  for (const [key, entry] of chosen) {
    const name = key.slice(entry.section.length + 1);
    // A KEDA trigger whose value is a backlog (kafka lag, a queue's length): the traffic fills
    // it and each serving pod drains it at the rate it serves.
    const queue = entry.section === 'external' && queues.has(name);
    (load[entry.section] ??= {})[name] = queue
      ? { queue: { perPodThroughput: UNITS_PER_POD } }
      : entry.entry;
    parts.push(
      queue
        ? `${name}: a queue the traffic fills and each pod drains at ${UNITS_PER_POD} units/s`
        : entry.describe,
    );
  }
  return { load: load as LoadDocument, parts };
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
  // Only changes within the longest period count: older ones are dropped to keep this linear.
  const longest = Math.max(0, ...(rules?.policies ?? []).map((p) => p.periodSeconds));
  let current = from;
  for (let t = 0; t <= MAX_DEFAULT_SECONDS; t += SYNC) {
    while (events.length > 0 && events[0]!.t <= t - longest) events.shift();
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

export interface KedaWorldHints {
  /** External metrics whose value is a queue's backlog (kafka lag, a queue's length …). */
  queues: ReadonlySet<string>;
  /** External metrics of cron triggers, with their window. */
  crons: ReadonlyMap<string, CronWindow>;
}

const NO_KEDA: KedaWorldHints = { queues: new Set(), crons: new Map() };

export function defaultWorld(
  hpa: HorizontalPodAutoscaler,
  given: SimulationSpecDocument['workload'],
  downscaleStabilizationSeconds: number,
  /** A KEDA ScaledObject's triggers: backlogs are queues; cron metrics follow their window. */
  keda: KedaWorldHints = NO_KEDA,
): DefaultWorld {
  const min = hpa.spec.minReplicas ?? 1;
  const max = Math.min(hpa.spec.maxReplicas, MAX_PODS);
  const { low, peak, peakPods, minPods } = trafficLevels(hpa);
  const containers = containersOf(hpa, given?.containers);
  const { load, parts } = loadsFor(hpa, containers, minPods, keda.queues);
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
  let end = Math.min(MAX_DEFAULT_SECONDS, minute(t4 + tail));
  // A cron trigger's metric is its window: the run covers the first window and the way back.
  const cronNotes: string[] = [];
  for (const [name, window] of keda.crons) {
    const first = cronWorld(window, MAX_DEFAULT_SECONDS);
    end = Math.min(MAX_DEFAULT_SECONDS, Math.max(end, minute(first.windowEnd + tail)));
    const world = cronWorld(window, end);
    ((load.external ??= {}) as Record<string, unknown>)[name] = {
      value: { type: 'steps', steps: world.steps },
    };
    const at = new Date(world.startEpoch * 1000).toISOString().replace('.000Z', 'Z');
    cronNotes.push(
      `${name}: the cron window as KEDA reads it, the run starting at ${at} (10 minutes before the window opens)`,
    );
  }
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
    ...(given?.terminationGracePeriod
      ? { terminationGracePeriod: given.terminationGracePeriod }
      : {}),
  };
  const spec: SimulationSpecDocument = {
    duration: formatSeconds(end),
    // Named, so the document offered gives the same run whatever the default of a document
    // that names no release (readController: the assumed world runs the newest release).
    kubernetesVersion: NEWEST_KUBERNETES_VERSION,
    workload,
    traffic,
    load,
  };
  const cut = end < t4 + tail ? ' (cut at 24h: the scale-down policies take longer)' : '';
  const summary =
    `traffic ${low} units/s for ${formatSeconds(t1)}, rising to ${peak} over ${formatSeconds(ramp)} (about ${peakPods} pods' worth), ` +
    `held until ${formatSeconds(t3)}, back to ${low} by ${formatSeconds(t4)}, run for ${formatSeconds(end)}${cut}; ` +
    `one pod serves ${UNITS_PER_POD} units/s at the HPA's targets (${[...parts.filter((p) => ![...keda.crons.keys()].some((n) => p.startsWith(`${n}:`))), ...cronNotes].join('; ')}); ` +
    `pods: ${containers.map((c) => c.name).join(', ')}; ` +
    `the HPA controller of Kubernetes ${NEWEST_KUBERNETES_VERSION}`;
  return { spec, durationSeconds: end || DEFAULT_DURATION_SECONDS, summary };
}
