// Reading one federation case (format: ../../../shared/federation/README.md, Part C) into the
// inputs of src/engine/federation. Every structural problem names its field path, so a bad file
// reports line and field. Optional counts default to 0 and tieBreak to "ascending", as the spec
// says; fields a kind does not read (notes, tags, distractor weights) are ignored.

import {
  DIVISION_STRATEGIES,
  SEED_POLICIES,
  type AssignInput,
  type DivisionInput,
  type FailoverInput,
  type NamedBounds,
  type NamedReplicas,
  type OptimizeCluster,
  type RestartCluster,
  type SeedPolicy,
  type ZeroingCluster,
} from '../engine/federation/index.ts';

export const FEDERATION_KINDS = [
  'assign',
  'optimize',
  'failover',
  'scaleToZero',
  'scaleFromZero',
  'divide',
] as const;
export type FederationKind = (typeof FEDERATION_KINDS)[number];

/**
 * Counts and weights are bounded so that every product the rules form stays exact in a double
 * (the spec promises products far below 2^53) and no case can make a rule run for long.
 */
export const MAX_COUNT = 1_000_000;

export type FederationCase = { name: string } & (
  | {
      kind: 'assign';
      input: AssignInput;
      expected: { clusters: NamedBounds[]; resourceBinding: NamedReplicas[] };
    }
  | {
      kind: 'optimize';
      policy: SeedPolicy;
      clusters: OptimizeCluster[];
      expected: { clusters: { name: string; maxReplicas: number }[] };
    }
  | { kind: 'failover'; input: FailoverInput; expected: { clusters: NamedBounds[] } }
  | {
      kind: 'scaleToZero';
      policy: SeedPolicy;
      federatedMinReplicas: number;
      clusters: ZeroingCluster[];
      expected: { zeroed: string[] };
    }
  | {
      kind: 'scaleFromZero';
      policy: SeedPolicy;
      clusters: RestartCluster[];
      expected: { restarted: NamedReplicas[] };
    }
  | {
      kind: 'divide';
      input: DivisionInput;
      expected: { unschedulable: true } | { clusters: NamedReplicas[] };
    }
);

export class FederationCaseError extends Error {}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const at = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

function fail(message: string): never {
  throw new FederationCaseError(message);
}

function present(o: Obj, key: string, path: string): unknown {
  if (o[key] === undefined) fail(`missing field "${at(path, key)}"`);
  return o[key];
}

function str(o: Obj, key: string, path: string): string {
  const v = present(o, key, path);
  if (typeof v !== 'string') fail(`field "${at(path, key)}" must be a string`);
  return v;
}

function obj(o: Obj, key: string, path: string): Obj {
  const v = present(o, key, path);
  if (!isObj(v)) fail(`field "${at(path, key)}" must be an object`);
  return v;
}

function arr(o: Obj, key: string, path: string): unknown[] {
  const v = present(o, key, path);
  if (!Array.isArray(v)) fail(`field "${at(path, key)}" must be an array`);
  return v;
}

/** A whole number of replicas (or a weight), 0..MAX_COUNT; `fallback` when absent. */
function count(o: Obj, key: string, path: string, fallback?: number): number {
  const v = o[key];
  if (v === undefined && fallback !== undefined) return fallback;
  present(o, key, path);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_COUNT) {
    fail(`field "${at(path, key)}" must be a whole number from 0 to ${MAX_COUNT}`);
  }
  return v;
}

/** Priorities are only compared, so negative values are fine. */
function priority(o: Obj, path: string): number {
  const v = o.priority;
  if (v === undefined) return 0;
  if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > MAX_COUNT) {
    fail(`field "${at(path, 'priority')}" must be an integer from -${MAX_COUNT} to ${MAX_COUNT}`);
  }
  return v;
}

function oneOf<T extends string>(o: Obj, key: string, allowed: readonly T[], fallback?: T): T {
  const v = o[key];
  if (v === undefined && fallback !== undefined) return fallback;
  const s = str(o, key, '');
  if (!(allowed as readonly string[]).includes(s)) {
    fail(`field "${key}" must be one of ${allowed.join(', ')} (got "${s}")`);
  }
  return s as T;
}

/** A list of objects with unique string names, each read by `read`. */
function namedList<T>(o: Obj, key: string, path: string, read: (e: Obj, p: string) => T): T[] {
  const seen = new Set<string>();
  return arr(o, key, path).map((e, i) => {
    const p = at(at(path, key), i);
    if (!isObj(e)) fail(`field "${p}" must be an object`);
    const name = str(e, 'name', p);
    if (seen.has(name)) fail(`field "${p}.name": duplicate name "${name}"`);
    seen.add(name);
    return read(e, p);
  });
}

function traits(e: Obj, p: string) {
  return {
    name: e.name as string,
    weight: count(e, 'weight', p, 0),
    priority: priority(e, p),
    availableReplicas: count(e, 'availableReplicas', p, 0),
  };
}

function bounds(e: Obj, p: string) {
  return { minReplicas: count(e, 'minReplicas', p), maxReplicas: count(e, 'maxReplicas', p) };
}

const replicasOf = (e: Obj, p: string): NamedReplicas => ({
  name: e.name as string,
  replicas: count(e, 'replicas', p),
});

const boundsOf = (e: Obj, p: string): NamedBounds => ({ name: e.name as string, ...bounds(e, p) });

function federatedBounds(raw: Obj) {
  const federatedMinReplicas = count(raw, 'federatedMinReplicas', '');
  const federatedMaxReplicas = count(raw, 'federatedMaxReplicas', '');
  if (federatedMinReplicas < 1) fail('field "federatedMinReplicas" must be at least 1');
  if (federatedMaxReplicas < federatedMinReplicas) {
    fail(
      `field "federatedMaxReplicas" must be at least federatedMinReplicas (${federatedMinReplicas})`,
    );
  }
  return { federatedMinReplicas, federatedMaxReplicas };
}

/** Read a federation case from a parsed JSON object that has a `kind`; throws FederationCaseError. */
export function toFederationCase(raw: Obj): FederationCase {
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(FEDERATION_KINDS as readonly string[]).includes(kind)) {
    fail(
      `field "kind" must be one of ${FEDERATION_KINDS.join(', ')} (got ${JSON.stringify(kind)})`,
    );
  }
  const name = str(raw, 'name', '');
  const expected = obj(raw, 'expected', '');
  switch (kind as FederationKind) {
    case 'assign': {
      const policy = oneOf(raw, 'policy', SEED_POLICIES);
      const f = federatedBounds(raw);
      const scalingToZero = raw.scalingToZero ?? false;
      if (typeof scalingToZero !== 'boolean') fail('field "scalingToZero" must be a boolean');
      return {
        name,
        kind: 'assign',
        input: {
          policy,
          ...f,
          scalingToZero,
          clusters: namedList(raw, 'clusters', '', traits),
          resourceBinding: namedList(raw, 'resourceBinding', '', replicasOf),
        },
        expected: {
          clusters: namedList(expected, 'clusters', 'expected', boundsOf),
          resourceBinding: namedList(expected, 'resourceBinding', 'expected', replicasOf),
        },
      };
    }
    case 'optimize': {
      const policy = oneOf(raw, 'policy', SEED_POLICIES);
      const clusters = namedList(raw, 'clusters', '', (e, p) => {
        const c = {
          ...traits(e, p),
          currentReplicas: count(e, 'currentReplicas', p),
          maxReplicas: count(e, 'maxReplicas', p),
        };
        if (c.maxReplicas < c.currentReplicas) {
          fail(`field "${p}.maxReplicas" must be at least currentReplicas (${c.currentReplicas})`);
        }
        return c;
      });
      return {
        name,
        kind: 'optimize',
        policy,
        clusters,
        expected: {
          clusters: namedList(expected, 'clusters', 'expected', (e, p) => ({
            name: e.name as string,
            maxReplicas: count(e, 'maxReplicas', p),
          })),
        },
      };
    }
    case 'failover': {
      const policy = oneOf(raw, 'policy', SEED_POLICIES);
      const f = federatedBounds(raw);
      const clusters = namedList(raw, 'clusters', '', (e, p) => ({
        ...traits(e, p),
        ...bounds(e, p),
      }));
      const failedCluster = str(raw, 'failedCluster', '');
      if (!clusters.some((c) => c.name === failedCluster)) {
        fail(`field "failedCluster": "${failedCluster}" is not one of the clusters`);
      }
      return {
        name,
        kind: 'failover',
        input: { policy, ...f, clusters, failedCluster },
        expected: { clusters: namedList(expected, 'clusters', 'expected', boundsOf) },
      };
    }
    case 'scaleToZero': {
      const policy = oneOf(raw, 'policy', SEED_POLICIES);
      const federatedMinReplicas = count(raw, 'federatedMinReplicas', '');
      if (federatedMinReplicas < 1) fail('field "federatedMinReplicas" must be at least 1');
      const zeroed = arr(expected, 'zeroed', 'expected').map((z, i) => {
        if (typeof z !== 'string') fail(`field "expected.zeroed[${i}]" must be a string`);
        return z;
      });
      return {
        name,
        kind: 'scaleToZero',
        policy,
        federatedMinReplicas,
        clusters: namedList(raw, 'clusters', '', (e, p) => ({
          ...traits(e, p),
          ...bounds(e, p),
          replicas: count(e, 'replicas', p),
        })),
        expected: { zeroed },
      };
    }
    case 'scaleFromZero': {
      const policy = oneOf(raw, 'policy', SEED_POLICIES);
      return {
        name,
        kind: 'scaleFromZero',
        policy,
        clusters: namedList(raw, 'clusters', '', (e, p) => ({
          ...traits(e, p),
          ...bounds(e, p),
          replicas: count(e, 'replicas', p),
        })),
        expected: { restarted: namedList(expected, 'restarted', 'expected', replicasOf) },
      };
    }
    case 'divide': {
      const strategy = oneOf(raw, 'strategy', DIVISION_STRATEGIES);
      const tieBreak = oneOf(raw, 'tieBreak', ['ascending', 'descending'] as const, 'ascending');
      const input: DivisionInput = {
        strategy,
        replicas: count(raw, 'replicas', ''),
        tieBreak,
        clusters: namedList(raw, 'clusters', '', (e, p) => ({
          name: e.name as string,
          weight: count(e, 'weight', p, 0),
          availableReplicas: count(e, 'availableReplicas', p, 0),
          previousReplicas: count(e, 'previousReplicas', p, 0),
        })),
      };
      const unschedulable = expected.unschedulable ?? false;
      if (typeof unschedulable !== 'boolean') {
        fail('field "expected.unschedulable" must be a boolean');
      }
      if (unschedulable) return { name, kind: 'divide', input, expected: { unschedulable: true } };
      return {
        name,
        kind: 'divide',
        input,
        expected: { clusters: namedList(expected, 'clusters', 'expected', replicasOf) },
      };
    }
  }
}
