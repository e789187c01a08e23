// When a pod's Ready condition turns True under a readiness probe, after the kubelet's prober
// worker (pkg/kubelet/prober/worker.go, v1.35): the worker starts with the pod and probes at once,
// then every periodSeconds; a probe before the container runs, or less than initialDelaySeconds
// (whole seconds, truncated) after it started, gives no result; Ready needs successThreshold
// passing probes in a row.

import type { ReadinessProbeModel } from './input.ts';

/**
 * The first tick of a worker started at `workerStart` that passes for a container started at
 * `containerStart`, plus the further ticks the success threshold needs.
 */
export function probeReadyAt(
  workerStart: number,
  containerStart: number,
  probe: ReadinessProbeModel,
): number {
  const period = probe.periodSeconds > 0 ? probe.periodSeconds : 10;
  // worker.go doProbe: int32(time.Since(StartedAt).Seconds()) < InitialDelaySeconds → no result;
  // for a whole number of seconds d, trunc(x) ≥ d exactly when x ≥ d.
  const earliest = Math.max(workerStart, containerStart + Math.ceil(probe.initialDelaySeconds));
  const k = Math.max(0, Math.ceil((earliest - workerStart) / period - 1e-9));
  return workerStart + (k + Math.max(1, probe.successThreshold) - 1) * period;
}
