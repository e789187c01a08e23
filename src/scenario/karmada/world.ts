/**
 * The multi-cluster world of a pasted FederatedHPA: the PropagationPolicy in the text that
 * selects its workload gives the clusters and the strategy, else three equal clusters; a
 * Simulation document's own spec.federation wins. The notice gives the spec.federation to edit.
 */
import type { Reporter } from '../diagnostics.ts';
import type { FederationDocument } from '../simulation/document.ts';
import { simulationYaml } from '../simulation/snippet.ts';
import { defaultPlacement, placementFromPolicy, selects, type WorkloadRef } from './placement.ts';
import { rec, str, type Obj } from './types.ts';

export interface KarmadaObject {
  kind: string;
  value: unknown;
  report: Reporter;
}

/** The placement for the FederatedHPA `fhpa` (plain data) among the Karmada objects of the text. */
export function karmadaFederation(
  fhpa: Obj,
  objects: readonly KarmadaObject[],
): { federation: FederationDocument; source: string; unused: string[] } {
  const ref = rec(rec(fhpa.spec).scaleTargetRef);
  const target: WorkloadRef = {
    apiVersion: str(ref.apiVersion),
    kind: str(ref.kind),
    name: str(ref.name),
    namespace: str(rec(fhpa.metadata).namespace),
  };
  const policies = objects.filter((o) => o.kind.endsWith('PropagationPolicy'));
  const unused: string[] = [];
  // Karmada binds a workload to one policy: a namespaced one before a cluster-wide one.
  const ordered = [
    ...policies.filter((p) => p.kind === 'PropagationPolicy'),
    ...policies.filter((p) => p.kind === 'ClusterPropagationPolicy'),
  ];
  for (const p of ordered) {
    const policy = rec(p.value);
    const name = str(rec(policy.metadata).name) || '(no name)';
    if (!selects(policy, p.kind === 'ClusterPropagationPolicy', target)) {
      unused.push(`the ${p.kind} ${name} does not select ${target.kind} ${target.name}`);
      continue;
    }
    const placement = placementFromPolicy(policy, p.kind);
    if (!placement) {
      p.report.warning(
        ['spec', 'placement'],
        'names no cluster (clusterAffinity.clusterNames or a staticWeightList): three equal clusters are assumed',
      );
      continue;
    }
    return { ...placement, unused };
  }
  return { ...defaultPlacement(), unused };
}

/** The notice: where the clusters came from and the spec.federation that gives this run. */
export function federationNotice(federation: FederationDocument, source: string): string {
  const yaml = simulationYaml('karmada', { federation })
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .join('\n');
  return `a multi-cluster world for the FederatedHPA from ${source}; member clusters have no size limit. To change it, add a Simulation document with this spec.federation (cluster capacity, failAt, strategy):\n${yaml}`;
}
