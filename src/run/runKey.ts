// One key format for every run of a scenario, from the run service through the worker, the
// store's focus, the explanation and the CLI. A single cluster: `main` (the HPA's run) and each
// variant's name. A multi-cluster scenario: `MODEL/MEMBER` for a member cluster (its member HPA's
// decisions, proposal model) and `MODEL/total` for the sum over the members (the shipped model's
// central FederatedHPA decides it); a variant of it prefixes its name, `VARIANT:MODEL/MEMBER`.
// Names are DNS labels, so a variant name never holds '/' or ':', and a cluster may not be named
// `total` (scenario/simulation/federation.ts refuses it, located).

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
  /** the variant (spec.variants) whose federation this is; absent: the HPA's own */
  variant?: string;
}

export function memberKey(model: FederationModel, member: string | null, variant?: string): RunKey {
  return `${variant === undefined ? '' : `${variant}:`}${model}/${member ?? TOTAL_MEMBER}`;
}

/** The group a federation model's runs are drawn with: the model, or `VARIANT:MODEL`. */
export function memberGroup(model: FederationModel, variant?: string): string {
  return variant === undefined ? model : `${variant}:${model}`;
}

/** The member run a key names, or null for any other key ('main', a variant's name). */
export function parseMemberKey(key: RunKey): MemberRef | null {
  const colon = key.indexOf(':');
  const variant = colon < 0 ? undefined : key.slice(0, colon);
  if (variant === '') return null;
  const rest = colon < 0 ? key : key.slice(colon + 1);
  const slash = rest.indexOf('/');
  if (slash < 0) return null;
  const model = rest.slice(0, slash);
  if (model !== 'proposal' && model !== 'shipped') return null;
  const member = rest.slice(slash + 1);
  if (member === '' || member.includes('/') || member.includes(':')) return null;
  return {
    model,
    member: member === TOTAL_MEMBER ? null : member,
    ...(variant === undefined ? {} : { variant }),
  };
}

/** The variant a run belongs to (its own, or a multi-cluster variant's member), null: the HPA's. */
export function variantOf(run: { key: RunKey; kind: RunKind }): string | null {
  if (run.kind === 'variant') return run.key;
  if (run.kind === 'hpa') return null;
  return parseMemberKey(run.key)?.variant ?? null;
}

/** The word the CLI's JSON and reporters print for a kind (their format predates the kinds). */
export function runRole(kind: RunKind): 'hpa' | 'variant' | 'cluster' {
  return kind === 'member' || kind === 'total' ? 'cluster' : kind;
}

/**
 * The run a view shows when it shows one: the HPA's, or for a multi-cluster scenario the first
 * model's total (every member and total of a model share its clock); never a variant's.
 */
export function primaryRun<T extends { kind: RunKind }>(runs: readonly T[]): T | undefined {
  return runs.find((r) => r.kind === 'hpa' || r.kind === 'total') ?? runs[0];
}

/**
 * The runs a comparison lists, one per HPA: the HPA and its variants; for a multi-cluster
 * scenario the first model's total of the HPA and of each variant (a variant × federation run is
 * compared by its total, its members drawn on the cluster lanes).
 */
export function comparedRuns<T extends { key: RunKey; kind: RunKind }>(runs: readonly T[]): T[] {
  const first = runs.find((r) => r.kind === 'total');
  if (!first) return runs.filter((r) => r.kind === 'hpa' || r.kind === 'variant');
  const model = parseMemberKey(first.key)!.model;
  return runs.filter((r) => r.kind === 'total' && parseMemberKey(r.key)?.model === model);
}
