// Output formats of `cli run`: JSON (syncs, series, KPIs), CSV (one row per sync), a table.

import type { HorizontalPodAutoscaler } from '../engine/controller/index.ts';
import type { FullSimulationResult, SimulationResult } from '../engine/simulation/index.ts';
import { seedNotes } from '../engine/simulation/seedNotes.ts';
import { nodeEventLines, nodeKpiLines } from '../engine/nodes/explain.ts';
import { KEDA_PHASES } from '../engine/keda/step.ts';

// CSV lives with the engine so the app's worker can export the same file the CLI writes.
export { resultToCsv } from '../engine/simulation/exportCsv.ts';

/**
 * `--explain` also carries, per sync, the notes on where the popular explanations differ from the
 * controller's code: the same notes, at the same syncs, as the app's decision chain (`hpa` is the
 * effective HPA the run decided against).
 */
export function resultToJson(
  name: string,
  r: FullSimulationResult,
  explain: boolean,
  hpa?: HorizontalPodAutoscaler,
): unknown {
  const s = r.series;
  const arr = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));
  return {
    scenario: name,
    durationSeconds: r.durationSeconds,
    syncPeriodSeconds: r.syncPeriodSeconds,
    kpis: r.kpis,
    ...(r.changes ? { changes: r.changes } : {}),
    syncs: r.syncs.map((x) => ({
      time: x.time,
      currentReplicas: x.currentReplicas,
      replicas: x.replicas,
      desiredReplicas: x.desiredReplicas,
      rescaled: x.rescaled,
      conditions: x.conditions.map((c) => ({
        type: c.type,
        status: c.status,
        reason: c.reason,
        message: c.message,
      })),
      explanation: x.explanation,
      pods: x.pods,
      ...(x.keda ? { keda: x.keda } : {}),
      // KEDA had deleted the HPA (a paused ScaledObject): nothing was reconciled at this sync.
      ...(x.noHpa ? { noHpa: true } : {}),
      ...(x.changes ? { changes: x.changes } : {}),
      ...(x.skipped ? { skipped: x.skipped } : {}),
      ...(x.observedGeneration !== undefined ? { observedGeneration: x.observedGeneration } : {}),
      ...(explain ? { trace: x.trace, events: x.events } : {}),
      ...(explain && hpa
        ? { notes: seedNotes(x, hpa).map((n) => ({ id: n.id, step: n.step, text: n.text })) }
        : {}),
    })),
    series: {
      time: arr(s.time),
      desiredReplicas: arr(s.desiredReplicas),
      specReplicas: arr(s.specReplicas),
      readyReplicas: arr(s.readyReplicas),
      pendingReplicas: arr(s.pendingReplicas),
      terminatingReplicas: arr(s.terminatingReplicas),
      demand: arr(s.demand),
      served: arr(s.served),
      capacity: arr(s.capacity),
      // An int32-overflowed utilization is null in `values` and its sync index is listed.
      metrics: s.metricInfo.map((info, i) => ({
        ...info,
        values: arr(s.metrics[i]!),
        overflowSyncs: overflowIndices(s.metricOverflow[i]!),
      })),
      minReplicas: s.minReplicas,
      maxReplicas: s.maxReplicas,
    },
    // Only a scenario with spec.nodes has them.
    ...(r.nodes ? { nodes: nodesJson(r.nodes) } : {}),
    ...(r.keda
      ? {
          keda: {
            version: r.keda.series.version,
            kpis: r.keda.kpis,
            phase: Array.from(r.keda.series.phase, (p) => KEDA_PHASES[p]),
            writes: arr(r.keda.series.write),
          },
        }
      : {}),
  };
}

function overflowIndices(flags: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < flags.length; i++) if (flags[i]) out.push(i);
  return out;
}

export function clock(t: number): string {
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/** An episode still open at the end has no recovery time: it is said so, with its length so far. */
function recoveryLine(r: SimulationResult['kpis']['recovery']): string {
  const head = `${r.basis === 'overload' ? 'overload' : 'above-target'} episodes ${r.count}`;
  if (r.count === 0) return `${head}, time to recover: none needed`;
  if (r.openAtEnd && r.count === 1)
    return `${head}, not recovered: still ${r.basis === 'overload' ? 'overloaded' : 'above target'} at the end (${r.maxSeconds}s so far)`;
  const open = r.openAtEnd ? ' (the last has not ended: counted up to the end)' : '';
  return `${head}, time to recover: longest ${r.maxSeconds}s, mean ${r.meanSeconds}s${open}`;
}

/** A node run in JSON (a cluster's, a federation member's, or the members' total). */
export function nodesJson(n: NonNullable<SimulationResult['nodes']>) {
  return {
    provisioner: n.provisioner,
    podsPerNode: n.podsPerNode,
    ...(n.groups ? { groups: n.groups } : {}),
    kpis: n.kpis,
    events: n.events,
    series: Object.fromEntries(
      Object.entries(n.series).map(([k, v]) => [
        k,
        Array.from(v as Float64Array, (x) => (Number.isNaN(x) ? null : x)),
      ]),
    ),
  };
}

export function kpiLines(r: SimulationResult): string[] {
  const k = r.kpis;
  return [
    `pod-hours ${k.podHours} (ready ${k.readyPodHours}), peak ${k.peakReplicas} replicas, final ${k.finalReplicas}`,
    `scale events ${k.scaleEvents} (${k.scaleUps} up, ${k.scaleDowns} down), direction reversals ${k.directionReversals}`,
    `time above target ${k.timeAboveTargetSeconds}s, unmet demand ${k.unmetDemand} (${k.unmetDemandPercent}%), overloaded ${k.overloadSeconds}s`,
    recoveryLine(k.recovery),
    ...(r.nodes ? nodeKpiLines(r.nodes) : []),
    ...(r.keda
      ? [
          `KEDA ${r.keda.series.version}: time at zero ${r.keda.kpis.timeAtZeroSeconds}s, activations ${r.keda.kpis.activations}, deactivations ${r.keda.kpis.deactivations}, longest wait at zero ${r.keda.kpis.longestWaitAtZeroSeconds}s, in fallback ${r.keda.kpis.fallbackSeconds}s`,
        ]
      : []),
  ];
}

/**
 * A readable table: every rescale (every sync with --explain), then the KPIs. With --explain and
 * `hpa`, each sync is followed by its notes on the popular explanations: numbered, written out at
 * the first sync they apply to and named by number after that, so a long run stays readable.
 */
export function resultToTable(
  name: string,
  r: FullSimulationResult,
  explain: boolean,
  hpa?: HorizontalPodAutoscaler,
  release?: string,
): string {
  // Syncs off the grid: an edit HPAGeneration reconciled at once.
  const extra = r.syncs.length - (Math.floor(r.durationSeconds / r.syncPeriodSeconds) + 1);
  const more = extra > 0 ? `, and ${extra} at an HPA edit,` : '';
  const out = [
    `scenario ${name}: ${r.syncs.length} syncs every ${r.syncPeriodSeconds}s${more} over ${r.durationSeconds}s${release ? `, the HPA controller of ${release}` : ''}`,
    '',
  ];
  out.push('time      replicas  desired  ready  explanation');
  const numbers = new Map<string, number>();
  for (const x of r.syncs) {
    const kedaWrites = x.keda?.writes ?? [];
    if (!explain && !x.rescaled && x.time !== 0 && !x.changes && kedaWrites.length === 0) continue;
    // KEDA's writes come before the HPA's sync: "7→0 KEDA".
    const rep = x.rescaled
      ? `${x.currentReplicas}→${x.replicas}`
      : kedaWrites.length > 0
        ? `${kedaWrites[0]!.from}→${kedaWrites.at(-1)!.to} KEDA`
        : String(x.replicas);
    out.push(
      `${clock(x.time)}  ${rep.padEnd(8)}  ${String(x.desiredReplicas).padEnd(7)}  ${String(x.pods.ready).padEnd(5)}  ${x.explanation}`,
    );
    if (explain && hpa) out.push(...noteLines(seedNotes(x, hpa), numbers));
  }
  if (numbers.size) {
    out.push('', `notes on the popular explanations (${numbers.size}):`);
    for (const [text, n] of numbers) out.push(`  note ${n}: ${text}`);
  }
  if (r.nodes && r.nodes.events.length > 0)
    out.push('', `nodes (${r.nodes.provisioner}):`, ...nodeEventLines(r.nodes));
  out.push('', ...kpiLines(r));
  return out.join('\n') + '\n';
}

export const NOTE_INDENT = ' '.repeat(10);

export function noteLines(notes: { text: string }[], numbers: Map<string, number>): string[] {
  const lines: string[] = [];
  const seen: number[] = [];
  for (const { text } of notes) {
    const known = numbers.get(text);
    if (known !== undefined) {
      seen.push(known);
      continue;
    }
    const n = numbers.size + 1;
    numbers.set(text, n);
    lines.push(`${NOTE_INDENT}note ${n}: ${text}`);
  }
  if (seen.length)
    lines.push(`${NOTE_INDENT}${seen.length > 1 ? 'notes' : 'note'} ${seen.join(', ')}`);
  return lines;
}
