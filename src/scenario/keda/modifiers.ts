/**
 * scalingModifiers in the HPA KEDA creates (kedacore/keda v2.20.2 controllers/keda/hpa.go
 * getScaledObjectMetricSpecs; apis/keda/v1alpha1/scaledobject_webhook.go
 * ValidateAndCompileScalingModifiers): the formula must compile over the trigger names (the
 * engine's formula.ts says where it does not), the target must be a number > 0, and the External
 * metrics give way to one `composite-metric` of the modifiers' metricType (AverageValue default).
 */
import {
  COMPOSITE_METRIC_NAME,
  getMetricTargetMili,
  milliText,
  validateAndCompileScalingModifiers,
  type KedaVersion,
} from '../../engine/keda/index.ts';
import type { Reporter } from '../diagnostics.ts';
import type { KedaModel } from './model.ts';
import { OWNER_LABEL, type Obj } from './types.ts';

const AT = ['spec', 'advanced', 'scalingModifiers'] as const;

/** The composite metric, or null with the refusal reported at its field. */
export function compositeMetric(
  keda: KedaModel,
  owner: string,
  report: Reporter,
  version: KedaVersion,
): { metric: Obj; trigger: number; valueKey: string } | null {
  const so = keda.scaledObject;
  const sm = so.scalingModifiers!;
  const compiled = validateAndCompileScalingModifiers(so);
  if ('field' in compiled) {
    const fix =
      compiled.field === 'formula'
        ? ` (the formula reads the triggers by their name: ${namesOf(keda) || 'name your triggers first'})`
        : compiled.field === 'target'
          ? ' (write a number above 0 in quotes, e.g. "10")'
          : ' (use AverageValue or Value)';
    report.error(
      [...AT, compiled.field],
      compiled.message.replace(/\n/g, ': ') + fix,
      sm[compiled.field] === '' ? 'key' : 'value',
    );
    return null;
  }
  if (
    sm.activationTarget !== '' &&
    !/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(sm.activationTarget)
  ) {
    report.error(
      [...AT, 'activationTarget'],
      `scalingModifiers.ActivationTarget parsing error strconv.ParseFloat: parsing "${sm.activationTarget}": invalid syntax: KEDA's loop stops there and never activates (write a number, e.g. "0")`,
    );
    return null;
  }
  const targetMilli = getMetricTargetMili(Number(sm.target), version);
  const type = sm.metricType === 'Value' ? 'Value' : 'AverageValue';
  const quantity = milliText(targetMilli);
  return {
    metric: {
      type: 'External',
      external: {
        metric: {
          name: COMPOSITE_METRIC_NAME,
          selector: { matchLabels: { [OWNER_LABEL]: owner } },
        },
        target: type === 'Value' ? { type, value: quantity } : { type, averageValue: quantity },
      },
    },
    trigger: -1,
    valueKey: 'target',
  };
}

function namesOf(keda: KedaModel): string {
  return keda.scaledObject.triggers
    .filter((t) => t.type !== 'cpu' && t.type !== 'memory' && t.name !== '')
    .map((t) => t.name)
    .join(', ');
}
