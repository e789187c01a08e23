/**
 * What KEDA refuses before it creates an HPA: its admission webhook and validations, ported from
 * kedacore/keda apis/keda/v1alpha1/scaledobject_webhook.go, scaledobject_types.go
 * (CheckReplicaCountBoundsAreValid, CheckFallbackValid) and scaletriggers_types.go
 * (ValidateTriggers). The check against other autoscalers of the same workload needs the other
 * objects of the text and lives in roles.ts (kedaConflict).
 */
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';
import { checkQuantity, milliExact } from '../simulation/units.ts';
import { getHPAMaxReplicas, getHPAMinReplicas, int, rec, str, type Obj } from './types.ts';

/** scaletriggers_types.go ValidateTriggers. */
function validateTriggers(triggers: Obj[], report: Reporter): boolean {
  if (triggers.length === 0) {
    report.error(['spec', 'triggers'], 'no triggers defined in the ScaledObject/ScaledJob', 'key');
    return false;
  }
  let ok = true;
  const names = new Set<string>();
  triggers.forEach((t, i) => {
    const type = str(t.type);
    if (t.useCachedMetrics === true && ['cpu', 'memory', 'cron'].includes(type)) {
      ok = false;
      report.error(
        ['spec', 'triggers', i, 'useCachedMetrics'],
        `property "useCachedMetrics" is not supported for "${type}" scaler`,
      );
    }
    const name = str(t.name);
    if (name !== '' && names.has(name)) {
      ok = false;
      report.error(
        ['spec', 'triggers', i, 'name'],
        `triggerName "${name}" is defined multiple times in the ScaledObject, but it must be unique`,
      );
    }
    names.add(name);
  });
  return ok;
}

/** scaledobject_types.go CheckReplicaCountBoundsAreValid: an unset minReplicaCount counts 0. */
function checkReplicaCountBoundsAreValid(spec: Obj, report: Reporter): boolean {
  let ok = true;
  const min = spec.minReplicaCount === undefined ? 0 : getHPAMinReplicas(spec);
  const max = getHPAMaxReplicas(spec);
  if (min > max) {
    ok = false;
    report.error(
      ['spec', 'minReplicaCount'],
      `MinReplicaCount=${min} must be less than MaxReplicaCount=${max}`,
    );
  }
  const idle = int(spec.idleReplicaCount);
  if (idle !== undefined && idle >= min) {
    ok = false;
    report.error(
      ['spec', 'idleReplicaCount'],
      `IdleReplicaCount=${idle} must be less than MinReplicaCount=${min}`,
    );
  }
  return ok;
}

/**
 * scaledobject_types.go CheckFallbackValid. Its rule on metric types moved between releases
 * (2.14 wanted an explicit metricType: AverageValue, 2.17 one such trigger, 2.18 takes Value too;
 * kedacore/keda#6066, #6696); every release refuses a fallback with only cpu and memory
 * triggers, whose metrics KEDA does not serve, so only that is refused here.
 */
function checkFallbackValid(spec: Obj, triggers: Obj[], report: Reporter): boolean {
  const fallback = spec.fallback;
  if (!isRecord(fallback)) return true;
  const threshold = int(fallback.failureThreshold) ?? 0;
  const replicas = int(fallback.replicas) ?? 0;
  if (threshold < 0 || replicas < 0) {
    report.error(
      ['spec', 'fallback'],
      `FailureThreshold=${threshold} & Replicas=${replicas} must both be greater than or equal to 0`,
      'key',
    );
    return false;
  }
  if (triggers.every((t) => ['cpu', 'memory'].includes(str(t.type)))) {
    report.error(
      ['spec', 'fallback'],
      'fallback is not supported by the CPU & memory scalers, and this ScaledObject has no other trigger: KEDA refuses it',
      'key',
    );
    return false;
  }
  return true;
}

/** The checks that need only the ScaledObject itself; false when one refused it. */
export function validateScaledObject(spec: Obj, triggers: Obj[], report: Reporter): boolean {
  const results = [
    validateTriggers(triggers, report),
    checkReplicaCountBoundsAreValid(spec, report),
    checkFallbackValid(spec, triggers, report),
  ];
  return results.every(Boolean);
}

/** A quantity set above zero (isWorkloadResourceSet's AsApproximateFloat64() > 0). */
function positive(v: unknown): boolean {
  const q = checkQuantity(v);
  return q.ok && milliExact(q.value) > 0;
}

/**
 * scaledobject_webhook.go verifyCPUMemoryScalers, for a Deployment or StatefulSet target: with
 * only cpu/memory triggers the object cannot scale to 0, so minReplicaCount 0 (or unset) is
 * refused; and each container counted (the named one, with containerName) needs a request or
 * limit for the resource — checked when the workload is in the text (a LimitRange's defaults,
 * which also satisfy KEDA, are not read).
 */
export function verifyCPUMemoryScalers(
  spec: Obj,
  triggers: Obj[],
  workload: unknown,
  report: Reporter,
): boolean {
  const target = rec(spec.scaleTargetRef);
  const gvk = `${str(target.apiVersion) || 'apps/v1'}.${str(target.kind) || 'Deployment'}`;
  if (gvk !== 'apps/v1.Deployment' && gvk !== 'apps/v1.StatefulSet') return true;
  const resources = triggers.map((t) => str(t.type)).filter((t) => t === 'cpu' || t === 'memory');
  if (resources.length === 0) return true;
  const containers = rec(rec(rec(rec(workload).spec).template).spec).containers;
  if (Array.isArray(containers)) {
    for (const [i, t] of triggers.entries()) {
      const resource = str(t.type);
      if (resource !== 'cpu' && resource !== 'memory') continue;
      const only = str(rec(t.metadata).containerName);
      for (const c of containers.map(rec)) {
        if (only !== '' && str(c.name) !== only) continue;
        const r = rec(c.resources);
        if (positive(rec(r.requests)[resource]) || positive(rec(r.limits)[resource])) continue;
        report.error(
          ['spec', 'triggers', i, 'type'],
          `the scaledobject has a ${resource} trigger but the container ${str(c.name)} doesn't have the ${resource} request defined`,
        );
        return false;
      }
    }
  }
  const min = int(spec.minReplicaCount);
  if (resources.length === triggers.length && (min === undefined || min === 0)) {
    report.error(
      spec.minReplicaCount === undefined ? ['spec'] : ['spec', 'minReplicaCount'],
      "scaledobject has only cpu/memory triggers AND minReplica is 0 (scale to zero doesn't work in this case): set minReplicaCount to 1 or more",
      'key',
    );
    return false;
  }
  return true;
}
