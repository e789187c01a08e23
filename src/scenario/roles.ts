/**
 * Which document is which: the HPA manifest and the Simulation settings are told apart by
 * `kind` / `apiVersion`, in either order.
 */
import type { IssueList, Role } from './diagnostics.ts';
import { isRecord } from './plainData.ts';

export interface RoledDocument {
  index: number;
  role: Role;
  value: unknown;
}

export function looksLikeSimulation(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (value.kind === 'Simulation') return true;
  return typeof value.apiVersion === 'string' && value.apiVersion.startsWith('hpa-sim.dev/');
}

/** Assigns roles; a second document of the same role is reported and left out. */
export function assignRoles(
  docs: { index: number; value: unknown }[],
  issues: IssueList,
): { hpa: RoledDocument | null; simulation: RoledDocument | null } {
  let hpa: RoledDocument | null = null;
  let simulation: RoledDocument | null = null;
  for (const d of docs) {
    const role: Role = looksLikeSimulation(d.value) ? 'simulation' : 'hpa';
    const roled = { index: d.index, role, value: d.value };
    if (role === 'hpa' && !hpa) hpa = roled;
    else if (role === 'simulation' && !simulation) simulation = roled;
    else {
      const what = role === 'hpa' ? 'HorizontalPodAutoscaler' : 'Simulation';
      issues.error(
        { index: d.index, role },
        ['kind'],
        `a second ${what} document: a scenario has one HorizontalPodAutoscaler manifest and at most one Simulation document (kind: Simulation, apiVersion: hpa-sim.dev/v1alpha1)`,
        'value',
      );
    }
  }
  return { hpa, simulation };
}
