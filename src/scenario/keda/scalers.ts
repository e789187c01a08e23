/**
 * The HPA metrics KEDA's scalers ask for (each scaler's GetMetricSpecForScaling), for the scalers
 * whose metric follows from the ScaledObject alone: pkg/scalers/cpu_memory_scaler.go,
 * prometheus_scaler.go, metrics_api_scaler.go, scaler.go (GetMetricTargetType,
 * GetMetricTargetMili, GenerateMetricNameWithIndex) and pkg/util/normalize_string.go.
 */
import type { Reporter } from '../diagnostics.ts';
import { checkQuantity } from '../simulation/units.ts';
import type { Path } from '../types.ts';
import { OWNER_LABEL, rec, str, type Obj } from './types.ts';

/** Go's strconv.ParseFloat on a plain decimal (what thresholds are written as). */
function parseFloat64(v: string): number | null {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) ? Number(v) : null;
}

/** GetMetricTargetMili's quantity: the value truncated to thousandths, as DecimalSI text. */
function milliQuantity(value: number): string {
  const milli = Math.trunc(value * 1000);
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

export interface Converted {
  metric: Obj;
  /** Where the target's value was written (a metadata key). */
  valueKey: string;
}

/** cpu_memory_scaler.go parseResourceMetadata + GetMetricSpecForScaling. */
export function cpuMemoryMetric(
  trigger: Obj,
  resource: string,
  at: Path,
  report: Reporter,
): Converted | null {
  const metadata = rec(trigger.metadata);
  let metricType = str(trigger.metricType);
  const deprecated = str(metadata.type);
  if (deprecated !== '') {
    report.warning(
      [...at, 'metadata', 'type'],
      `metadata.type is deprecated in KEDA (removed in 2.18): write metricType: ${deprecated} on the trigger`,
    );
    if (deprecated !== 'AverageValue' && deprecated !== 'Utilization') {
      report.error(
        [...at, 'metadata', 'type'],
        `error parsing ${resource} metadata: unknown metric type: ${deprecated}, allowed values are 'Utilization' or 'AverageValue'`,
      );
      return null;
    }
    metricType = deprecated;
  }
  const value = str(metadata.value);
  if (value === '') {
    report.error([...at, 'metadata'], `error parsing ${resource} metadata: no value given`, 'key');
    return null;
  }
  const target: Obj = { type: metricType };
  if (metricType === 'AverageValue') {
    if (!checkQuantity(value).ok) {
      report.error(
        [...at, 'metadata', 'value'],
        `error parsing ${resource} metadata: '${value}' is not a quantity (KEDA's resource.MustParse fails)`,
      );
      return null;
    }
    target.averageValue = value;
  } else if (metricType === 'Utilization') {
    const n = /^[+-]?\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || Math.abs(n) > 2 ** 31) {
      report.error(
        [...at, 'metadata', 'value'],
        `error parsing ${resource} metadata: strconv.ParseInt: parsing "${value}": invalid syntax (Utilization is a whole percent)`,
      );
      return null;
    }
    target.averageUtilization = n;
  } else {
    report.error(
      metricType === '' ? at : [...at, 'metricType'],
      `error parsing ${resource} metadata: unknown metric type: ${metricType}, allowed values are 'Utilization' or 'AverageValue'`,
      metricType === '' ? 'value' : 'value',
    );
    return null;
  }
  const container = str(metadata.containerName);
  const metric =
    container !== ''
      ? {
          type: 'ContainerResource',
          containerResource: { name: resource, container, target },
        }
      : { type: 'Resource', resource: { name: resource, target } };
  return { metric, valueKey: 'value' };
}

/** An External-metric scaler ported exactly: its metric name and the setting holding its target. */
interface ExternalScaler {
  /** The name before GenerateMetricNameWithIndex adds `s<index>-` (then NormalizeString). */
  name: (metadata: Obj) => string;
  /** The metadata key of the target, read with strconv.ParseFloat. */
  valueKey: string;
  /** Other metadata the scaler refuses to start without. */
  required: string[];
}

/** prometheus_scaler.go and metrics_api_scaler.go GetMetricSpecForScaling. */
export const EXTERNAL_SCALERS: Record<string, ExternalScaler> = {
  prometheus: { name: () => 'prometheus', valueKey: 'threshold', required: [] },
  'metrics-api': {
    name: (metadata) => `metric-api-${str(metadata.valueLocation)}`,
    valueKey: 'targetValue',
    required: ['valueLocation'],
  },
};

/** pkg/util NormalizeString. */
function normalizeString(s: string): string {
  return s.replace(/[/.:%()]/g, '-');
}

/** An External metric `s<index>-<name>`, its target from scaler.go GetMetricTargetType. */
export function externalMetric(
  scaler: ExternalScaler,
  trigger: Obj,
  index: number,
  owner: string,
  at: Path,
  report: Reporter,
): Converted | null {
  const type = str(trigger.type);
  const metadata = rec(trigger.metadata);
  let metricType = str(trigger.metricType);
  if (metricType === 'Utilization') {
    report.error(
      [...at, 'metricType'],
      "'Utilization' metric type is unsupported for external metrics, allowed values are 'Value' or 'AverageValue'",
    );
    return null;
  }
  if (metricType === '') metricType = 'AverageValue';
  for (const key of [scaler.valueKey, ...scaler.required]) {
    if (str(metadata[key]) !== '') continue;
    report.error(
      [...at, 'metadata'],
      `error parsing ${type} metadata: missing required parameter "${key}"`,
      'key',
    );
    return null;
  }
  const text = str(metadata[scaler.valueKey]);
  const threshold = parseFloat64(text);
  if (threshold === null) {
    report.error(
      [...at, 'metadata', scaler.valueKey],
      `error parsing ${type} metadata: ${scaler.valueKey}: strconv.ParseFloat: parsing "${text}": invalid syntax`,
    );
    return null;
  }
  const quantity = milliQuantity(threshold);
  const target: Obj =
    metricType === 'AverageValue'
      ? { type: metricType, averageValue: quantity }
      : { type: metricType, value: quantity };
  return {
    metric: {
      type: 'External',
      external: {
        metric: {
          name: `s${index}-${normalizeString(scaler.name(metadata))}`,
          selector: { matchLabels: { [OWNER_LABEL]: owner } },
        },
        target,
      },
    },
    valueKey: scaler.valueKey,
  };
}
