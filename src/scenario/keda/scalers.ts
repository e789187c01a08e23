/**
 * The cpu and memory scalers' Resource metrics (kedacore/keda v2.20.2
 * pkg/scalers/cpu_memory_scaler.go parseResourceMetadata, GetMetricSpecForScaling). The other
 * scalers' External metrics are in scalerRegistry.ts and externalMetric.ts.
 */
import type { Reporter } from '../diagnostics.ts';
import { checkQuantity } from '../simulation/units.ts';
import type { Path } from '../types.ts';
import { rec, str, type Obj } from './types.ts';

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
