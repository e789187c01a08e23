/** Small helpers shared by the scenario tests. */
import type { Diagnostic } from '../types.ts';

export const HPA_V2 = (spec: string, extra = '') => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web${extra}
spec:
${spec}`;

export const SIMULATION = (spec: string) => `apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
${spec}`;

/** The minimal valid v2 spec body used by many tests (2 spaces indent). */
export const BASIC_SPEC = `  scaleTargetRef: { kind: Deployment, name: web }
  minReplicas: 1
  maxReplicas: 10
`;

export const errors = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 'error');

/** [severity, path, line, column, endLine, endColumn] for compact assertions. */
export const where = (d: Diagnostic | undefined) =>
  d ? [d.severity, d.path, d.document, d.line, d.column, d.endLine, d.endColumn] : undefined;

export function find(ds: Diagnostic[], path: string): Diagnostic | undefined {
  return ds.find((d) => d.path === path);
}

/** 1-based line and column of the `nth` occurrence of `needle` in `text`. */
export function at(text: string, needle: string, nth = 0): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`'${needle}' not found`);
  }
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
