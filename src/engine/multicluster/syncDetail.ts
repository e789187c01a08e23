// One decision of a multi-cluster run, as the single-cluster explanation reads it: a member
// HPA's sync (proposal model: its own pods, within the min/max the control plane had assigned
// when it ran) or the central FederatedHPA's (shipped model: the union of the Ready members'
// pods). The record, the HPA it was decided against, and the run whose kubectl events it logged.
// A compact run rebuilds it from the nearest snapshot (the model's loop from there, never the
// whole run); the result equals the full recording's (replay.test.ts).

import type { HorizontalPodAutoscaler } from '../controller/index.ts';
import type { SimulationInput } from '../simulation/input.ts';
import type { PlaneSync } from '../simulation/plane.ts';
import { syncRecord } from '../simulation/recorder.ts';
import { replaySync, syncDetail } from '../simulation/replay.ts';
import type { ReplayIndex, SimulationResult, SyncRecord } from '../simulation/result.ts';
import type { Member } from './member.ts';
import { centralRecord } from './record.ts';
import type { ClusterEvent, FederationRun } from './result.ts';
import { federationSimulation } from './simulateFederation.ts';

export interface FederationSyncDetail {
  sync: SyncRecord;
  hpa: HorizontalPodAutoscaler;
  /** the run whose event log holds this controller's kubectl events */
  result: SimulationResult;
  /** the member cluster, or null for the central FederatedHPA */
  member: string | null;
}

/** A decision and the HPA it was decided against. */
export interface Decision {
  sync: SyncRecord;
  hpa: HorizontalPodAutoscaler;
}

/**
 * `member` null: the central FederatedHPA (shipped model only). A member with no record at k (it
 * had no HPA, was failed, or the model is shipped) has no detail: null.
 */
export function federationSyncDetail(
  input: SimulationInput,
  run: FederationRun,
  member: string | null,
  k: number,
): FederationSyncDetail | null {
  const m = member === null ? null : run.members.find((x) => x.name === member);
  if (m === undefined) return null;
  const result = m === null ? run.total : m.result;
  if (run.record === 'full') {
    if (m === null) {
      const sync = run.central?.[k];
      const hpa = run.centralHpas?.[k] ?? input.hpa;
      return sync ? { sync, hpa, result, member: null } : null;
    }
    const sync = m.syncs[k];
    const hpa = m.hpas[k];
    return sync && hpa ? { sync, hpa, result, member } : null;
  }
  const d = run.replay && replayedDecision(input, run.replay, member, k);
  return d ? { ...d, result, member } : null;
}

/**
 * The decision behind sync k of any compact or full run's result, from the result alone: the
 * one cluster's HPA, or the member HPA or central FederatedHPA its replay index names. Null out
 * of range, or where that controller did not run.
 */
export function decisionAt(
  input: SimulationInput,
  result: SimulationResult,
  k: number,
): Decision | null {
  const replay = result.replay;
  if (result.syncs !== null || replay?.of.kind === 'hpa') {
    const sync = syncDetail(input, result, k);
    return sync ? { sync, hpa: input.hpa } : null;
  }
  if (!replay || replay.of.kind !== 'federation') return null;
  return replayedDecision(input, replay, replay.of.member, k);
}

/** Sync k of a multi-cluster model, run in full from the nearest snapshot before it. */
function replayedDecision(
  input: SimulationInput,
  replay: ReplayIndex,
  member: string | null,
  k: number,
): Decision | null {
  const f = input.federation;
  if (!f || replay.of.kind !== 'federation' || !Number.isInteger(k) || k < 0) return null;
  const events: ClusterEvent[] = [];
  const { simulation, members } = federationSimulation(input, f, replay.of.model, events);
  if (k >= simulation.syncCount) return null;
  const did = replaySync(simulation, replay, k);
  return decisionOf(did, members, member, k * input.controller.syncPeriodSeconds);
}

/** A member's record, or the central one over the union of the reachable members' pods. */
function decisionOf(
  did: PlaneSync,
  members: Member[],
  member: string | null,
  t: number,
): Decision | null {
  if (member === null) {
    if (!did.central) return null;
    const pods = { ready: 0, running: 0, pending: 0, terminating: 0 };
    for (const m of members) {
      if (m.failed) continue;
      const p = m.cluster.podCounts(t);
      pods.ready += p.ready;
      pods.running += p.running;
      pods.pending += p.pending;
      pods.terminating += p.terminating;
    }
    const { step, replicas, hpa } = did.central;
    return { sync: centralRecord(step, replicas, pods, hpa), hpa };
  }
  const i = members.findIndex((m) => m.name === member);
  const ran = i < 0 ? null : did.members[i];
  return ran ? { sync: syncRecord(ran.step, members[i]!.cluster, ran.hpa), hpa: ran.hpa } : null;
}
