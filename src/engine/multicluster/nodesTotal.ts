// The node plane of the whole federation: every member's node run added up, for the total's
// result (the lane, the timeline and the KPIs over all member clusters). Members without nodes
// add nothing.

import type { NodeEvent } from '../nodes/events.ts';
import type { NodeRun, NodeSeries } from '../nodes/result.ts';

const SERIES: (keyof NodeSeries)[] = [
  'ready',
  'provisioning',
  'draining',
  'allocatableCpu',
  'requestedCpu',
  'waiting',
];

/**
 * The members' node runs summed: series sync by sync, node-hours, cost (null only when no
 * member has a price), pods that waited and their seconds; the longest wait is the longest of
 * any member, the mean over every pod that waited; the peak is the peak of the summed lane.
 * Events carry their member's name (`eu: node-2 Ready …`, nodes `eu/node-2`), in time order.
 */
export function totalNodeRun(runs: readonly { name: string; run: NodeRun }[]): NodeRun | null {
  if (runs.length === 0) return null;
  const first = runs[0]!.run;
  const n = first.series.ready.length;
  const series = Object.fromEntries(
    SERIES.map((key) => {
      const sum = new Float64Array(n);
      for (const { run } of runs) {
        const s = run.series[key];
        for (let k = 0; k < n; k++) sum[k]! += s[k]!;
      }
      return [key, sum];
    }),
  ) as unknown as NodeSeries;
  let peak = 0;
  for (let k = 0; k < n; k++)
    peak = Math.max(peak, series.ready[k]! + series.provisioning[k]! + series.draining[k]!);
  const sum = (f: (r: NodeRun) => number) => runs.reduce((s, { run }) => s + f(run), 0);
  const priced = runs.filter(({ run }) => run.kpis.cost !== null);
  const podsWaited = sum((r) => r.kpis.podsWaited);
  const waitTotalSeconds = sum((r) => r.kpis.waitTotalSeconds);
  const events: NodeEvent[] = runs
    .flatMap(({ name, run }) =>
      run.events.map((e) => ({
        ...e,
        nodes: e.nodes.map((x) => `${name}/${x}`),
        message: `${name}: ${e.message}`,
      })),
    )
    .sort((a, b) => a.time - b.time);
  return {
    provisioner: first.provisioner,
    podsPerNode: first.podsPerNode,
    members: runs.map(({ name, run }) => ({
      name,
      provisioner: run.provisioner,
      podsPerNode: run.podsPerNode,
    })),
    series,
    events,
    kpis: {
      nodeHours: sum((r) => r.kpis.nodeHours),
      peakNodes: Math.max(peak, ...runs.map(({ run }) => run.kpis.peakNodes)),
      finalNodes: sum((r) => r.kpis.finalNodes),
      cost: priced.length === 0 ? null : priced.reduce((s, { run }) => s + run.kpis.cost!, 0),
      costPerMonth:
        priced.length === 0
          ? null
          : priced.reduce((s, { run }) => s + (run.kpis.costPerMonth ?? 0), 0),
      podsWaited,
      waitTotalSeconds,
      waitMaxSeconds: Math.max(0, ...runs.map(({ run }) => run.kpis.waitMaxSeconds)),
      waitMeanSeconds: podsWaited === 0 ? 0 : waitTotalSeconds / podsWaited,
      scaleUps: sum((r) => r.kpis.scaleUps),
      scaleDowns: sum((r) => r.kpis.scaleDowns),
    },
  };
}
