import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, HPA_V2, at, find } from '../__fixtures__/helpers.ts';
import { PathMap } from '../hpa/pathMap.ts';
import { CURRENT_SIMULATION_API_VERSION } from './defaults.ts';
import {
  MIGRATIONS,
  SIMULATION_API_VERSIONS,
  migrateSimulation,
  type Migration,
} from './migrations.ts';

const V0 = `${HPA_V2(BASIC_SPEC)}---
apiVersion: hpa-sim.dev/v1alpha0
kind: Simulation
spec:
  durationSeconds: 5400
  workload:
    initialReplicas: 3
`;

describe('Simulation document migrations', () => {
  it('loads the older v1alpha0 (renamed fields) as the current version, with a notice', () => {
    const r = parseScenario(V0);
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.input!.durationSeconds).toBe(5400);
    expect(r.input!.workload.initialReplicas).toBe(3);
    const notice = find(r.diagnostics, 'apiVersion');
    expect(notice?.severity).toBe('info');
    expect(notice?.document).toBe(1);
    expect(notice?.message).toBe(
      `migrated from hpa-sim.dev/v1alpha0 to ${CURRENT_SIMULATION_API_VERSION}: ${MIGRATIONS[0]!.summary}`,
    );
  });

  it('reports problems in a migrated field at the old name the user wrote', () => {
    const r = parseScenario(V0.replace('initialReplicas: 3', 'initialReplicas: 9000'));
    const d = find(r.diagnostics, 'spec.workload.initialReplicas');
    const p = at(V0, '3\n', 0);
    expect([d?.severity, d?.line, d?.column]).toEqual(['error', p.line, p.column]);
    expect(d?.message).toContain('must be at most 5,000');
  });

  it('rejects an unknown version with the supported list and a suggestion', () => {
    const r = parseScenario(V0.replace('hpa-sim.dev/v1alpha0', 'hpa-sim.dev/v1alpha2'));
    const d = find(r.diagnostics, 'apiVersion');
    expect(d?.severity).toBe('error');
    expect(d?.message).toBe(
      `unsupported Simulation apiVersion 'hpa-sim.dev/v1alpha2'; supported: ${SIMULATION_API_VERSIONS.join(', ')}. Did you mean 'hpa-sim.dev/v1alpha0' or 'hpa-sim.dev/v1alpha1'?`,
    );
  });

  it('chains migrations and composes their path maps (newest first)', () => {
    const table: Migration[] = [
      {
        from: 'x/v0',
        to: 'x/v1',
        summary: 'a → b',
        migrate: (doc, map) => {
          doc.b = doc.a;
          delete doc.a;
          map.add(['b'], ['a']);
        },
      },
      {
        from: 'x/v1',
        to: CURRENT_SIMULATION_API_VERSION,
        summary: 'b → c',
        migrate: (doc, map) => {
          doc.c = doc.b;
          delete doc.b;
          map.add(['c'], ['b']);
        },
      },
    ];
    const out = migrateSimulation({ apiVersion: 'x/v0', a: { deep: 1 } }, table);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.doc).toEqual({ apiVersion: CURRENT_SIMULATION_API_VERSION, c: { deep: 1 } });
    expect(out.toSource(['c', 'deep'])).toEqual(['a', 'deep']);
    expect(out.applied.map((m) => m.from)).toEqual(['x/v0', 'x/v1']);
  });

  it('does not touch the input document', () => {
    const doc = { apiVersion: 'hpa-sim.dev/v1alpha0', spec: { durationSeconds: 10 } };
    migrateSimulation(doc);
    expect(doc).toEqual({ apiVersion: 'hpa-sim.dev/v1alpha0', spec: { durationSeconds: 10 } });
  });

  it('every migration in the table leads to the current version', () => {
    for (const m of MIGRATIONS) {
      const out = migrateSimulation({ apiVersion: m.from });
      expect(out.ok).toBe(true);
    }
    expect(new PathMap().toSource(['a'])).toEqual(['a']);
  });
});
