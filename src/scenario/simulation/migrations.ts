/**
 * Versions of the Simulation document and the migrations between them. Each migration rewrites
 * plain data one version forward and records where moved fields came from, so diagnostics on a
 * migrated document still point at what the user wrote. Add a version by appending a migration
 * from the previous current version and bumping CURRENT_SIMULATION_API_VERSION.
 */
import { PathMap } from '../hpa/pathMap.ts';
import { clonePlain, isRecord } from '../plainData.ts';
import type { Path, PathSegment } from '../types.ts';
import { CURRENT_SIMULATION_API_VERSION } from './defaults.ts';

export interface Migration {
  from: string;
  to: string;
  /** What changed, for the info notice. */
  summary: string;
  /** Rewrites `doc` (a fresh copy it may change) and records moved fields in `map`. */
  migrate(doc: Record<string, unknown>, map: PathMap): void;
}

function rename(obj: unknown, from: string, to: string): boolean {
  if (!isRecord(obj) || !Object.hasOwn(obj, from) || Object.hasOwn(obj, to)) return false;
  Object.defineProperty(obj, to, {
    value: obj[from],
    enumerable: true,
    writable: true,
    configurable: true,
  });
  delete obj[from];
  return true;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    // The first draft of the format: a plain number of seconds, and `initialReplicas`.
    from: 'hpa-sim.dev/v1alpha0',
    to: 'hpa-sim.dev/v1alpha1',
    summary:
      'spec.durationSeconds is now spec.duration (seconds or a duration such as 2h); spec.workload.initialReplicas is now spec.workload.replicas',
    migrate(doc, map) {
      const spec = doc.spec;
      if (rename(spec, 'durationSeconds', 'duration'))
        map.add(['spec', 'duration'], ['spec', 'durationSeconds']);
      const workload = isRecord(spec) ? spec.workload : undefined;
      if (rename(workload, 'initialReplicas', 'replicas')) {
        map.add(['spec', 'workload', 'replicas'], ['spec', 'workload', 'initialReplicas']);
      }
    },
  },
];

export const SIMULATION_API_VERSIONS: readonly string[] = [
  ...MIGRATIONS.map((m) => m.from),
  CURRENT_SIMULATION_API_VERSION,
];

export type MigrationResult =
  | {
      ok: true;
      doc: Record<string, unknown>;
      /** A path in the migrated document → the path as written (maps composed newest first). */
      toSource: (path: Path) => PathSegment[];
      applied: Migration[];
    }
  | { ok: false; message: string };

/** Migrates `doc` (any known version) to the current version. */
export function migrateSimulation(
  doc: Record<string, unknown>,
  table: readonly Migration[] = MIGRATIONS,
): MigrationResult {
  const maps: PathMap[] = [];
  const toSource = (path: Path): PathSegment[] =>
    maps.reduceRight<PathSegment[]>((p, m) => m.toSource(p), [...path]);
  let version = doc.apiVersion;
  if (version === CURRENT_SIMULATION_API_VERSION) return { ok: true, doc, toSource, applied: [] };
  const out = clonePlain(doc);
  const applied: Migration[] = [];
  for (let step = 0; step <= table.length && version !== CURRENT_SIMULATION_API_VERSION; step++) {
    const migration = table.find((m) => m.from === version);
    if (!migration)
      return { ok: false, message: `unknown Simulation apiVersion ${JSON.stringify(version)}` };
    const map = new PathMap();
    migration.migrate(out, map);
    maps.push(map);
    version = migration.to;
    out.apiVersion = version;
    applied.push(migration);
  }
  if (version !== CURRENT_SIMULATION_API_VERSION)
    return { ok: false, message: 'the migration table does not reach the current version' };
  return { ok: true, doc: out, toSource, applied };
}
