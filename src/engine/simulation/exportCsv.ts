// One CSV row per sync: the series plus each sync's explanation. Shared by `cli run --format
// csv` and the app's export (the worker), so both write the same file.

import type { FullSimulationResult } from './result.ts';

function csvCell(v: number): string {
  return Number.isNaN(v) ? '' : String(v);
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * RFC 4180 quoting with `\n` line ends; NaN (not computed) is an empty cell, and a utilization
 * that overflowed Go's int32 is the word `overflow` (the decision used the wrapped value).
 */
export function resultToCsv(r: FullSimulationResult): string {
  const s = r.series;
  const head = [
    'time',
    'desiredReplicas',
    'specReplicas',
    'readyReplicas',
    'pendingReplicas',
    'terminatingReplicas',
    'demand',
    'served',
    'capacity',
  ];
  for (const m of s.metricInfo) head.push(quoted(`${m.label} (${m.unit})`));
  // A run with a node pool has its lane too (others keep their columns).
  const n = r.nodes?.series;
  const nodeCols = n
    ? [n.ready, n.provisioning, n.draining, n.waiting, n.allocatableCpu, n.requestedCpu]
    : [];
  if (n)
    head.push(
      'nodesReady',
      'nodesProvisioning',
      'nodesDraining',
      'podsWaitingForNode',
      'nodeCpuAllocatable',
      'nodeCpuRequested',
    );
  head.push('explanation');
  const rows = [head.join(',')];
  for (let i = 0; i < s.time.length; i++) {
    const cells = [
      s.time,
      s.desiredReplicas,
      s.specReplicas,
      s.readyReplicas,
      s.pendingReplicas,
      s.terminatingReplicas,
      s.demand,
      s.served,
      s.capacity,
    ].map((a) => csvCell(a[i]!));
    for (let j = 0; j < s.metrics.length; j++)
      cells.push(s.metricOverflow[j]![i] ? 'overflow' : csvCell(s.metrics[j]![i]!));
    for (const a of nodeCols) cells.push(csvCell(a[i]!));
    cells.push(quoted(r.syncs[i]?.explanation ?? ''));
    rows.push(cells.join(','));
  }
  return rows.join('\n') + '\n';
}
