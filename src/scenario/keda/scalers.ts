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
  const metricType = str(trigger.metricType);
  // The typed config's `deprecated` tag (scalersconfig typed_config.go setValue): a `type` key
  // that is present refuses the trigger, whatever its value; from 2.18 it is no longer read.
  const deprecated = str(metadata.type).trim();
  if (deprecated !== '') {
    report.error(
      [...at, 'metadata', 'type'],
      `error parsing ${resource} metadata: scaler ${resource} info: The 'type' setting is DEPRECATED and is removed in v2.18 - Use 'metricType' instead. ` +
        `Fix: delete metadata.type and write metricType: ${deprecated} on the trigger`,
      'key',
    );
    return null;
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
