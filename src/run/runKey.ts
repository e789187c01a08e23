// One key format for every run of a scenario, from the run service through the worker, the
// store's focus, the explanation and the CLI. A single cluster: `main` (the HPA's run) and each
// variant's name. A multi-cluster scenario: `MODEL/MEMBER` for a member cluster (its member HPA's
// decisions, proposal model) and `MODEL/total` for the sum over the members (the shipped model's
// central FederatedHPA decides it). Names are DNS labels, so a variant name never holds '/', and
// a cluster may not be named `total` (scenario/simulation/federation.ts refuses it, located).

import type { FederationModel } from '../engine/multicluster/index.ts';

export type RunKey = string;

/** hpa: the scenario's HPA; variant: a spec.variants entry; member/total: a federation model's. */
export type RunKind = 'hpa' | 'variant' | 'member' | 'total';

/** The HPA's own run. */
export const MAIN_RUN: RunKey = 'main';

/** The total's place in a model's keys. */
export const TOTAL_MEMBER = 'total';

/** A member cluster's (or, member null, the total's) run of one federation model. */
export interface MemberRef {
  model: FederationModel;
  /** the member cluster, or null for the total (the central FederatedHPA's decisions) */
  member: string | null;
}

export function memberKey(model: FederationModel, member: string | null): RunKey {
  return `${model}/${member ?? TOTAL_MEMBER}`;
}

/** The member run a key names, or null for any other key ('main', a variant's name). */
export function parseMemberKey(key: RunKey): MemberRef | null {
  const slash = key.indexOf('/');
  if (slash < 0) return null;
  const model = key.slice(0, slash);
  if (model !== 'proposal' && model !== 'shipped') return null;
  const member = key.slice(slash + 1);
  if (member === '' || member.includes('/')) return null;
  return { model, member: member === TOTAL_MEMBER ? null : member };
}

/** The word the CLI's JSON and reporters print for a kind (their format predates the kinds). */
export function runRole(kind: RunKind): 'hpa' | 'variant' | 'cluster' {
  return kind === 'member' || kind === 'total' ? 'cluster' : kind;
}

/**
 * The run a view shows when it shows one: the HPA's, or for a multi-cluster scenario the first
 * model's total (every member and total of a model share its clock).
 */
export function primaryRun<T extends { kind: RunKind }>(runs: readonly T[]): T | undefined {
  return runs.find((r) => r.kind === 'hpa' || r.kind === 'total') ?? runs[0];
}
