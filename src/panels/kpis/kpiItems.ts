// The KPI strip's content: each figure with a short label, its value, a secondary detail and a
// title that says exactly what it measures (KPIs are computed by the engine, see kpis.ts there).

import type { Kpis } from '../../run/index.ts';
import { formatCompact, formatNumber } from '../../format/format.ts';
import { formatDuration } from '../../format/timeAxis.ts';

export interface KpiItem {
  id: string;
  label: string;
  value: string;
  detail: string | null;
  title: string;
  /** the figure is bad against its stated threshold (WARN_ABOVE; the title names it) */
  warn: boolean;
}

/**
 * When a figure turns amber. A non-zero figure is often normal (one reversal after a traffic
 * peak, a minute above target while pods start), so colour marks only what a reviewer would flag.
 */
export const WARN_ABOVE = {
  reversals: 2,
  /** % of the run */
  aboveTargetPercent: 10,
  unmetDemandPercent: 1,
  recoverySeconds: 300,
} as const;

export interface KpiOptions {
  /** run length, to show time above target as a share of it */
  durationSeconds?: number;
  /** false when the scenario has no traffic curve: unmet demand does not apply */
  hasDemand?: boolean;
  /**
   * the node plane's bill (spec.nodes with spec.cost.nodeHour): what the cluster pays for the
   * nodes, beside what spec.cost prices per pod; null/absent without nodes or a node price
   */
  nodeCost?: { cost: number | null; costPerMonth: number | null } | null;
}

function percentOf(part: number, whole: number | undefined): string | null {
  if (!whole || whole <= 0) return null;
  // Counted per sync period, so the last sync can push the sum a period past the run's end.
  return `${formatNumber(Math.min(100, (100 * part) / whole), 1)}% of the run`;
}

export function kpiItems(k: Kpis, opts: KpiOptions = {}): KpiItem[] {
  const r = k.recovery;
  const basis =
    r.basis === 'overload'
      ? 'demand above what ready pods can serve'
      : 'some metric above target + tolerance';
  const items: KpiItem[] = [
    {
      id: 'podHours',
      label: 'Pod-hours',
      value: formatNumber(k.podHours, 1),
      detail: `${formatNumber(k.readyPodHours, 1)} ready`,
      title:
        'Cost: the time integral of all pods that existed (Pending, starting, Ready, Terminating), in hours; "ready" counts Ready pods only',
      warn: false,
    },
    ...costItems(k, opts.nodeCost ?? null),
    {
      id: 'replicas',
      label: 'Peak / final',
      value: `${k.peakReplicas} / ${k.finalReplicas}`,
      detail: 'replicas',
      title:
        'The highest replica count (scale spec.replicas) at any sync, and the count at the end',
      warn: false,
    },
    {
      id: 'scaleEvents',
      label: 'Scale events',
      value: String(k.scaleEvents),
      detail: `${k.scaleUps} up · ${k.scaleDowns} down`,
      title:
        'Syncs that rescaled the target from the count they read (SuccessfulRescale events; the same list as the explanation’s rescales), by direction',
      warn: false,
    },
    {
      id: 'reversals',
      label: 'Reversals',
      value: String(k.directionReversals),
      detail: 'direction changes',
      title: `How often a rescale went the other way from the previous one (up after down or down after up): a measure of flapping; amber above ${WARN_ABOVE.reversals}`,
      warn: k.directionReversals > WARN_ABOVE.reversals,
    },
    {
      id: 'aboveTarget',
      label: 'Above target',
      value: formatDuration(k.timeAboveTargetSeconds),
      detail: percentOf(k.timeAboveTargetSeconds, opts.durationSeconds),
      title: `Sync time during which some metric\u2019s usage ratio was above 1 + the scale-up tolerance (counted per sync period); amber above ${WARN_ABOVE.aboveTargetPercent}% of the run`,
      warn:
        !!opts.durationSeconds &&
        (100 * k.timeAboveTargetSeconds) / opts.durationSeconds > WARN_ABOVE.aboveTargetPercent,
    },
  ];
  if (opts.hasDemand !== false) {
    items.push({
      id: 'unmet',
      label: 'Unmet demand',
      value: `${formatNumber(k.unmetDemandPercent, 2)}%`,
      detail: k.unmetDemand > 0 ? `${formatCompact(k.unmetDemand)} units` : null,
      title: `Work that arrived but ready pods could not serve (needs a traffic curve and a pod capacity), as a share of all work that arrived; amber above ${WARN_ABOVE.unmetDemandPercent}%`,
      warn: k.unmetDemandPercent > WARN_ABOVE.unmetDemandPercent,
    });
  }
  if (k.p95UtilizationPercent !== null) {
    items.push({
      id: 'utilization',
      label: 'Utilization',
      value: `${formatNumber(k.p95UtilizationPercent, 0)}%`,
      detail: 'p95 of requests',
      title:
        'The 95th percentile over syncs of the highest resource utilization the controller read (percent of the pods\u2019 requests)',
      warn: false,
    });
  }
  const basisLabel = r.basis === 'overload' ? 'overload' : 'above target';
  // The engine counts an open episode up to the end (and says so: openAtEnd); the only one
  // there cannot be read as a recovery time, so it is shown as not recovered.
  const open = r.count > 0 && r.openAtEnd;
  const value =
    r.count === 0 ? '—' : open && r.count === 1 ? 'not recovered' : formatDuration(r.maxSeconds);
  const detail =
    r.count === 0
      ? `no episode · ${basisLabel}`
      : open
        ? r.count === 1
          ? `${formatDuration(r.maxSeconds)} so far · still ${basisLabel} at the end`
          : `worst of ${r.count} · the last has not ended`
        : `worst of ${r.count} · ${basisLabel}`;
  items.push({
    id: 'recovery',
    label: 'Recovery',
    value,
    detail,
    title: `Time to recover: the longest episode of ${basis} until it ended (basis: ${r.basis === 'overload' ? 'overload, from traffic and pod capacity' : 'above target, as there is no capacity model'})${r.count > 0 ? `; mean ${formatDuration(r.meanSeconds)} over ${r.count}` : ''}; an episode still open at the end counts up to the end; amber above ${formatDuration(WARN_ABOVE.recoverySeconds)} or when not recovered`,
    warn: open || (r.count > 0 && r.maxSeconds > WARN_ABOVE.recoverySeconds),
  });
  return items;
}

/** US dollars: cents for small sums, whole dollars with separators for large ones. */
export function formatMoney(usd: number): string {
  const digits = Math.abs(usd) >= 10_000 ? 0 : 2;
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

const POD_PRICES =
  'pod-hours × podHour + requested vCPU-hours × vcpuHour + requested GiB-hours × gibHour';
const MONTH_NOTE = '; per month is the run\u2019s rate over 730 hours, as if this traffic went on';

/** The Cost tile: the pods' prices, the nodes' bill, or both added (each named in the detail). */
function costItems(k: Kpis, nodes: KpiOptions['nodeCost'] | null): KpiItem[] {
  const nodeMonth = nodes?.costPerMonth ?? null;
  const nodeRun = nodes?.cost ?? null;
  if (nodeMonth === null || nodeRun === null) {
    if (!k.cost) return [];
    return [
      {
        id: 'cost',
        label: 'Cost',
        value: `${formatMoney(k.cost.perMonth)}/mo`,
        detail: `${formatMoney(k.cost.perRun)} this run`,
        title: `At the prices of spec.cost: ${POD_PRICES}${MONTH_NOTE}`,
        warn: false,
      },
    ];
  }
  const pods = k.cost && (k.cost.perRun > 0 || k.cost.perMonth > 0) ? k.cost : null;
  const month = nodeMonth + (pods?.perMonth ?? 0);
  const run = nodeRun + (pods?.perRun ?? 0);
  return [
    {
      id: 'cost',
      label: 'Cost',
      value: `${formatMoney(month)}/mo`,
      detail: pods
        ? `${formatMoney(run)} this run: nodes ${formatMoney(nodeRun)} + pods ${formatMoney(pods.perRun)}`
        : `${formatMoney(run)} this run (nodes)`,
      title:
        'The nodes: node-hours (from the cloud call to the node\u2019s removal) × spec.cost.nodeHour' +
        (pods ? `; plus the pods: ${POD_PRICES}` : '') +
        MONTH_NOTE,
      warn: false,
    },
  ];
}
