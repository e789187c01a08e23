/**
 * The shape of a ported KEDA scaler and the helpers every port shares (kedacore/keda v2.20
 * pkg/util NormalizeString, Go's url.QueryEscape, and the common "metric name, a target and an
 * activation" form most scalers' GetMetricSpecForScaling take).
 */
import type { CronWindow } from '../../engine/keda/index.ts';
import type { ScalerParams } from './scalerParams.ts';

export interface PortedMetric {
  /** The metric name after `s<index>-`. */
  name: string;
  /** The scaler names its metric without the trigger's index (datadog's Cluster Agent path). */
  unindexed?: boolean;
  target: number;
  /** GetMetricTargetMili (a float, quantised by release) rather than GetMetricTarget (an int64). */
  milli: boolean;
  targetKey: string;
  activation: number;
  activationKey: string | null;
  /** How the default world feeds it: a backlog drained by the pods, or a value. */
  model: 'queue' | 'value' | 'cron';
  cron?: CronWindow;
  /** The trigger's further metrics, in GetMetricSpecForScaling's order (a scaler with several targets). */
  more?: PortedMetric[];
  /** GetMetricsAndActivity answers one activity for all the trigger's metrics (any above its activation). */
  sharedActivity?: boolean;
}

/** Go's url.ParseRequestURI verdict: null when it parses, else the error Go prints. */
export function parseRequestURIError(raw: string): string | null {
  const ok = /^[a-z][a-z0-9+.-]*:\S*$/i.test(raw) || raw.startsWith('/');
  return ok ? null : `parse "${raw}": invalid URI for request`;
}

export interface ScalerPort {
  /** The Go type KEDA names in events when the trigger has no name. */
  goType: string;
  /** The upstream file. */
  file: string;
  parse: (p: ScalerParams, ctx: { namespace: string }) => PortedMetric | null;
  /** The scaler never calls GetMetricTargetType: its target is AverageValue whatever metricType says. */
  averageValueOnly?: boolean;
  /** The scaler asks GetMetricTargetMili for a Value target whatever metricType says. */
  valueOnly?: boolean;
  /** KEDA's words before this scaler's refusals, when not `error parsing <type> metadata`. */
  label?: string;
}

/** pkg/util NormalizeString. */
export function normalizeString(s: string): string {
  return s.replace(/[/.:%()]/g, '-');
}

/** Go's url.QueryEscape. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/gi, '~');
}

export type Counted = {
  target: string;
  activation: string;
  targetDefault?: string;
  activationDefault?: string;
  int: boolean;
};

/** A scaler whose metric is `prefix-<param>` or a fixed name, with a target and an activation. */
export function simple(
  goType: string,
  file: string,
  name: (p: ScalerParams, ctx: { namespace: string }) => string | null,
  counted: Counted,
  model: PortedMetric['model'],
  required: string[] = [],
): ScalerPort {
  return {
    goType,
    file,
    parse: (p, ctx) => {
      for (const r of required) p.string(r);
      const metric = name(p, ctx);
      const read = counted.int ? p.int.bind(p) : p.float.bind(p);
      const target = read(
        counted.target,
        counted.targetDefault !== undefined ? { default: counted.targetDefault } : {},
      );
      const activation = read(counted.activation, { default: counted.activationDefault ?? '0' });
      if (!p.ok || metric === null || target === null || activation === null) return null;
      return {
        name: metric,
        target,
        milli: !counted.int,
        targetKey: counted.target,
        activation,
        activationKey: counted.activation,
        model,
      };
    },
  };
}
