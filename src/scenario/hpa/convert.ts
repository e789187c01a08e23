/**
 * Any accepted HPA API version → autoscaling/v2, as the API server's conversion does
 * (pkg/apis/autoscaling/{v1,v2beta1,v2beta2}/conversion.go). Input is schema-valid plain data;
 * the result is not yet defaulted. Round-trip annotations are read, then dropped; status is dropped.
 */
import type { HorizontalPodAutoscaler, MetricSpec } from '../../engine/controller/index.ts';
import { parseQuantity } from '../../engine/controller/index.ts';
import { hpaSchema, type HpaApiVersion } from '../schema/hpaSchema.ts';
import { validateAgainstSchema } from '../schema/validate.ts';
import { clonePlain as clone } from '../plainData.ts';
import type { Path } from '../types.ts';
import {
  BEHAVIOR_SPECS_ANNOTATION,
  METRIC_SPECS_ANNOTATION,
  ROUND_TRIP_ANNOTATIONS,
  TOLERANCE_SCALE_DOWN_ANNOTATION,
  TOLERANCE_SCALE_UP_ANNOTATION,
  decodeBehaviorAnnotation,
  parseJson,
} from './annotations.ts';
import { addV2beta1MetricPaths, convertV2beta1Metric } from './convertMetrics.ts';
import type { V1Spec, V2beta1MetricSpec, V2beta1Spec } from './legacyTypes.ts';
import { PathMap } from './pathMap.ts';

export interface ConversionIssue {
  severity: 'error' | 'warning';
  /** Path in the manifest as written. */
  path: Path;
  message: string;
}

export interface Conversion {
  hpa: HorizontalPodAutoscaler;
  /** autoscaling/v2 paths → paths in the manifest as written. */
  pathMap: PathMap;
  /** What the conversion did, for the info notice (empty for autoscaling/v2). */
  changes: string[];
  issues: ConversionIssue[];
}

type Manifest = Record<string, unknown> & {
  metadata?: Record<string, unknown>;
  spec?: Record<string, unknown>;
};

const annotationPath = (name: string): Path => ['metadata', 'annotations', name];

export function convertToV2(manifest: Manifest, version: HpaApiVersion): Conversion {
  const annotations = (manifest.metadata?.annotations ?? {}) as Record<string, string>;
  const result: Conversion = {
    hpa: baseObject(manifest),
    pathMap: new PathMap(),
    changes: [],
    issues: [],
  };
  const spec = (manifest.spec ?? {}) as Record<string, unknown>;
  if (version === 'autoscaling/v2') {
    result.hpa.spec = clone(spec) as unknown as HorizontalPodAutoscaler['spec'];
  } else if (version === 'autoscaling/v2beta2') {
    result.hpa.spec = clone(spec) as unknown as HorizontalPodAutoscaler['spec'];
    result.changes.push(
      'the fields are the same (autoscaling/v2beta2 is no longer served since Kubernetes 1.26)',
    );
    readToleranceAnnotations(result, annotations);
  } else if (version === 'autoscaling/v2beta1') {
    convertV2beta1Spec(result, spec as V2beta1Spec, annotations);
  } else {
    convertV1Spec(result, spec as V1Spec, annotations);
  }
  for (const name of ROUND_TRIP_ANNOTATIONS) {
    if (Object.hasOwn(annotations, name) && version === 'autoscaling/v2') {
      result.issues.push({
        severity: 'warning',
        path: annotationPath(name),
        message: `ignored: the API server reads this annotation only when converting from older API versions, and drops it`,
      });
    }
  }
  return result;
}

function baseObject(manifest: Manifest): HorizontalPodAutoscaler {
  const metadata = clone(manifest.metadata ?? {}) as Record<string, unknown>;
  const annotations = metadata.annotations as Record<string, string> | undefined;
  if (annotations) {
    for (const name of ROUND_TRIP_ANNOTATIONS) delete annotations[name];
    if (Object.keys(annotations).length === 0) delete metadata.annotations;
  }
  const spec = { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 };
  return Object.keys(metadata).length > 0
    ? { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata, spec }
    : { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', spec };
}

function baseSpec(spec: V1Spec | V2beta1Spec): HorizontalPodAutoscaler['spec'] {
  const out: HorizontalPodAutoscaler['spec'] = {
    scaleTargetRef: clone(spec.scaleTargetRef ?? { kind: '', name: '' }),
    maxReplicas: spec.maxReplicas ?? 0,
  };
  if (spec.minReplicas !== undefined) out.minReplicas = spec.minReplicas;
  return out;
}

function convertV2beta1Spec(
  result: Conversion,
  spec: V2beta1Spec,
  annotations: Record<string, string>,
): void {
  result.hpa.spec = baseSpec(spec);
  const metrics = spec.metrics ?? [];
  if (metrics.length > 0) {
    result.hpa.spec.metrics = metrics.map((m) => convertV2beta1Metric(m));
    result.changes.push(
      "each metric's targetAverageUtilization / targetAverageValue / targetValue / averageValue became target { type, … }, metricName and selector became metric { name, selector }, and an Object metric's target became describedObject",
    );
  }
  addV2beta1MetricPaths(result.pathMap);
  readBehaviorAnnotation(result, annotations);
  result.changes.push('autoscaling/v2beta1 is no longer served since Kubernetes 1.25');
}

function convertV1Spec(
  result: Conversion,
  spec: V1Spec,
  annotations: Record<string, string>,
): void {
  result.hpa.spec = baseSpec(spec);
  const metrics: MetricSpec[] = readMetricsAnnotation(result, annotations);
  if (spec.targetCPUUtilizationPercentage !== undefined) {
    const index = metrics.length;
    metrics.push({
      type: 'Resource',
      resource: {
        name: 'cpu',
        target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage },
      },
    });
    result.pathMap.add(
      ['spec', 'metrics', index, 'resource', 'target', 'averageUtilization'],
      ['spec', 'targetCPUUtilizationPercentage'],
      false,
    );
    result.pathMap.add(
      ['spec', 'metrics', index],
      ['spec', 'targetCPUUtilizationPercentage'],
      false,
    );
    result.changes.push(
      `targetCPUUtilizationPercentage: ${spec.targetCPUUtilizationPercentage} became metrics[${index}]: Resource cpu with target Utilization ${spec.targetCPUUtilizationPercentage}`,
    );
  }
  if (metrics.length === 0) {
    metrics.push({
      type: 'Resource',
      resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
    });
    result.pathMap.add(['spec', 'metrics'], ['spec'], false);
    result.changes.push(
      'without targetCPUUtilizationPercentage the conversion sets the default metric: Resource cpu with target Utilization 80',
    );
  }
  result.hpa.spec.metrics = metrics;
  readBehaviorAnnotation(result, annotations);
}

/** The v1 metrics annotation: v2beta1-shaped metrics placed before the CPU metric. */
function readMetricsAnnotation(
  result: Conversion,
  annotations: Record<string, string>,
): MetricSpec[] {
  if (!Object.hasOwn(annotations, METRIC_SPECS_ANNOTATION)) return [];
  const path = annotationPath(METRIC_SPECS_ANNOTATION);
  const json = parseJson(annotations[METRIC_SPECS_ANNOTATION]!);
  const problems = Array.isArray(json)
    ? validateAgainstSchema(json, hpaSchema, {
        start: { type: 'array', items: { $ref: '#/$defs/metricSpecV2beta1' } },
      }).filter((i) => i.kind === 'type' || i.kind === 'format')
    : [];
  if (!Array.isArray(json) || problems.length > 0) {
    const why = problems[0] ? ` (${problems[0].message})` : ' (not a JSON list of metrics)';
    result.issues.push({
      severity: 'warning',
      path,
      message: `ignored: the API server skips a metrics annotation it cannot decode${why}`,
    });
    return [];
  }
  const metrics = (json as V2beta1MetricSpec[]).map((m) => convertV2beta1Metric(m ?? {}));
  metrics.forEach((_, i) => result.pathMap.add(['spec', 'metrics', i], path, false));
  if (metrics.length > 0)
    result.changes.push(
      `${metrics.length} metric(s) came from the ${METRIC_SPECS_ANNOTATION} annotation`,
    );
  return metrics;
}

function readBehaviorAnnotation(result: Conversion, annotations: Record<string, string>): void {
  if (!Object.hasOwn(annotations, BEHAVIOR_SPECS_ANNOTATION)) return;
  const path = annotationPath(BEHAVIOR_SPECS_ANNOTATION);
  const behavior = decodeBehaviorAnnotation(annotations[BEHAVIOR_SPECS_ANNOTATION]!);
  if (!behavior) {
    result.issues.push({
      severity: 'warning',
      path,
      message:
        'ignored: the API server skips a behavior annotation it cannot decode (or that sets neither ScaleUp nor ScaleDown)',
    });
    return;
  }
  result.hpa.spec.behavior = behavior;
  result.pathMap.add(['spec', 'behavior'], path, false);
  result.changes.push(`behavior came from the ${BEHAVIOR_SPECS_ANNOTATION} annotation`);
}

/** v2beta2 has no `tolerance` field; the API server keeps it in two annotations. */
function readToleranceAnnotations(result: Conversion, annotations: Record<string, string>): void {
  const pairs = [
    [TOLERANCE_SCALE_UP_ANNOTATION, 'scaleUp'],
    [TOLERANCE_SCALE_DOWN_ANNOTATION, 'scaleDown'],
  ] as const;
  for (const [name, direction] of pairs) {
    if (!Object.hasOwn(annotations, name)) continue;
    const text = annotations[name]!;
    const path = annotationPath(name);
    if (!parseQuantity(text)) {
      result.issues.push({
        severity: 'error',
        path,
        message: `failed to parse annotation "${name}": ${JSON.stringify(text.slice(0, 40))} is not a quantity (the API server rejects the object)`,
      });
      continue;
    }
    const behavior = (result.hpa.spec.behavior ??= {});
    const rules = (behavior[direction] ??= {});
    rules.tolerance = text;
    result.pathMap.add(['spec', 'behavior', direction, 'tolerance'], path, false);
    result.changes.push(`behavior.${direction}.tolerance came from the ${name} annotation`);
  }
}
