/**
 * The Deployment, StatefulSet or ReplicaSet the HPA's scaleTargetRef names, when it is in the same
 * file: its replicas, containers (requests and limits) and readiness probes become the workload of
 * the Simulation, unless the Simulation document sets them. Values the simulator cannot use are
 * warnings at the workload document, never errors: the object is context, not the scenario.
 */
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';
import type { ContainerDocument, WorkloadDocument } from './document.ts';
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
  let readiness: number | null = null;
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
        // Ready after the first successful probe: initialDelaySeconds, then one period at most.
        const delay = seconds(probe.initialDelaySeconds) ?? 0;
        readiness = Math.max(readiness ?? 0, delay);
      }
    });
  }
  const workload: WorkloadDocument = {};
  // The workload API defaults replicas to 1; the HPA then clamps it at the first sync.
  const replicas = spec.replicas === undefined ? 1 : spec.replicas;
  if (typeof replicas === 'number' && Number.isInteger(replicas) && replicas >= 0)
    workload.replicas = replicas;
  if (containers.length > 0) workload.containers = containers;
  if (readiness !== null) workload.startup = { readinessDelay: `${readiness}s` };
  const parts = [`${workload.replicas ?? 1} replicas`];
  if (containers.length > 0) parts.push(`containers ${containers.map((c) => c.name).join(', ')}`);
  if (readiness !== null) parts.push(`ready ${readiness}s after start`);
  return { kind, name, workload, summary: `${kind} ${name}: ${parts.join(', ')}` };
}
