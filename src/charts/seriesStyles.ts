// How each series is drawn and named, in one place so legends, lines and tooltips agree.

export type SwatchKind = 'line' | 'dashed' | 'dotted' | 'area' | 'band' | 'marker' | 'vline';

export interface SeriesStyle {
  key: string;
  label: string;
  color: string;
  swatch: SwatchKind;
  width: number;
  dash?: string;
  /** the tooltip says what the series is */
  help: string;
}

export const REPLICA_SERIES: SeriesStyle[] = [
  {
    key: 'spec',
    label: 'final (spec)',
    color: 'var(--series-1)',
    swatch: 'line',
    width: 2.25,
    help: 'scale spec.replicas after the sync',
  },
  {
    key: 'ready',
    label: 'ready',
    color: 'var(--series-2)',
    swatch: 'line',
    width: 1.5,
    help: 'pods Running and Ready',
  },
  {
    key: 'desired',
    label: 'desired (status)',
    color: 'var(--series-3)',
    swatch: 'dashed',
    width: 1.5,
    dash: '6 3',
    help: 'status.desiredReplicas: after stabilization, policies and the min/max clamp',
  },
  {
    key: 'raw',
    label: 'raw',
    color: 'var(--series-4)',
    swatch: 'line',
    width: 1,
    help: 'largest metric proposal, before stabilization and limits',
  },
  {
    key: 'stabilized',
    label: 'stabilized',
    color: 'var(--series-5)',
    swatch: 'dashed',
    width: 1.25,
    dash: '4 3',
    help: 'after the stabilization window, before policies and min/max',
  },
];

/**
 * Replica series off until asked for: the raw proposal can be 100× the final count (KEP-853
 * story 1), so a chart that shows it by default is flat; one legend click brings each back.
 */
export const DEFAULT_HIDDEN_REPLICAS: ReadonlySet<string> = new Set(['raw', 'stabilized']);

export const POD_AREAS: SeriesStyle[] = [
  {
    key: 'pending',
    label: 'pending',
    color: 'var(--area-pending)',
    swatch: 'area',
    width: 0,
    help: 'pods not yet running (scheduling, image pull)',
  },
  {
    key: 'terminating',
    label: 'terminating',
    color: 'var(--area-terminating)',
    swatch: 'area',
    width: 0,
    help: 'pods deleted by a scale-down, still terminating',
  },
];

export const DEMAND_SERIES: SeriesStyle[] = [
  {
    key: 'demand',
    label: 'demand',
    color: 'var(--series-3)',
    swatch: 'line',
    width: 1.75,
    help: 'work arriving per second',
  },
  {
    key: 'served',
    label: 'served',
    color: 'var(--series-2)',
    swatch: 'line',
    width: 1.5,
    help: 'work served per second',
  },
  {
    key: 'capacity',
    label: 'capacity',
    color: 'var(--capacity)',
    swatch: 'dashed',
    width: 1.25,
    dash: '5 4',
    help: 'what the ready pods could serve',
  },
];

const METRIC_COLORS = ['var(--series-1)', 'var(--series-6)', 'var(--series-7)', 'var(--series-4)'];

export function metricColor(index: number): string {
  return METRIC_COLORS[index % METRIC_COLORS.length]!;
}

/**
 * How a variant's line is drawn: the run the explanation follows solid and thick, the others
 * dashed and lighter, so the eye finds the focused run among several.
 */
export function overlayStroke(
  runKey: string,
  focusedRun: string,
): { width: number; dash?: string; opacity: number; swatch: SwatchKind } {
  return runKey === focusedRun
    ? { width: 2.5, opacity: 1, swatch: 'line' }
    : { width: 1.5, dash: '5 3', opacity: 0.85, swatch: 'dashed' };
}

/** The HPA's own lines while a variant is focused: still there, lighter. */
export const UNFOCUSED_OPACITY = 0.55;

/** A rollout's pods by ReplicaSet (spec.changes rollout only), dotted beside the counts. */
export const ROLLOUT_SERIES: SeriesStyle[] = [
  {
    key: 'oldPods',
    label: 'old ReplicaSet',
    color: 'var(--series-7)',
    swatch: 'dotted',
    width: 1.5,
    dash: '2 3',
    help: "pods of the Deployment's old ReplicaSets (not terminating): the template being replaced",
  },
  {
    key: 'newPods',
    label: 'new ReplicaSet',
    color: 'var(--series-6)',
    swatch: 'dotted',
    width: 1.5,
    dash: '2 3',
    help: "pods of the rollout's new ReplicaSet (not terminating); the HPA counts old and new",
  },
];
