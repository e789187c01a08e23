// API validation of a (defaulted) HorizontalPodAutoscaler spec, after
// pkg/apis/autoscaling/validation/validation.go. The API server rejects an object with any error;
// the controller itself never validates. Errors are "path: message" with upstream's wording.

import { quantitySign } from './quantity.ts';
import type {
  CrossVersionObjectReference,
  DefaultedScalingRules,
  FeatureGates,
  HorizontalPodAutoscalerSpec,
  MetricIdentifier,
  MetricSpec,
  MetricTarget,
} from './types.ts';

export const MAX_PERIOD_SECONDS = 1800;
export const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

export interface ValidationError {
  path: string;
  message: string;
}

export function formatValidationError(e: ValidationError): string {
  return `${e.path}: ${e.message}`;
}

const METRIC_SOURCE_TYPES = ['Object', 'Pods', 'Resource', 'External', 'ContainerResource'];
const SOURCE_FIELDS = ['object', 'external', 'pods', 'resource', 'containerResource'] as const;
const FIELD_FOR_TYPE: Record<string, (typeof SOURCE_FIELDS)[number]> = {
  Object: 'object',
  Pods: 'pods',
  Resource: 'resource',
  External: 'external',
  ContainerResource: 'containerResource',
};

/** ValidateHorizontalPodAutoscalerSpec on an API-defaulted spec. */
export function validateHorizontalPodAutoscalerSpec(
  spec: HorizontalPodAutoscalerSpec,
  gates: Pick<FeatureGates, 'HPAScaleToZero'>,
  path = 'spec',
): ValidationError[] {
  const errs: ValidationError[] = [];
  const minLower = gates.HPAScaleToZero ? 0 : 1;
  const min = spec.minReplicas;
  if (min !== null && min !== undefined && min < minLower) {
    errs.push({
      path: `${path}.minReplicas`,
      message: `must be greater than or equal to ${minLower}`,
    });
  }
  if (!(spec.maxReplicas >= 1)) {
    errs.push({ path: `${path}.maxReplicas`, message: 'must be greater than 0' });
  }
  if (min !== null && min !== undefined && spec.maxReplicas < min) {
    errs.push({
      path: `${path}.maxReplicas`,
      message: 'must be greater than or equal to `minReplicas`',
    });
  }
  errs.push(...validateCrossVersionObjectReference(spec.scaleTargetRef, `${path}.scaleTargetRef`));
  errs.push(...validateMetrics(spec.metrics ?? [], `${path}.metrics`, min));
  const b = spec.behavior as {
    scaleUp?: DefaultedScalingRules;
    scaleDown?: DefaultedScalingRules;
  } | null;
  if (b) {
    if (b.scaleUp) errs.push(...validateScalingRules(b.scaleUp, `${path}.behavior.scaleUp`));
    if (b.scaleDown) errs.push(...validateScalingRules(b.scaleDown, `${path}.behavior.scaleDown`));
  }
  return errs;
}

function validateCrossVersionObjectReference(
  ref: CrossVersionObjectReference | undefined,
  path: string,
): ValidationError[] {
  const errs: ValidationError[] = [];
  if (!ref || !ref.kind) errs.push({ path: `${path}.kind`, message: 'Required value' });
  else errs.push(...validatePathSegmentName(ref.kind, `${path}.kind`));
  if (!ref || !ref.name) errs.push({ path: `${path}.name`, message: 'Required value' });
  else errs.push(...validatePathSegmentName(ref.name, `${path}.name`));
  return errs;
}

function validatePathSegmentName(name: string, path: string): ValidationError[] {
  if (name === '.' || name === '..') return [{ path, message: `may not be '${name}'` }];
  if (name.includes('/') || name.includes('%'))
    return [{ path, message: "may not contain '/' or '%'" }];
  return [];
}

function validateMetrics(
  metrics: MetricSpec[],
  path: string,
  minReplicas: number | null | undefined,
): ValidationError[] {
  const errs: ValidationError[] = [];
  let hasObjectOrExternal = false;
  metrics.forEach((m, i) => {
    errs.push(...validateMetricSpec(m, `${path}[${i}]`));
    if (m.type === 'Object' || m.type === 'External') hasObjectOrExternal = true;
  });
  if (minReplicas === 0 && !hasObjectOrExternal) {
    errs.push({
      path,
      message:
        'must specify at least one Object or External metric to support scaling to zero replicas',
    });
  }
  return errs;
}

function validateMetricSpec(spec: MetricSpec, path: string): ValidationError[] {
  const errs: ValidationError[] = [];
  if (!spec.type) errs.push({ path: `${path}.type`, message: 'must specify a metric source type' });
  if (!METRIC_SOURCE_TYPES.includes(spec.type)) {
    errs.push({ path: `${path}.type`, message: 'Unsupported value' });
  }
  const present = SOURCE_FIELDS.filter((f) => spec[f] !== undefined && spec[f] !== null);
  // Upstream validates only the first source block it finds (in this field order).
  const first = present[0];
  if (first === 'object') errs.push(...validateObjectSource(spec, `${path}.object`));
  if (first === 'external') errs.push(...validateExternalSource(spec, `${path}.external`));
  if (first === 'pods') errs.push(...validatePodsSource(spec, `${path}.pods`));
  if (first === 'resource') errs.push(...validateResourceSource(spec, `${path}.resource`, false));
  if (first === 'containerResource')
    errs.push(...validateResourceSource(spec, `${path}.containerResource`, true));
  const expected = FIELD_FOR_TYPE[spec.type];
  if (expected && (spec[expected] === undefined || spec[expected] === null)) {
    errs.push({
      path: `${path}.${expected}`,
      message: 'must populate information for the given metric source',
    });
  }
  if (present.length !== 1) {
    for (const f of present) {
      if (f !== expected)
        errs.push({ path: `${path}.${f}`, message: 'must populate the given metric source only' });
    }
  }
  return errs;
}

function validateMetricIdentifier(
  id: MetricIdentifier | undefined,
  path: string,
): ValidationError[] {
  if (!id || !id.name) return [{ path: `${path}.name`, message: 'must specify a metric name' }];
  return validatePathSegmentName(id.name, `${path}.name`);
}

function validateMetricTarget(t: MetricTarget | undefined, path: string): ValidationError[] {
  const errs: ValidationError[] = [];
  if (!t) return [{ path: `${path}.type`, message: 'must specify a metric target type' }];
  if (!t.type) errs.push({ path: `${path}.type`, message: 'must specify a metric target type' });
  if (t.type !== 'Utilization' && t.type !== 'Value' && t.type !== 'AverageValue') {
    errs.push({
      path: `${path}.type`,
      message: 'must be either Utilization, Value, or AverageValue',
    });
  }
  if (t.value !== undefined && t.value !== null && quantitySign(t.value) !== 1) {
    errs.push({ path: `${path}.value`, message: 'must be positive' });
  }
  if (
    t.averageValue !== undefined &&
    t.averageValue !== null &&
    quantitySign(t.averageValue) !== 1
  ) {
    errs.push({ path: `${path}.averageValue`, message: 'must be positive' });
  }
  if (
    t.averageUtilization !== undefined &&
    t.averageUtilization !== null &&
    !(t.averageUtilization >= 1)
  ) {
    errs.push({ path: `${path}.averageUtilization`, message: 'must be greater than 0' });
  }
  return errs;
}

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

function validateObjectSource(spec: MetricSpec, path: string): ValidationError[] {
  const src = spec.object!;
  const errs = [
    ...validateCrossVersionObjectReference(src.describedObject, `${path}.describedObject`),
    ...validateMetricIdentifier(src.metric, `${path}.metric`),
    ...validateMetricTarget(src.target, `${path}.target`),
  ];
  if (!isSet(src.target?.value) && !isSet(src.target?.averageValue)) {
    errs.push({
      path: `${path}.target.averageValue`,
      message: 'must set either a target value or averageValue',
    });
  }
  return errs;
}

function validateExternalSource(spec: MetricSpec, path: string): ValidationError[] {
  const src = spec.external!;
  const errs = [
    ...validateMetricIdentifier(src.metric, `${path}.metric`),
    ...validateMetricTarget(src.target, `${path}.target`),
  ];
  const hasValue = isSet(src.target?.value);
  const hasAverage = isSet(src.target?.averageValue);
  if (!hasValue && !hasAverage) {
    errs.push({
      path: `${path}.target.averageValue`,
      message: 'must set either a target value for metric or a per-pod target',
    });
  }
  if (hasValue && hasAverage) {
    errs.push({
      path: `${path}.target.value`,
      message: 'may not set both a target value for metric and a per-pod target',
    });
  }
  return errs;
}

function validatePodsSource(spec: MetricSpec, path: string): ValidationError[] {
  const src = spec.pods!;
  const errs = [
    ...validateMetricIdentifier(src.metric, `${path}.metric`),
    ...validateMetricTarget(src.target, `${path}.target`),
  ];
  if (!isSet(src.target?.averageValue)) {
    errs.push({
      path: `${path}.target.averageValue`,
      message: 'must specify a positive target averageValue',
    });
  }
  return errs;
}

function validateResourceSource(
  spec: MetricSpec,
  path: string,
  container: boolean,
): ValidationError[] {
  const src = container ? spec.containerResource! : spec.resource!;
  const errs: ValidationError[] = [];
  if (!src.name) errs.push({ path: `${path}.name`, message: 'must specify a resource name' });
  if (container) {
    const c = spec.containerResource!.container;
    if (!c) errs.push({ path: `${path}.container`, message: 'must specify a container' });
    else if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(c) || c.length > 63) {
      errs.push({ path: `${path}.container`, message: 'must be a valid DNS-1123 label' });
    }
  }
  errs.push(...validateMetricTarget(src.target, `${path}.target`));
  const hasUtil = isSet(src.target?.averageUtilization);
  const hasAvg = isSet(src.target?.averageValue);
  if (!hasUtil && !hasAvg) {
    errs.push({
      path: `${path}.target.averageUtilization`,
      message: 'must set either a target raw value or a target utilization',
    });
  }
  if (hasUtil && hasAvg) {
    errs.push({
      path: `${path}.target.averageValue`,
      message: 'may not set both a target raw value and a target utilization',
    });
  }
  return errs;
}

function validateScalingRules(rules: DefaultedScalingRules, path: string): ValidationError[] {
  const errs: ValidationError[] = [];
  const w = rules.stabilizationWindowSeconds;
  if (w !== null && w !== undefined && w < 0) {
    errs.push({
      path: `${path}.stabilizationWindowSeconds`,
      message: 'must be greater than or equal to zero',
    });
  }
  if (w !== null && w !== undefined && w > MAX_STABILIZATION_WINDOW_SECONDS) {
    errs.push({
      path: `${path}.stabilizationWindowSeconds`,
      message: `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`,
    });
  }
  if (!['Max', 'Min', 'Disabled'].includes(rules.selectPolicy)) {
    errs.push({
      path: `${path}.selectPolicy`,
      message: 'Unsupported value: supported values: "Disabled", "Max", "Min"',
    });
  }
  if (!rules.policies || rules.policies.length === 0) {
    errs.push({ path: `${path}.policies`, message: 'must specify at least one Policy' });
  }
  (rules.policies ?? []).forEach((p, i) => {
    const pp = `${path}.policies[${i}]`;
    if (p.type !== 'Pods' && p.type !== 'Percent') {
      errs.push({
        path: `${pp}.type`,
        message: 'Unsupported value: supported values: "Percent", "Pods"',
      });
    }
    if (!(p.value > 0)) errs.push({ path: `${pp}.value`, message: 'must be greater than zero' });
    if (!(p.periodSeconds > 0))
      errs.push({ path: `${pp}.periodSeconds`, message: 'must be greater than zero' });
    if (p.periodSeconds > MAX_PERIOD_SECONDS) {
      errs.push({
        path: `${pp}.periodSeconds`,
        message: `must be less than or equal to ${MAX_PERIOD_SECONDS}`,
      });
    }
  });
  if (rules.tolerance !== undefined && rules.tolerance !== null) {
    const s = quantitySign(rules.tolerance);
    if (Number.isNaN(s))
      errs.push({ path: `${path}.tolerance`, message: 'must be a valid quantity' });
    else if (s < 0)
      errs.push({ path: `${path}.tolerance`, message: 'must be greater than or equal to 0' });
  }
  return errs;
}
