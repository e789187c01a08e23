/**
 * KEDA's `external` and `external-push` scalers (kedacore/keda v2.20 pkg/scalers/external_scaler.go):
 * the metric's name and target come from the user's gRPC server (GetMetricSpec), its value from
 * GetMetrics and its activity from IsActive (or, for external-push, the StreamIsActive stream).
 * The text holds none of that, so hpa-sim reads what the server would answer from the trigger's
 * metadata — where servers that take their settings from the ScaledObject read them — and asks for
 * it, located, when it is not there. KEDA passes the whole metadata to the server unread.
 */
import type { ScalerParams } from './scalerParams.ts';
import type { PortedMetric, ScalerPort } from './scalerPort.ts';

/** Where a server's MetricSpec target is commonly taken from, in this order. */
const TARGET_KEYS = ['targetValue', 'targetSize', 'threshold'] as const;
/** Where a server's IsActive threshold is commonly taken from, in this order. */
const ACTIVATION_KEYS = ['activationTargetValue', 'activationThreshold'] as const;

const present = (p: ScalerParams, key: string) => p.string(key, { optional: true }) !== null;

// upstream: external_scaler.go parseExternalScalerMetadata, buildMetricSpecs (the name is
// GenerateMetricNameWithIndex of the server's MetricSpec.metricName, not normalised; a
// targetSizeFloat > 0 is GetMetricTargetMili, else targetSize is GetMetricTarget)
function external(type: 'external' | 'external-push', goType: string): ScalerPort {
  return {
    goType,
    file: 'pkg/scalers/external_scaler.go',
    parse: (p): PortedMetric | null => {
      const address = p.string('scalerAddress');
      if (address === null) return null;
      const name = p.string('metricName', { optional: true });
      const targetKey = TARGET_KEYS.find((k) => present(p, k)) ?? null;
      if (name === null || targetKey === null)
        return p.need(
          name === null ? null : 'metricName',
          `the '${type}' scaler's metric name and target come from your gRPC server at ${address} (its GetMetricSpec answer), which the text does not hold: add ${[
            ...(name === null ? ['metricName: <the MetricSpec.metricName it returns>'] : []),
            ...(targetKey === null ? ['targetValue: "<its targetSize or targetSizeFloat>"'] : []),
          ].join(
            ' and ',
          )} to this trigger's metadata (KEDA hands the metadata to your server unread; hpa-sim names and targets the metric s<index>-<metricName> with it)`,
        );
      const target = p.float(targetKey);
      const activationKey = ACTIVATION_KEYS.find((k) => present(p, k)) ?? null;
      const activation = activationKey === null ? 0 : p.float(activationKey);
      if (!p.ok || target === null || activation === null) return null;
      if (target <= 0)
        return p.need(
          targetKey,
          `a MetricSpec target must be above 0 (KEDA uses targetSizeFloat only when it is > 0, else targetSize): write the target your server returns`,
        );
      return {
        name,
        target,
        // An integral target is what targetSize carries; a fraction needs targetSizeFloat.
        milli: !Number.isInteger(target),
        targetKey,
        activation,
        activationKey,
        model: 'value',
      };
    },
  };
}

/** The gRPC scalers by trigger type. */
export const EXTERNAL_SCALERS: Record<string, ScalerPort> = {
  external: external('external', 'externalScaler'),
  'external-push': external('external-push', 'externalPushScaler'),
};
