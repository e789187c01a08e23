// Which controller decisions a multi-cluster model has, and how the explanation names them (pure,
// tested without a DOM): the proposal model's member HPAs, the shipped model's central
// FederatedHPA; and why a member has no decision at a sync (failed, or no HPA assigned).

import { memberKey, type MemberRef } from '../../run/runKey.ts';
import type { ExplainedRun } from '../explain/index.ts';
import type { FederationModelView } from '../../store/index.ts';

/** The decisions of one model, for the explanation's run switch. */
export function decisionRuns(model: FederationModelView, hpaName: string): ExplainedRun[] {
  const v = model.variant;
  if (model.model === 'shipped')
    return [{ key: memberKey('shipped', null, v), name: centralName(hpaName, v), role: 'hpa' }];
  return model.clusters.map((c) => ({
    key: memberKey('proposal', c.name, v),
    name: `${c.name}'s member HPA${v === undefined ? '' : ` (${v})`}`,
    role: 'cluster',
  }));
}

function centralName(hpaName: string, variant?: string): string {
  return `${hpaName}${variant === undefined ? '' : ` (${variant})`} as the central FederatedHPA`;
}

export function decisionTitle(d: MemberRef, hpaName: string): string {
  return d.member === null
    ? `The central FederatedHPA ${hpaName} (shipped model): one decision over the union of the Ready members' pods; the scheduler then divides the total`
    : `${d.member}'s member HPA (proposal model): its own pods, within the min/max the control plane assigned`;
}

/** The key a click on a lane focuses: that member's HPA (proposal) or the central one. */
export function laneDecision(model: FederationModelView, lane: string): string | null {
  if (model.model === 'shipped') return memberKey('shipped', null, model.variant);
  return model.clusters.some((c) => c.name === lane)
    ? memberKey('proposal', lane, model.variant)
    : null;
}

/** Why `member` made no decision at sync k (null: it did, or it is the central HPA). */
export function noDecisionReason(
  model: FederationModelView,
  member: string | null,
  k: number,
): string | null {
  if (member === null || k >= model.time.length) return null;
  const c = model.clusters.find((x) => x.name === member);
  if (!c) return `No cluster ${member} in this run.`;
  if (c.failed[k]) return `${member} is failed at this sync: unreachable, its HPA does not run.`;
  if (Number.isNaN(c.maxReplicas[k]!))
    return `${member} has no HPA at this sync (the control plane assigned it no replicas), so there is no decision to explain.`;
  return null;
}
