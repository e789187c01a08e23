// `run` and `check` on multi-cluster scenarios: each model's run (proposal, shipped) as a table
// of clusters and the total, its cluster events, JSON with per-cluster series, or CSV rows per
// cluster and sync.

import type { FederationRun, MemberRun } from '../engine/multicluster/index.ts';
import type { SimulationInput, SimulationResult } from '../engine/simulation/index.ts';
import { runFederated } from '../run/index.ts';
import { kpiLines } from './format.ts';

export type FederatedRuns = { ok: true; runs: FederationRun[] } | { ok: false; error: string };

/** Every model the scenario asks for, in its order. */
export function runAllModels(input: SimulationInput): FederatedRuns {
  const runs: FederationRun[] = [];
  for (const model of input.federation!.models) {
    const o = runFederated(input, model);
    if (!o.ok) return { ok: false, error: `${model} model: ${o.error}` };
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
      rows.push(
        row(m.name, m.result, band(m), c.capacityPods === null ? '-' : String(c.capacityPods)),
      );
    });
    rows.push(row('total', run.total, '-', '-'));
    out.push(...pad(rows).map((l) => `  ${l}`));
    out.push(...kpiLines(run.total).map((l) => `  total: ${l}`));
    out.push('  cluster events:');
    for (const e of run.events) {
      out.push(`    ${e.time}s ${e.kind} [${e.rule}] ${e.message}`);
      if (explain) for (const s of e.steps) out.push(`        ${s}`);
    }
    out.push('');
  }
  return out.join('\n');
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

export function federationJson(name: string, input: SimulationInput, runs: FederationRun[]) {
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
      total: { kpis: run.total.kpis, series: seriesJson(run.total) },
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
      })),
      events: run.events,
    })),
  };
}

export function federationCsv(runs: FederationRun[]): string {
  const lines = [
    'model,cluster,time,specReplicas,readyReplicas,pendingReplicas,minReplicas,maxReplicas,failed,demand,served',
  ];
  const v = (x: number) => (Number.isFinite(x) ? String(x) : '');
  for (const run of runs) {
    const parts: [string, SimulationResult, MemberRun | null][] = [
      ...run.members.map((m): [string, SimulationResult, MemberRun] => [m.name, m.result, m]),
      ['total', run.total, null],
    ];
    for (const [name, r, m] of parts) {
      const s = r.series;
      for (let k = 0; k < s.time.length; k++)
        lines.push(
          [
            run.model,
            name,
            v(s.time[k]!),
            v(s.specReplicas[k]!),
            v(s.readyReplicas[k]!),
            v(s.pendingReplicas[k]!),
            m ? v(m.minReplicas[k]!) : '',
            m ? v(m.maxReplicas[k]!) : '',
            m ? String(m.failed[k]) : '',
            v(s.demand[k]!),
            v(s.served[k]!),
          ].join(','),
        );
    }
  }
  return lines.join('\n');
}
