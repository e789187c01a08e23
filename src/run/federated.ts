// Multi-cluster scenarios in the run service: one plan per member cluster and one for the total,
// per model (kinds `member` and `total`, keys `proposal/east`, `proposal/total`, `shipped/east`, …), so callers
// keep iterating `runs`. The members of one model share one simulation: it runs once per input
// and model and every run of that model reads its part.

import {
  federationSyncDetail,
  federationToCsv,
  simulateFederation,
  type FederationModel,
  type FederationOutcome,
  type FederationRun,
  type FederationSyncDetail,
} from '../engine/multicluster/index.ts';
import type { SimulationInput } from '../engine/simulation/index.ts';
import { memberGroup, memberKey, parseMemberKey } from './runKey.ts';
import { DEFAULT_MAX_WORK } from '../scenario/index.ts';
import { failed, modelBudgets } from './budgets.ts';
import type { MemberLanes, RunPlan, RunResult, TotalLanes } from './types.ts';

export type FederationDecision = FederationSyncDetail;

type RecordLevel = 'compact' | 'full';
const cache = new WeakMap<SimulationInput, Map<string, FederationOutcome>>();

/**
 * The runs of a multi-cluster scenario: per model, every member then the total. A variant's
 * (`variant` its name and place in spec.variants from 1, `input` its own) are keyed and grouped
 * under its name, labelled with it; a cluster keeps its colour in every group, each total has
 * its own (the comparison draws the totals side by side).
 */
export function planFederation(
  input: SimulationInput,
  name: string,
  variant?: { name: string; index: number },
): RunPlan[] {
  const f = input.federation;
  if (!f) return [];
  const runs: RunPlan[] = [];
  const v = variant?.name;
  const tag = v === undefined ? '' : `, ${v}`;
  const ref = (model: FederationModel, member: string | null) => ({
    model,
    member,
    ...(v === undefined ? {} : { variant: v }),
  });
  for (const model of f.models) {
    const group = memberGroup(model, v);
    f.clusters.forEach((c, i) =>
      runs.push({
        key: memberKey(model, c.name, v),
        kind: 'member',
        group,
        label: `${c.name} (${model}${tag})`,
        colour: i,
        input,
        federation: ref(model, c.name),
      }),
    );
    runs.push({
      key: memberKey(model, null, v),
      kind: 'total',
      group,
      label: `${v ?? name}: total (${model})`,
      colour: f.clusters.length + (variant?.index ?? 0),
      input,
      federation: ref(model, null),
    });
  }
  return runs;
}

/**
 * One model's multi-cluster run of `input`, simulated once and shared by its plans. `record`
 * 'full' also keeps every controller decision (`cli run --explain`); a full run answers a compact
 * request too. An explanation needs no full run: a compact one replays a decision from its
 * nearest snapshot (federationDecision).
 */
export function runFederated(
  input: SimulationInput,
  model: FederationModel,
  shouldStop?: () => boolean,
  record: RecordLevel = 'compact',
  workBudget?: number,
): FederationOutcome {
  let byModel = cache.get(input);
  if (!byModel) cache.set(input, (byModel = new Map()));
  const hit = byModel.get(`${model}/full`) ?? (record === 'compact' ? byModel.get(model) : null);
  if (hit) return hit;
  // Every model's run is bounded: without a budget, its share of the default one (budgets.ts).
  const budget =
    workBudget ??
    modelBudgets(input, DEFAULT_MAX_WORK)[input.federation?.models.indexOf(model) ?? 0] ??
    DEFAULT_MAX_WORK;
  const outcome = simulateFederation(input, model, {
    record,
    ...(shouldStop ? { shouldStop } : {}),
    workBudget: budget,
  });
  // A cancelled or stopped run is not an answer to keep.
  if (outcome.ok) byModel.set(record === 'full' ? `${model}/full` : model, outcome);
  return outcome;
}

export function executeFederatedRun(
  plan: RunPlan,
  shouldStop?: () => boolean,
  workBudget?: number,
): RunResult {
  const { model, member } = plan.federation!;
  const outcome = runFederated(plan.input, model, shouldStop, 'compact', workBudget);
  if (!outcome.ok) return failed(plan, outcome);
  const run = outcome.run;
  if (member === null)
    return {
      ...plan,
      ok: true,
      result: run.total,
      lanes: totalLanes(plan.input, run),
      modelRun: run,
    };
  const m = run.members.find((x) => x.name === member);
  return m
    ? { ...plan, ok: true, result: m.result, lanes: memberLanes(plan.input, run, m), modelRun: run }
    : { ...plan, ok: false, error: `no member cluster '${member}'`, result: null };
}

/** Each member's share of the demand at each sync (NaN where there is none to share). */
function shareOf(member: Float64Array, total: Float64Array): Float64Array {
  const out = new Float64Array(member.length);
  for (let k = 0; k < member.length; k++)
    out[k] = total[k]! > 0 && Number.isFinite(member[k]!) ? member[k]! / total[k]! : NaN;
  return out;
}

/** A member's lanes: its cluster's shape from the input, the rest the model's run recorded. */
export function memberLanes(
  input: SimulationInput,
  run: FederationRun,
  m: FederationRun['members'][number],
): MemberLanes {
  const c = input.federation?.clusters.find((x) => x.name === m.name);
  return {
    kind: 'member',
    capacityPods: c?.capacityPods ?? null,
    weight: c?.weight ?? 0,
    priority: c?.priority ?? 0,
    unschedulable: m.unschedulable,
    minReplicas: m.minReplicas,
    maxReplicas: m.maxReplicas,
    failed: m.failed,
    demandShare: shareOf(m.result.series.demand, run.total.series.demand),
  };
}

/** A model's total lanes: its policy (proposal) or strategy (shipped) and its cluster events. */
export function totalLanes(input: SimulationInput, run: FederationRun): TotalLanes {
  const f = input.federation!;
  return {
    kind: 'total',
    model: run.model,
    policy: run.model === 'proposal' ? f.policy : f.strategy,
    events: run.events,
  };
}

/**
 * The decision a focused-run key names at sync k: a member HPA's (proposal) or the central
 * FederatedHPA's (shipped), read from the model's run `run` carries (`modelRun`); null when the
 * key names none or there is no record. A compact run replays it from its nearest snapshot: the
 * model is never simulated again.
 */
export function runDecision(
  run: Pick<RunResult, 'input' | 'key'> & { modelRun?: FederationRun },
  k: number,
): FederationDecision | null {
  const d = parseMemberKey(run.key);
  if (!d || !run.modelRun || run.modelRun.model !== d.model) return null;
  return federationSyncDetail(run.input, run.modelRun, d.member, k);
}

/**
 * The decision a focused-run key names at sync k, by input: as `runDecision`, with the model's
 * run looked up in the cache (simulated once if it is not there; a compact run replays the
 * decision from its nearest snapshot).
 */
export function federationDecision(
  input: SimulationInput,
  key: string,
  k: number,
): FederationDecision | null {
  const d = parseMemberKey(key);
  if (!d || !input.federation?.models.includes(d.model)) return null;
  const outcome = runFederated(input, d.model);
  return outcome.ok ? federationSyncDetail(input, outcome.run, d.member, k) : null;
}

/** Every model's series as the app's and the CLI's CSV (engine/multicluster/exportCsv.ts). */
export function federationCsv(input: SimulationInput): string | null {
  const runs: FederationRun[] = [];
  for (const model of input.federation?.models ?? []) {
    const outcome = runFederated(input, model);
    if (!outcome.ok) return null;
    runs.push(outcome.run);
  }
  return runs.length > 0 ? federationToCsv(runs) : null;
}
