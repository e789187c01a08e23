// `run` and `check` on multi-cluster scenarios: each model's run (proposal, shipped) as a table
// of clusters and the total, its cluster events, JSON with per-cluster series, or the CSV the
// app exports (a row per model and sync, columns per cluster). With --explain, every controller
// decision too: each member HPA's (proposal) or the central FederatedHPA's (shipped), with the
// same notes on the seed documents the app's decision chain shows, and each cluster's
// control-plane events beside them.

import type { HorizontalPodAutoscaler } from '../engine/controller/index.ts';
import {
  federationToCsv,
  type ClusterEvent,
  type FederationRun,
  type MemberRun,
} from '../engine/multicluster/index.ts';
import type { SimulationInput, SimulationResult, SyncRecord } from '../engine/simulation/index.ts';
import { seedNotes } from '../engine/simulation/seedNotes.ts';
import { modelBudgets, overrunError, runFederated, type RunPlan } from '../run/index.ts';
import { DEFAULT_MAX_WORK, type InputFieldLocation } from '../scenario/index.ts';
import { currentParseOptions } from './loadScenario.ts';
import { nodeEventLines, nodeKpiLines } from '../engine/nodes/explain.ts';
import { clock, kpiLines, noteLines, nodesJson } from './format.ts';

export type FederatedRuns =
  | { ok: true; runs: FederationRun[] }
  | { ok: false; error: string; at?: InputFieldLocation | null };

/**
 * Every model the scenario asks for, in its order (`full`: with every controller decision). Each
 * model's run spends at most its plan's share of the work budget (`plans`, planParsed's: a stop
 * names the field behind its cost); without plans, the command's --max-work (or the default)
 * shared the same way.
 */
export function runAllModels(
  input: SimulationInput,
  full = false,
  plans?: readonly RunPlan[],
): FederatedRuns {
  const runs: FederationRun[] = [];
  const models = input.federation!.models;
  const own = models.map((m) => plans?.find((p) => p.federation?.model === m));
  const shares = own.every((p) => p?.workBudget !== undefined)
    ? own.map((p) => p!.workBudget!)
    : modelBudgets(input, currentParseOptions().maxWork ?? DEFAULT_MAX_WORK);
  for (const [i, model] of models.entries()) {
    const o = runFederated(input, model, undefined, full ? 'full' : 'compact', shares[i]);
    if (!o.ok) {
      const failure = o.overrun ? overrunError(o.overrun, own[i]?.inputFields) : null;
      return failure
        ? { ok: false, error: `${model} model: ${failure.error}`, at: failure.at }
        : { ok: false, error: `${model} model: ${o.error}` };
    }
    runs.push(o.run);
  }
  return { ok: true, runs };
}

const last = (a: ArrayLike<number>) => (a.length ? a[a.length - 1]! : NaN);
const band = (m: MemberRun) => {
  const lo = last(m.minReplicas);
  const hi = last(m.maxReplicas);
  return Number.isNaN(hi) ? '-' : `${lo}/${hi}`;
};

function heading(input: SimulationInput, run: FederationRun): string {
  const f = input.federation!;
  return run.model === 'proposal'
    ? `proposal model (seed design), policy ${f.policy}`
    : `shipped model (Karmada FederatedHPA + karmada-scheduler), strategy ${f.strategy}`;
}

function pad(cells: string[][]): string[] {
  const widths = cells[0]!.map((_, j) => Math.max(...cells.map((r) => r[j]!.length)));
  return cells.map((r) =>
    r.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  '),
  );
}

export function federationTable(
  name: string,
  input: SimulationInput,
  runs: FederationRun[],
  explain: boolean,
): string {
  const out: string[] = [];
  for (const run of runs) {
    out.push(`${name}: ${heading(input, run)}`);
    const row = (label: string, r: SimulationResult, b: string, cap: string) => [
      label,
      cap,
      b,
      String(r.kpis.finalReplicas),
      String(r.kpis.peakReplicas),
      String(r.kpis.podHours),
      String(r.kpis.overloadSeconds),
    ];
    const rows = [['cluster', 'capacity', 'min/max', 'final', 'peak', 'pod-hours', 'overloaded s']];
    run.members.forEach((m, i) => {
      const c = input.federation!.clusters[i]!;
      const cap = c.nodes ? 'nodes' : c.capacityPods === null ? '-' : String(c.capacityPods);
      rows.push(row(m.name, m.result, band(m), cap));
    });
    rows.push(row('total', run.total, '-', '-'));
    out.push(...pad(rows).map((l) => `  ${l}`));
    // Each member's own nodes, then the total (its kpiLines add the members' nodes up).
    for (const m of run.members)
      if (m.result.nodes) out.push(...nodeKpiLines(m.result.nodes).map((l) => `  ${m.name}: ${l}`));
    out.push(...kpiLines(run.total).map((l) => `  total: ${l}`));
    if (explain && run.total.nodes && run.total.nodes.events.length > 0)
      out.push('  node events:', ...nodeEventLines(run.total.nodes).map((l) => `    ${l}`));
    out.push('  cluster events:');
    for (const e of run.events) {
      out.push(`    ${e.time}s ${e.kind} [${e.rule}] ${e.message}`);
      if (explain) for (const s of e.steps) out.push(`        ${s}`);
    }
    if (explain) out.push(...decisionLines(input, run));
    out.push('');
  }
  return out.join('\n');
}

const INDENT = '    ';

function syncLine(x: SyncRecord, bounds: string | null): string {
  const rep = x.rescaled ? `${x.currentReplicas}→${x.replicas}` : String(x.replicas);
  const cells = [clock(x.time), rep.padEnd(8), String(x.desiredReplicas).padEnd(7)];
  cells.push(String(x.pods.ready).padEnd(5));
  if (bounds !== null) cells.push(bounds.padEnd(7));
  return `${INDENT}${cells.join('  ')}  ${x.explanation}`;
}

function eventLine(e: ClusterEvent): string {
  return `${INDENT}${' '.repeat(10)}control plane: ${e.kind} [${e.rule}] ${e.message}`;
}

function notes(x: SyncRecord, hpa: HorizontalPodAutoscaler, numbers: Map<string, number>) {
  return noteLines(seedNotes(x, hpa), numbers).map((l) => INDENT + l);
}

/** Every decision of one model's controllers, the notes, and each cluster's events. */
function decisionLines(input: SimulationInput, run: FederationRun): string[] {
  const out: string[] = [];
  const numbers = new Map<string, number>();
  const touching = (name: string) => run.events.filter((e) => e.clusters.includes(name));
  if (run.central) {
    out.push(
      "  central FederatedHPA, every sync (over the union of the Ready members' pods; the template's replicas):",
      `${INDENT}time      replicas  desired  ready  explanation`,
    );
    for (const x of run.central) {
      out.push(syncLine(x, null), ...notes(x, input.hpa, numbers));
    }
    out.push('  control-plane events per cluster:');
    for (const m of run.members) {
      const events = touching(m.name);
      out.push(`  ${m.name}: ${events.length === 0 ? 'none' : ''}`.trimEnd());
      for (const e of events)
        out.push(`${INDENT}${clock(e.time)}  ${e.kind} [${e.rule}] ${e.message}`);
    }
  } else {
    out.push(
      '  member HPAs, every sync (each on its own pods, within the min/max the control plane assigned), with the control-plane events that touched the cluster:',
    );
    for (const m of run.members) out.push(...memberLines(m, touching(m.name), numbers));
  }
  if (numbers.size) {
    out.push(`  notes on the popular explanations (${numbers.size}):`);
    for (const [text, n] of numbers) out.push(`${INDENT}note ${n}: ${text}`);
  }
  return out;
}

function memberLines(m: MemberRun, events: ClusterEvent[], numbers: Map<string, number>): string[] {
  const out = [`  ${m.name}:`, `${INDENT}time      replicas  desired  ready  min/max  explanation`];
  const syncs = m.result.series.time.length;
  let e = 0;
  for (let k = 0; k < syncs; k++) {
    const x = m.syncs[k];
    const hpa = m.hpas[k];
    const here: ClusterEvent[] = [];
    while (e < events.length && events[e]!.sync <= k) here.push(events[e++]!);
    if (x && hpa) {
      const bounds = `${hpa.spec.minReplicas ?? 1}/${hpa.spec.maxReplicas}`;
      out.push(syncLine(x, bounds), ...notes(x, hpa, numbers));
    } else if (here.length > 0) {
      const why = m.failed[k] ? 'failed: no member HPA runs' : 'no member HPA';
      out.push(`${INDENT}${clock(m.result.series.time[k]!)}  ${why}`);
    }
    out.push(...here.map(eventLine));
  }
  return out;
}

const arr = (a: ArrayLike<number>) => Array.from(a, (x) => (Number.isFinite(x) ? x : null));

function seriesJson(r: SimulationResult) {
  const s = r.series;
  return {
    time: arr(s.time),
    specReplicas: arr(s.specReplicas),
    desiredReplicas: arr(s.desiredReplicas),
    readyReplicas: arr(s.readyReplicas),
    pendingReplicas: arr(s.pendingReplicas),
    terminatingReplicas: arr(s.terminatingReplicas),
    demand: arr(s.demand),
    served: arr(s.served),
    capacity: arr(s.capacity),
  };
}

/** A controller decision in JSON (`--explain`): the record, its notes and its trace. */
function syncJson(x: SyncRecord, hpa: HorizontalPodAutoscaler) {
  return {
    time: x.time,
    currentReplicas: x.currentReplicas,
    replicas: x.replicas,
    desiredReplicas: x.desiredReplicas,
    rescaled: x.rescaled,
    minReplicas: hpa.spec.minReplicas ?? 1,
    maxReplicas: hpa.spec.maxReplicas,
    conditions: x.conditions.map((c) => ({
      type: c.type,
      status: c.status,
      reason: c.reason,
      message: c.message,
    })),
    explanation: x.explanation,
    notes: seedNotes(x, hpa).map((n) => ({ id: n.id, step: n.step, text: n.text })),
    trace: x.trace,
    events: x.events,
  };
}

function memberSyncsJson(m: MemberRun) {
  const out: ReturnType<typeof syncJson>[] = [];
  m.syncs.forEach((x, k) => {
    const hpa = m.hpas[k];
    if (x && hpa) out.push(syncJson(x, hpa));
  });
  return out;
}

/**
 * `explain`: each member HPA's decisions (proposal: `clusters[].syncs`) or the central
 * FederatedHPA's (shipped: `central`), every sync with its notes on the seed documents.
 */
export function federationJson(
  name: string,
  input: SimulationInput,
  runs: FederationRun[],
  explain = false,
) {
  const f = input.federation!;
  return {
    scenario: name,
    federation: {
      models: f.models,
      policy: f.policy,
      strategy: f.strategy,
      clusters: f.clusters,
    },
    models: runs.map((run) => ({
      model: run.model,
      total: {
        kpis: run.total.kpis,
        series: seriesJson(run.total),
        ...(run.total.nodes ? { nodes: nodesJson(run.total.nodes) } : {}),
      },
      clusters: run.members.map((m) => ({
        name: m.name,
        kpis: m.result.kpis,
        series: {
          ...seriesJson(m.result),
          minReplicas: arr(m.minReplicas),
          maxReplicas: arr(m.maxReplicas),
          failed: arr(m.failed),
          unschedulable: arr(m.unschedulable),
        },
        ...(m.result.nodes ? { nodes: nodesJson(m.result.nodes) } : {}),
        ...(explain && !run.central ? { syncs: memberSyncsJson(m) } : {}),
      })),
      ...(explain && run.central
        ? { central: run.central.map((x) => syncJson(x, input.hpa)) }
        : {}),
      events: run.events,
    })),
  };
}

/** The app's export: a row per model and sync, columns per cluster then the total. */
export function federationCsv(runs: FederationRun[]): string {
  return federationToCsv(runs).trimEnd();
}
