// What the panel says about one sync, as pure data: each cluster's state then, the control-plane
// events of that sync, and the last one before it when the sync had none.

import type { ClusterEvent, ClusterEventKind } from '../../run/index.ts';
import type { FederationModelView } from '../../store/index.ts';

export interface ClusterRow {
  name: string;
  failed: boolean;
  replicas: number;
  ready: number;
  /** Pending pods, of which `noNode` have no node (the cluster is full) */
  pending: number;
  noNode: number;
  /** the member HPA's bounds; null: no HPA (or the shipped model, which has none per cluster) */
  bounds: { min: number; max: number } | null;
  /** percent of the demand routed here (null without traffic) */
  sharePercent: number | null;
}

export function clusterRows(m: FederationModelView, k: number): ClusterRow[] {
  return m.clusters.map((c) => {
    const min = c.minReplicas[k]!;
    const max = c.maxReplicas[k]!;
    const share = c.demandShare[k]!;
    return {
      name: c.name,
      failed: c.failed[k] === 1,
      replicas: c.specReplicas[k]!,
      ready: c.readyReplicas[k]!,
      pending: c.pendingReplicas[k]!,
      noNode: c.unschedulable[k]!,
      bounds: Number.isNaN(max) ? null : { min, max },
      sharePercent: Number.isFinite(share) ? Math.round(share * 1000) / 10 : null,
    };
  });
}

/** The events of sync `k`, in the order the control plane acted. */
export function eventsAt(events: readonly ClusterEvent[], k: number): ClusterEvent[] {
  return events.filter((e) => e.sync === k);
}

/** The newest event before sync `k` (null: none). */
export function lastEventBefore(events: readonly ClusterEvent[], k: number): ClusterEvent | null {
  let last: ClusterEvent | null = null;
  for (const e of events) if (e.sync < k) last = e;
  return last;
}

/** A short name per kind, for the timeline's legend and the markers' labels. */
export const KIND_LABEL: Record<ClusterEventKind, string> = {
  initial: 'initial placement',
  failure: 'cluster failed',
  recovery: 'cluster recovered',
  failover: 'failover',
  'spill-over': 'spill-over',
  'priority-scale-down': 'priority scale-down',
  'trigger-optimize': 'trigger optimisation',
  optimize: 'optimisation pass',
  'scale-to-zero': 'scaled to zero',
  'scale-from-zero': 'scaled from zero',
  division: 'scheduler division',
  unschedulable: 'unschedulable',
  calibration: 'calibration',
  paused: 'paused',
  cron: 'CronFederatedHPA',
};

/** Markers of the timeline grouped by colour: trouble, quota moves, divisions and the rest. */
export function kindClass(kind: ClusterEventKind): 'trouble' | 'move' | 'division' | 'other' {
  switch (kind) {
    case 'failure':
    case 'unschedulable':
    case 'paused':
      return 'trouble';
    case 'failover':
    case 'spill-over':
    case 'priority-scale-down':
    case 'trigger-optimize':
    case 'optimize':
    case 'scale-to-zero':
    case 'scale-from-zero':
      return 'move';
    // A calibration change follows which clusters hold the template: routine under Duplicated.
    case 'division':
    case 'initial':
    case 'calibration':
      return 'division';
    default:
      return 'other';
  }
}

export const MODEL_TITLE: Record<FederationModelView['model'], string> = {
  proposal: 'Proposal (seed design)',
  shipped: 'Shipped Karmada',
};
