/**
 * K9, scalingModifiers (kedacore/keda v2.20.2 pkg/scaling/modifiers/formula.go and
 * apis/keda/v1alpha1/scaledobject_webhook.go ValidateAndCompileScalingModifiers): the triggers'
 * metrics, by trigger name, go through the formula into one `composite-metric`.
 */
import {
  compileFormula,
  isFormulaError,
  runFormula,
  type FormulaError,
  type Program,
  type Value,
} from './formula.ts';
import type { KedaScaledObject, KedaStatus } from './types.ts';

export const COMPOSITE_METRIC_NAME = 'composite-metric';

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_webhook.go castToFloatIfNecessary
export function castToFloatIfNecessary(formula: string): string {
  return formula.startsWith('float(') ? formula : `float(${formula})`;
}

/** The names the formula may use: named triggers that are not cpu or memory. */
export function formulaNames(so: Pick<KedaScaledObject, 'triggers'>): string[] {
  return so.triggers
    .filter((t) => t.type !== 'cpu' && t.type !== 'memory' && t.name !== '')
    .map((t) => t.name);
}

export type ModifiersError = FormulaError & { field: 'formula' | 'target' | 'metricType' };

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_webhook.go ValidateAndCompileScalingModifiers
export function validateAndCompileScalingModifiers(so: KedaScaledObject): Program | ModifiersError {
  const sm = so.scalingModifiers!;
  if (sm.formula === '')
    return { field: 'formula', index: 0, message: 'error ScalingModifiers.Formula is mandatory' };
  const compiled = validateScalingModifiersFormula(so);
  if ('message' in compiled)
    return {
      ...compiled,
      message: `error validating formula in ScalingModifiers\n${compiled.message}`,
    };
  const target = validateScalingModifiersTarget(so);
  if (target)
    return { ...target, message: `error validating target in ScalingModifiers\n${target.message}` };
  return compiled;
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_webhook.go validateScalingModifiersFormula
function validateScalingModifiersFormula(so: KedaScaledObject): Program | ModifiersError {
  const sm = so.scalingModifiers!;
  if (sm.target === '')
    return { field: 'target', index: 0, message: 'formula is given but target is empty' };
  const wrapped = castToFloatIfNecessary(sm.formula);
  const shift = wrapped.length === sm.formula.length ? 0 : 'float('.length;
  const names = formulaNames(so);
  const program = compileFormula(wrapped, names);
  if (isFormulaError(program)) {
    const index = Math.max(0, Math.min(program.index - shift, sm.formula.length));
    return {
      field: 'formula',
      index,
      message: program.message.replace(
        /\((\d+):(\d+)\)$/,
        (_m, l, c) => `(${l}:${Math.max(1, Number(c) - shift)})`,
      ),
    };
  }
  // Run once with every trigger at -1, as the webhook does, to catch run-time failures.
  const run = runFormula(program, Object.fromEntries(names.map((n) => [n, -1])));
  if ('error' in run) return { field: 'formula', index: 0, message: run.error };
  return program;
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_webhook.go validateScalingModifiersTarget
function validateScalingModifiersTarget(so: KedaScaledObject): ModifiersError | null {
  const sm = so.scalingModifiers!;
  if (sm.target === '') return null;
  const num = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(sm.target) ? Number(sm.target) : NaN;
  if (Number.isNaN(num) || num <= 0)
    return {
      field: 'target',
      index: 0,
      message: `error converting target for scalingModifiers (string->float) to valid target: ${Number.isNaN(num) ? `strconv.ParseFloat: parsing "${sm.target}": invalid syntax` : '%!w(<nil>)'}`,
    };
  if (sm.metricType === 'Utilization')
    return {
      field: 'metricType',
      index: 0,
      message:
        'error trigger type is Utilization, but it needs to be AverageValue or Value for external metrics',
    };
  return null;
}

/** One metric value by metric name (milli). */
export interface NamedMetric {
  metricName: string;
  milli: number;
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/modifiers/formula.go scalingModifierTriggerValue
/** nil for a trigger past its failure threshold under fallback behavior scalingModifiers. */
export function scalingModifierTriggerValue(
  so: KedaScaledObject,
  status: KedaStatus,
  metric: NamedMetric,
): number | null {
  const fb = so.fallback;
  if (fb && fb.behavior === 'scalingModifiers') {
    const h = status.health[metric.metricName];
    if (h && h.numberOfFailures > fb.failureThreshold) return null;
  }
  return metric.milli / 1000;
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/modifiers/formula.go calculateScalingModifiersFormula
/** The composite metric in milli (SetMilli(int64(out × 1000)), a truncation), or an error. */
export function calculateScalingModifiersFormula(
  so: KedaScaledObject,
  status: KedaStatus,
  list: readonly NamedMetric[],
  pairs: Readonly<Record<string, string>>,
  program: Program,
): { milli: number } | { error: string } {
  const data: Record<string, Value> = {};
  for (const m of list)
    data[pairs[m.metricName] ?? ''] = scalingModifierTriggerValue(so, status, m);
  const run = runFormula(program, data);
  if ('error' in run) return { error: `error trying to run custom formula: ${run.error}` };
  if (run.value === null) {
    // A nil result stands for "no trigger could say": fallback.replicas × target.
    const fb = so.fallback;
    if (!fb)
      return {
        error:
          'error trying to run custom formula: the formula returned nil and there is no fallback',
      };
    return { milli: Math.trunc(fb.replicas * Number(so.scalingModifiers!.target) * 1000) + 0 };
  }
  if (typeof run.value !== 'number')
    return {
      error: `error trying to run custom formula: result is ${typeof run.value}, not float64`,
    };
  return { milli: Math.trunc(run.value * 1000) + 0 };
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/modifiers/formula.go HandleScalingModifiers
/**
 * The metrics the HPA gets: unchanged without modifiers; the composite while no fallback is
 * active; the first fallback value as the composite while one is. null: the formula failed
 * (KEDA logs it and serves no metric).
 */
export function handleScalingModifiers(
  so: KedaScaledObject,
  status: KedaStatus,
  metrics: readonly NamedMetric[],
  pairs: Readonly<Record<string, string>>,
  fallbackActive: boolean,
  fallbackMetrics: readonly NamedMetric[],
  program: Program | null,
): readonly NamedMetric[] | null {
  if (!so.scalingModifiers) return metrics;
  if (!fallbackActive) {
    if (!program) return null;
    const out = calculateScalingModifiersFormula(so, status, metrics, pairs, program);
    return 'error' in out ? null : [{ metricName: COMPOSITE_METRIC_NAME, milli: out.milli }];
  }
  if (fallbackMetrics.length > 0)
    return [{ metricName: COMPOSITE_METRIC_NAME, milli: fallbackMetrics[0]!.milli }];
  return metrics;
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/modifiers/formula.go GetPairTriggerAndMetric
export function getPairTriggerAndMetric(
  so: KedaScaledObject,
  metric: string,
  trigger: string,
): Record<string, string> {
  return so.scalingModifiers && so.scalingModifiers.formula !== '' && trigger !== ''
    ? { [metric]: trigger }
    : {};
}
