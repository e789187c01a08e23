/** The workload model from `spec.workload` (initial replicas, containers, pod lifecycle). */
import type { ContainerModel, WorkloadModel } from '../../engine/simulation/input.ts';
import type { Reporter } from '../diagnostics.ts';
import { DEFAULT_CONTAINER, DEFAULT_STARTUP, DEFAULT_TERMINATION_SECONDS } from './defaults.ts';
import type { WorkloadDocument } from './document.ts';
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
    startup: {
      schedulingSeconds: seconds(startup.scheduling, DEFAULT_STARTUP.schedulingSeconds),
      startingSeconds: seconds(startup.starting, DEFAULT_STARTUP.startingSeconds),
      readinessDelaySeconds: seconds(startup.readinessDelay, DEFAULT_STARTUP.readinessDelaySeconds),
    },
    startupCpuBurst:
      burst === undefined
        ? null
        : {
            extraMilli: milli(burst.extra, [...base, 'startupCpuBurst', 'extra'], report, false),
            durationSeconds: seconds(burst.duration, 0),
          },
    terminationSeconds: seconds(w.termination, DEFAULT_TERMINATION_SECONDS),
    maxPods: typeof w.maxPods === 'number' && Number.isInteger(w.maxPods) ? w.maxPods : null,
    podCapacity: w.podCapacity === undefined ? null : num(w.podCapacity, 1),
    failedPods,
    podsWithoutMetrics,
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

function buildContainers(w: WorkloadDocument, report: Reporter): ContainerModel[] {
  if (!Array.isArray(w.containers)) {
    const requests: Record<string, number> = {};
    for (const [name, q] of Object.entries(DEFAULT_CONTAINER.requests))
      requests[name] = milli(q, [], report, false);
    return [{ name: DEFAULT_CONTAINER.name, requests }];
  }
  const seen = new Set<string>();
  return w.containers.map((c, i) => {
    const path = ['spec', 'workload', 'containers', i];
    const name = typeof c?.name === 'string' ? c.name : `container-${i}`;
    if (seen.has(name)) report.error([...path, 'name'], `duplicate container name '${name}'`);
    seen.add(name);
    const requests: Record<string, number> = {};
    for (const [resource, q] of Object.entries(record(record(c?.resources).requests))) {
      Object.defineProperty(requests, resource, {
        value: milli(q, [...path, 'resources', 'requests', resource], report, false),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { name, requests };
  });
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
  if (explicitReplicas && (r < minReplicas || r > maxReplicas)) {
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
