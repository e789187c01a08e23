/**
 * `external` / `external-push`: the metric KEDA builds from the server's MetricSpec
 * (external_scaler.go buildMetricSpecs: GenerateMetricNameWithIndex, not normalised; targetSizeFloat
 * > 0 → GetMetricTargetMili, else GetMetricTarget), read from the trigger's metadata; what is
 * missing is asked for at the metadata, saying what to add.
 */
import { describe, expect, it } from 'vitest';
import { convert, ext } from './testing/convert.ts';

describe('external scalers: the gRPC server answers, read from the metadata', () => {
  it('names the metric s<index>-<metricName> as the server returns it and targets it', () => {
    const { out, said } = convert([
      { type: 'cpu', metricType: 'Utilization', metadata: { value: '50' } },
      {
        type: 'external',
        metadata: {
          scalerAddress: 'scaler.svc:6000',
          metricName: 'earthquake.Threshold',
          targetValue: '10',
          activationThreshold: '2',
        },
      },
    ]);
    expect(said).toEqual([]);
    // Not normalised: the server's own name after s1-.
    expect(ext(out, 0)).toEqual({
      name: 's1-earthquake.Threshold',
      target: { type: 'AverageValue', averageValue: '10' },
    });
    expect(out!.keda.feeds[1]).toMatchObject({ activation: 2, model: 'value' });
    expect(out!.keda.scaledObject.triggers[1]!.goType).toBe('externalScaler');
  });

  it('external-push takes a fractional target (targetSizeFloat) and a Value metricType', () => {
    const { out, said } = convert([
      {
        type: 'external-push',
        metricType: 'Value',
        metadata: { scalerAddress: 'push:6000', metricName: 'depth', targetSize: '2.5' },
      },
    ]);
    expect(said).toEqual([]);
    expect(ext(out)).toEqual({ name: 's0-depth', target: { type: 'Value', value: '2500m' } });
    expect(out!.keda.scaledObject.triggers[0]!.type).toBe('external-push');
  });

  it('asks, located, for what the server would say; KEDA itself refuses a missing scalerAddress', () => {
    const bad = (metadata: Record<string, string>) =>
      convert([{ type: 'external', metadata }]).said;
    expect(bad({ metricName: 'm', targetValue: '1' })).toEqual([
      {
        path: 'spec.triggers.0.metadata',
        message:
          'error parsing external metadata: missing required parameter "scalerAddress" in [triggerMetadata]',
      },
    ]);
    const none = bad({ scalerAddress: 's:1' });
    expect(none).toHaveLength(1);
    expect(none[0]!.path).toBe('spec.triggers.0.metadata');
    expect(none[0]!.message).toContain(
      'add metricName: <the MetricSpec.metricName it returns> and targetValue',
    );
    const noTarget = bad({ scalerAddress: 's:1', metricName: 'm' });
    expect(noTarget[0]!.path).toBe('spec.triggers.0.metadata.metricName');
    expect(noTarget[0]!.message).not.toContain('add metricName');
    expect(bad({ scalerAddress: 's:1', metricName: 'm', targetValue: '0' })[0]!.path).toBe(
      'spec.triggers.0.metadata.targetValue',
    );
  });
});
