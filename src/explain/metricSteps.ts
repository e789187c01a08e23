import { decidingMetric } from '../engine/simulation/decisionSeries.ts';

export { decidingMetric };
// Per-metric proposals of one sync: current vs target, the usage ratio against the tolerance band,
// pod groups with why each group counted the way it did, and which metric decided.

import { formatNumber, tidyNumbers } from '../format/format.ts';
import { currentText, metricKind, metricLabel, targetNumber, targetText } from './metricText.ts';
import type { MetricSpec, MetricTrace, SyncDetail } from './types.ts';

export interface PodGroupRow {
  kind: 'unready' | 'missing' | 'ignored';
  names: string[];
  /** the rule, in general */
  why: string;
  /** what the rule did in this sync ('' when the metric failed before any rule applied) */
  applied: string;
}

export interface ToleranceCheck {
  low: number;
  high: number;
  ratio: number;
  within: boolean;
}

export interface MetricStepModel {
  index: number;
  label: string;
  /** the controller's own name ("cpu resource utilization (percentage of request)") */
  controllerName: string | null;
  current: string;
  target: string;
  ratio: number | null;
  tolerance: ToleranceCheck | null;
  readyPods: number | null;
  podGroups: PodGroupRow[];
  /** the branch of the calculation (within tolerance, rebalanced, …) */
  branch: string | null;
  formula: string | null;
  proposal: number | null;
  error: { reason: string; message: string } | null;
  decided: boolean;
}

function isCpu(spec: MetricSpec | undefined): boolean {
  const src = spec?.type === 'ContainerResource' ? spec.containerResource : spec?.resource;
  return (spec?.type === 'Resource' || spec?.type === 'ContainerResource') && src?.name === 'cpu';
}

function podGroupRows(trace: MetricTrace, spec: MetricSpec | undefined): PodGroupRow[] {
  const g = trace.podGroups;
  if (!g) return [];
  const r = trace.usageRatio ?? NaN;
  const up = r > 1;
  const down = r < 1;
  // Without a ratio (the metric failed) no rule was applied.
  const known = !Number.isNaN(r);
  const util = spec !== undefined && metricKind(spec) === 'utilization';
  const target = targetNumber(spec);
  const rows: PodGroupRow[] = [];
  if (g.unready.length) {
    rows.push({
      kind: 'unready',
      names: g.unready,
      why: isCpu(spec)
        ? 'not Ready yet, or still in the CPU initialization period with a sample from before it became Ready: counted as 0% on a scale-up, left out otherwise'
        : 'Pending: counted as 0 on a scale-up, left out otherwise',
      applied: !known
        ? ''
        : up
          ? 'counted as 0 here (ratio above 1)'
          : 'left out here (not a scale-up)',
    });
  }
  if (g.missing.length) {
    const downRule = util
      ? `as 100% of request${target > 100 ? ` (the ${target}% target, which is higher)` : ''} on a scale-down`
      : 'as exactly the target on a scale-down';
    rows.push({
      kind: 'missing',
      names: g.missing,
      why: `no metrics sample: counted as 0${util ? '%' : ''} on a scale-up, ${downRule}`,
      applied: !known
        ? ''
        : up
          ? 'counted as 0 here (ratio above 1)'
          : down
            ? `counted ${util ? `as ${Math.max(100, target)}% of request` : 'as the target'} here (ratio below 1)`
            : 'nothing added (ratio exactly 1)',
    });
  }
  if (g.ignored.length) {
    rows.push({
      kind: 'ignored',
      names: g.ignored,
      why: 'deleting or Failed: left out of the average and of the pod count (not counted as 0%)',
      applied: 'left out',
    });
  }
  return rows;
}

function formulaFor(
  m: MetricTrace,
  spec: MetricSpec | undefined,
  tol: ToleranceCheck | null,
): string | null {
  if (m.proposal === undefined || m.usageRatio === undefined) return null;
  if (tol?.within && (!m.note || m.note.startsWith('within tolerance')))
    return `within tolerance → keep current (${m.proposal})`;
  const ready = m.podGroups?.ready;
  if (ready !== undefined && !m.note && Math.ceil(m.usageRatio * ready) === m.proposal) {
    return `ceil(${formatNumber(m.usageRatio, 4)} × ${ready} ready pods) = ${m.proposal}`;
  }
  if (spec?.type === 'Object' && metricKind(spec) === 'value') {
    return `ceil(ratio × Running and Ready pods) = ${m.proposal}`;
  }
  if (
    (spec?.type === 'Object' || spec?.type === 'External') &&
    metricKind(spec) === 'averageValue'
  ) {
    return `ceil(usage / target) = ${m.proposal}`;
  }
  return null;
}

export function metricSteps(detail: SyncDetail): MetricStepModel[] {
  const t = detail.sync.trace;
  const traces = t.metrics ?? [];
  const specs = detail.hpa.spec.metrics ?? [];
  const decided = detail.sync.trace.path === 'metrics' ? decidingMetric(traces) : -1;
  const low = 1 - t.tolerances.scaleDown;
  const high = 1 + t.tolerances.scaleUp;
  return traces.map((m, i) => {
    const spec = specs[i];
    const ratio = m.usageRatio ?? null;
    const tolerance =
      ratio === null || Number.isNaN(ratio)
        ? null
        : { low, high, ratio, within: ratio >= low && ratio <= high };
    return {
      index: i,
      label: metricLabel(spec, m.type),
      controllerName: m.name ?? null,
      current: currentText(m, spec),
      target: targetText(spec),
      ratio,
      tolerance,
      readyPods: m.podGroups?.ready ?? null,
      podGroups: podGroupRows(m, spec),
      branch: m.note ? tidyNumbers(m.note) : null,
      formula: formulaFor(m, spec, tolerance),
      proposal: m.proposal ?? null,
      error: m.error !== undefined ? { reason: m.error, message: m.message ?? '' } : null,
      decided: i === decided,
    };
  });
}
