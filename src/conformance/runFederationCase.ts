// Running a federation case through src/engine/federation and comparing with its `expected`.
// Cluster lists are compared as name-keyed maps (the spec allows it; presence or absence of a
// name still counts), so a difference reads "clusters.m1.maxReplicas: expected 8, got 7".
// `zeroed` is a sequence (one cluster per sync) and is compared in order.

import {
  assign,
  divideReplicas,
  failover,
  optimize,
  scaleFromZero,
  scaleToZero,
} from '../engine/federation/index.ts';
import type { FederationCase } from './federationCase.ts';
import { firstDifference } from './runCase.ts';

/** The engine's answer, in the shape of the case's `expected`. */
export function runFederationCase(c: FederationCase): Record<string, unknown> {
  switch (c.kind) {
    case 'assign':
      return { ...assign(c.input) };
    case 'optimize':
      return { clusters: optimize(c.policy, c.clusters) };
    case 'failover':
      return { clusters: failover(c.input) };
    case 'scaleToZero':
      return { zeroed: scaleToZero(c.policy, c.federatedMinReplicas, c.clusters) };
    case 'scaleFromZero':
      return { restarted: scaleFromZero(c.policy, c.clusters) };
    case 'divide': {
      const r = divideReplicas(c.input);
      return r.unschedulable ? { unschedulable: true } : { clusters: r.clusters };
    }
  }
}

/** Lists of named entries become name-keyed maps of the remaining fields. */
function keyed(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, list] of Object.entries(v)) {
    if (!Array.isArray(list) || list.some((e) => typeof e !== 'object' || e === null)) {
      out[k] = list;
      continue;
    }
    // No prototype: a cluster may be called "__proto__" or "constructor".
    const map: Record<string, unknown> = Object.create(null);
    for (const { name, ...rest } of list as { name: string }[]) map[name] = rest;
    out[k] = map;
  }
  return out;
}

/** First difference between expected and actual, or null when the case conforms. */
export function checkFederationCase(
  c: FederationCase,
  actual: Record<string, unknown> = runFederationCase(c),
) {
  return firstDifference(keyed(c.expected), keyed(actual));
}
