/**
 * A ported scaler's External metric in the HPA KEDA creates (kedacore/keda v2.20.2
 * pkg/scalers/scaler.go GetMetricTargetType, GetMetricTarget, GetMetricTargetMili,
 * GenerateMetricNameWithIndex; controllers/keda/hpa.go adds the owner selector).
 */
import { getMetricTargetMili, milliText, type KedaVersion } from '../../engine/keda/index.ts';
import type { Reporter } from '../diagnostics.ts';
import type { Path } from '../types.ts';
import type { Converted } from './scalers.ts';
import { ScalerParams } from './scalerParams.ts';
import type { PortedMetric, ScalerPort } from './scalerRegistry.ts';
import { OWNER_LABEL, str, type Obj } from './types.ts';

/** The largest target whose milli count is exact here (2^53 − 1 thousandths). */
const MAX_TARGET = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

export interface ExternalConverted extends Converted {
  port: PortedMetric;
  name: string;
  targetType: 'AverageValue' | 'Value';
  targetMilli: number;
}

// upstream: kedacore/keda v2.20.2 pkg/scalers/scaler.go GetMetricTargetType
function getMetricTargetType(
  trigger: Obj,
  at: Path,
  report: Reporter,
): 'AverageValue' | 'Value' | null {
  const t = str(trigger.metricType);
  if (t === 'Utilization') {
    report.error(
      [...at, 'metricType'],
      "'Utilization' metric type is unsupported for external metrics, allowed values are 'Value' or 'AverageValue'",
    );
    return null;
  }
  if (t !== '' && t !== 'AverageValue' && t !== 'Value') {
    report.error(
      [...at, 'metricType'],
      `unsupported metricType '${t}': allowed values are 'Value' or 'AverageValue'`,
    );
    return null;
  }
  return t === 'Value' ? 'Value' : 'AverageValue';
}

/**
 * The trigger's External metrics `s<index>-<name>` and their targets (most scalers give one, in
 * GetMetricSpecForScaling's order); null with errors reported.
 */
export function externalMetric(
  port: ScalerPort,
  trigger: Obj,
  index: number,
  owner: string,
  namespace: string,
  at: Path,
  report: Reporter,
  version: KedaVersion,
): ExternalConverted[] | null {
  const targetType = port.averageValueOnly
    ? 'AverageValue'
    : port.valueOnly
      ? 'Value'
      : getMetricTargetType(trigger, at, report);
  const params = new ScalerParams(trigger, at, report);
  if (port.label) params.label = port.label;
  const ported = port.parse(params, { namespace });
  if (!targetType || !ported || !params.ok) return null;
  const ones = [ported, ...(ported.more ?? [])];
  const millis = ones.map((one) =>
    one.milli ? getMetricTargetMili(one.target, version) : Math.round(one.target * 1000),
  );
  const huge = ones.findIndex((_, i) => !Number.isSafeInteger(millis[i]));
  if (huge >= 0) {
    // Go's int64 milli value would wrap to a negative target the API server refuses; say so at
    // the threshold rather than in the HPA's terms (an "Infinitym" quantity).
    const one = ones[huge]!;
    report.error(
      [...at, 'metadata', one.targetKey],
      `${one.targetKey} ${one.target} is too large for a metric target: KEDA writes it as a milli-unit quantity, which holds at most about ${MAX_TARGET.toLocaleString('en-US')}`,
    );
    return null;
  }
  return ones.map((one, i) => {
    const targetMilli = millis[i]!;
    const quantity = milliText(targetMilli);
    const name = one.unindexed ? one.name : `s${index}-${one.name}`;
    return {
      metric: {
        type: 'External',
        external: {
          metric: { name, selector: { matchLabels: { [OWNER_LABEL]: owner } } },
          target:
            targetType === 'AverageValue'
              ? { type: targetType, averageValue: quantity }
              : { type: targetType, value: quantity },
        },
      },
      valueKey: one.targetKey,
      port: one,
      name,
      targetType,
      targetMilli,
    };
  });
}
