/**
 * The Deployment, StatefulSet or ReplicaSet the HPA's scaleTargetRef names, when it is in the same
 * file: its replicas, containers (requests and limits) and readiness probes become the workload of
 * the Simulation, unless the Simulation document sets them. Values the simulator cannot use are
 * warnings at the workload document, never errors: the object is context, not the scenario.
 */
import type { Reporter } from '../diagnostics.ts';
import { MAX_PODS } from '../limits.ts';
import { isRecord } from '../plainData.ts';
import type { ContainerDocument, ReadinessProbeDocument, WorkloadDocument } from './document.ts';
import { checkQuantity } from './units.ts';

export interface TargetWorkload {
  kind: string;
  name: string;
  /** `spec.workload` as the Deployment describes it. */
  workload: WorkloadDocument;
  /** What was taken, for the notice. */
  summary: string;
}

function quantities(
  value: unknown,
  path: (string | number)[],
  report: Reporter,
): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [resource, q] of Object.entries(value)) {
    const checked = checkQuantity(q);
    if (checked.ok) out[resource] = String(checked.value);
    else report.warning([...path, resource], `ignored: ${checked.message}`);
  }
  return out;
}

function seconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

export function readTargetWorkload(
  kind: string,
  value: unknown,
  report: Reporter,
): TargetWorkload | null {
  if (!isRecord(value)) return null;
  const name = isRecord(value.metadata) ? String(value.metadata.name ?? '') : '';
  const spec = isRecord(value.spec) ? value.spec : {};
  const template =
    isRecord(spec.template) && isRecord(spec.template.spec) ? spec.template.spec : {};
  const base = ['spec', 'template', 'spec', 'containers'];
  const containers: ContainerDocument[] = [];
  let readiness: ReadinessProbeDocument | null = null;
  if (Array.isArray(template.containers)) {
    template.containers.forEach((c: unknown, i) => {
      if (!isRecord(c) || typeof c.name !== 'string') return;
      const resources = isRecord(c.resources) ? c.resources : {};
      const requests = quantities(
        resources.requests,
        [...base, i, 'resources', 'requests'],
        report,
      );
      const limits = quantities(resources.limits, [...base, i, 'resources', 'limits'], report);
      // Kubernetes defaults a missing request to the limit.
      const effectiveRequests = { ...limits, ...requests };
      containers.push({
        name: c.name,
        resources: {
          ...(Object.keys(effectiveRequests).length > 0 ? { requests: effectiveRequests } : {}),
          ...(limits && Object.keys(limits).length > 0 ? { limits } : {}),
        },
      });
      const probe = isRecord(c.readinessProbe) ? c.readinessProbe : null;
      if (probe) {
        // The kubelet's probe as written (its defaults: period 10 s, threshold 1); with several
        // probed containers the slowest one decides when the pod is Ready.
        const next: ReadinessProbeDocument = {
          initialDelaySeconds: seconds(probe.initialDelaySeconds) ?? 0,
          periodSeconds: seconds(probe.periodSeconds) || 10,
          successThreshold: seconds(probe.successThreshold) || 1,
        };
        if (readiness === null || probeSpan(next) > probeSpan(readiness)) readiness = next;
      }
    });
  }
  const workload: WorkloadDocument = {};
  // The workload API defaults replicas to 1; the HPA then clamps it at the first sync.
  const replicas = spec.replicas === undefined ? 1 : spec.replicas;
  if (typeof replicas === 'number' && Number.isInteger(replicas) && replicas >= 0)
    workload.replicas = Math.min(replicas, MAX_PODS);
  if (typeof replicas === 'number' && replicas > MAX_PODS) {
    // A cap, not a refusal: the HPA moves the count into its range at the first sync anyway.
    const pods = MAX_PODS.toLocaleString('en-US');
    report.warning(
      ['spec', 'replicas'],
      `${replicas.toLocaleString('en-US')} replicas: the simulator runs at most ${pods} pods, so the run starts with ${pods}`,
    );
  }
  if (containers.length > 0) workload.containers = containers;
  // Assigned inside the forEach callback, which the compiler's narrowing does not see.
  const probe = readiness as ReadinessProbeDocument | null;
  if (probe !== null) workload.startup = { readinessProbe: probe };
  // No probe on any container: the kubelet runs no readiness worker, and a container without
  // one is Ready as soon as it has started (kubelet prober_manager.go UpdatePodStatus).
  else if (containers.length > 0) workload.startup = { readinessDelay: '0s' };
  const grace = seconds(template.terminationGracePeriodSeconds);
  if (grace !== null) workload.terminationGracePeriod = `${grace}s`;
  const parts = [`${workload.replicas ?? 1} replicas`];
  if (containers.length > 0) parts.push(`containers ${containers.map((c) => c.name).join(', ')}`);
  if (probe !== null)
    parts.push(`readiness probe after ${probe.initialDelaySeconds}s every ${probe.periodSeconds}s`);
  else if (containers.length > 0) parts.push('no readiness probe (Ready once running)');
  if (grace !== null) parts.push(`terminationGracePeriodSeconds ${grace}`);
  return { kind, name, workload, summary: `${kind} ${name}: ${parts.join(', ')}` };
}

/** The longest a probe can take to pass: its initial delay plus the thresholds' periods. */
function probeSpan(p: ReadinessProbeDocument): number {
  return (p.initialDelaySeconds ?? 0) + (p.periodSeconds ?? 10) * (p.successThreshold ?? 1);
}
