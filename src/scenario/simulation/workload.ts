/** The workload model from `spec.workload` (initial replicas, containers, pod lifecycle). */
import {
  DEFAULT_REPLICA_SET,
  type ContainerModel,
  type PodStartupModel,
  type ReadinessProbeModel,
  type ReplicaSetModel,
  type WorkloadModel,
} from '../../engine/simulation/input.ts';
import type { StartupPhase, StartupRanges } from '../../engine/simulation/startupDelays.ts';
import type { Reporter } from '../diagnostics.ts';
import {
  DEFAULT_CONTAINER,
  DEFAULT_STARTUP,
  DEFAULT_TERMINATION_GRACE_SECONDS,
  DEFAULT_TERMINATION_SECONDS,
} from './defaults.ts';
import type { ContainerDocument, WorkloadDocument } from './document.ts';
import { milli, num, record, seconds } from './read.ts';

export function buildWorkload(
  doc: WorkloadDocument | undefined,
  minReplicas: number | null,
  report: Reporter,
): WorkloadModel {
  const w = doc ?? {};
  const base = ['spec', 'workload'];
  const startup = record(w.startup);
  const burst = w.startupCpuBurst;
  const initialReplicas =
    typeof w.replicas === 'number' && Number.isInteger(w.replicas)
      ? w.replicas
      : (minReplicas ?? 1);
  const failedPods = count(w.failedPods);
  const podsWithoutMetrics = count(w.podsWithoutMetrics);
  if (failedPods + podsWithoutMetrics > initialReplicas) {
    const field = w.podsWithoutMetrics !== undefined ? 'podsWithoutMetrics' : 'failedPods';
    report.error(
      [...base, field],
      `failedPods + podsWithoutMetrics (${failedPods + podsWithoutMetrics}) must not exceed the initial replicas (${initialReplicas})`,
    );
  }
  return {
    initialReplicas,
    containers: buildContainers(w, report),
    startup: buildStartup(startup, [...base, 'startup'], report),
    startupCpuBurst:
      burst === undefined
        ? null
        : {
            extraMilli: milli(burst.extra, [...base, 'startupCpuBurst', 'extra'], report, false),
            durationSeconds: seconds(burst.duration, 0),
          },
    terminationSeconds: termination(w, report),
    maxPods: typeof w.maxPods === 'number' && Number.isInteger(w.maxPods) ? w.maxPods : null,
    podCapacity: w.podCapacity === undefined ? null : num(w.podCapacity, 1),
    ...(w.nodeCpu === undefined
      ? {}
      : { nodeCpuMilli: milli(w.nodeCpu, [...base, 'nodeCpu'], report, false) }),
    ...(w.replicaSet === undefined ? {} : { replicaSet: replicaSet(w.replicaSet) }),
    ...(w.podRequests === undefined
      ? {}
      : { podRequests: podRequests(w.podRequests, [...base, 'podRequests'], report) }),
    failedPods,
    podsWithoutMetrics,
  };
}

/**
 * How long a deleted pod stays Terminating: the application's exit time, cut at the grace
 * period, when the kubelet kills what is still running (kubelet `kuberuntime_container.go`
 * `killContainer`: SIGTERM, then SIGKILL after the grace period).
 */
function termination(w: WorkloadDocument, report: Reporter): number {
  const exit = seconds(w.termination, DEFAULT_TERMINATION_SECONDS);
  const grace = seconds(w.terminationGracePeriod, DEFAULT_TERMINATION_GRACE_SECONDS);
  if (exit > grace && w.termination !== undefined)
    report.info(
      ['spec', 'workload', 'termination'],
      `the kubelet kills the containers at terminationGracePeriod (${grace}s), so a deleted pod is gone after ${grace}s, not ${exit}s`,
    );
  return Math.min(exit, grace);
}

function podRequests(
  value: unknown,
  path: (string | number)[],
  report: Reporter,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [resource, q] of Object.entries(record(value)))
    put(out, resource, milli(q, [...path, resource], report, false));
  return out;
}

function int(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

function readinessProbe(value: unknown): ReadinessProbeModel {
  const p = record(value);
  return {
    initialDelaySeconds: count(p.initialDelaySeconds),
    periodSeconds: int(p.periodSeconds, 10),
    successThreshold: int(p.successThreshold, 1),
  };
}

function replicaSet(value: unknown): ReplicaSetModel {
  const r = record(value);
  return {
    apiQps: typeof r.apiQps === 'number' && r.apiQps > 0 ? r.apiQps : DEFAULT_REPLICA_SET.apiQps,
    apiBurst: int(r.apiBurst, DEFAULT_REPLICA_SET.apiBurst),
    burstReplicas: int(r.burstReplicas, DEFAULT_REPLICA_SET.burstReplicas),
  };
}

/** `startup`: each delay fixed, or a range drawn per pod (engine startupDelays.ts). */
function buildStartup(
  startup: Record<string, unknown>,
  at: string[],
  report: Reporter,
): PodStartupModel {
  const ranges: StartupRanges = {};
  const phase = (key: StartupPhase, fallback: number): number => {
    const v = startup[key];
    if (typeof v !== 'object' || v === null) return seconds(v, fallback);
    const r = record(v);
    const min = seconds(r.min, fallback);
    const max = seconds(r.max, min);
    if (max < min) report.error([...at, key, 'max'], `max (${max}s) is below min (${min}s)`);
    else if (max > min)
      ranges[key] = { minSeconds: min, maxSeconds: max, seed: num(r.seed, 1) >>> 0 };
    return min;
  };
  return {
    schedulingSeconds: phase('scheduling', DEFAULT_STARTUP.schedulingSeconds),
    startingSeconds: phase('starting', DEFAULT_STARTUP.startingSeconds),
    readinessDelaySeconds: phase('readinessDelay', DEFAULT_STARTUP.readinessDelaySeconds),
    ...(startup.readinessProbe === undefined
      ? {}
      : { readinessProbe: readinessProbe(startup.readinessProbe) }),
    ...(Object.keys(ranges).length > 0 ? { ranges } : {}),
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

function buildContainers(w: WorkloadDocument, report: Reporter): ContainerModel[] {
  const seen = new Set<string>();
  // Restartable init containers run beside the app for the pod's life (sidecars); the others
  // have finished before it starts and change nothing here.
  const sidecars = (Array.isArray(w.initContainers) ? w.initContainers : [])
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c?.restartPolicy === 'Always')
    .map(({ c, i }) => ({
      ...readContainer(c, ['spec', 'workload', 'initContainers', i], seen, report),
      sidecar: true,
    }));
  if (!Array.isArray(w.containers)) {
    const requests: Record<string, number> = {};
    for (const [name, q] of Object.entries(DEFAULT_CONTAINER.requests))
      requests[name] = milli(q, [], report, false);
    return [{ name: DEFAULT_CONTAINER.name, requests }, ...sidecars];
  }
  const containers = w.containers.map((c, i) =>
    readContainer(c, ['spec', 'workload', 'containers', i], seen, report),
  );
  return [...containers, ...sidecars];
}

function readContainer(
  c: ContainerDocument | undefined,
  path: (string | number)[],
  seen: Set<string>,
  report: Reporter,
): ContainerModel {
  const name = typeof c?.name === 'string' ? c.name : `container-${String(path.at(-1))}`;
  if (seen.has(name)) report.error([...path, 'name'], `duplicate container name '${name}'`);
  seen.add(name);
  const quantities = (kind: 'requests' | 'limits'): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const [resource, q] of Object.entries(record(record(c?.resources)[kind]))) {
      put(out, resource, milli(q, [...path, 'resources', kind, resource], report, false));
    }
    return out;
  };
  const usage: ContainerModel['usage'] = {};
  for (const [resource, u] of Object.entries(record(c?.usage))) {
    const r = record(u);
    const at = [...path, 'usage', resource];
    put(usage, resource, {
      perPodMilli: r.perPod === undefined ? 0 : milli(r.perPod, [...at, 'perPod'], report, false),
      perUnitMilli:
        r.perUnit === undefined ? 0 : milli(r.perUnit, [...at, 'perUnit'], report, false),
    });
  }
  const limits = quantities('limits');
  // Only what was written: most containers have neither, and the model stays as before.
  return {
    name,
    requests: quantities('requests'),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    ...(Object.keys(usage).length > 0 ? { usage } : {}),
  };
}

/** A key from the user's text, set without touching a prototype (`__proto__` is a valid name). */
function put<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Hints about the workload relative to the HPA: clamping at the first sync, capacity below min. */
export function checkWorkloadAgainstHpa(
  workload: WorkloadModel,
  explicitReplicas: boolean,
  minReplicas: number,
  maxReplicas: number,
  report: Reporter,
): void {
  const r = workload.initialReplicas;
  if (explicitReplicas && r === 0 && minReplicas > 0) {
    // horizontal.go: a target at 0 with minReplicas above 0 is left alone (ScalingDisabled).
    report.info(
      ['spec', 'workload', 'replicas'],
      "0 replicas: the HPA leaves a target at 0 alone (ScalingActive=False ScalingDisabled) until something else scales it up (KEDA's activation, kubectl scale)",
    );
  } else if (explicitReplicas && (r < minReplicas || r > maxReplicas)) {
    const bound = r < minReplicas ? `minReplicas (${minReplicas})` : `maxReplicas (${maxReplicas})`;
    report.info(
      ['spec', 'workload', 'replicas'],
      `${r} replicas is outside the HPA's range: the first sync scales to ${bound}`,
    );
  }
  if (workload.maxPods !== null && workload.maxPods < minReplicas) {
    report.warning(
      ['spec', 'workload', 'maxPods'],
      `maxPods (${workload.maxPods}) is below the HPA's minReplicas (${minReplicas}): some pods always stay Pending`,
    );
  }
}
