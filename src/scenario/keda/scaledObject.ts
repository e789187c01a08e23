/**
 * A KEDA ScaledObject → the HorizontalPodAutoscaler KEDA's operator creates from it, ported from
 * kedacore/keda v2.x (controllers/keda/hpa.go, apis/keda/v1alpha1/scaledobject_types.go,
 * scaletriggers_types.go, pkg/scalers/cpu_memory_scaler.go, prometheus_scaler.go, scaler.go).
 * Only what is exact is converted: cpu and memory triggers (Resource or ContainerResource
 * metrics), prometheus and metrics-api triggers (External metrics `s<index>-prometheus`,
 * `s<index>-metric-api-<valueLocation>`). Anything else —
 * other scalers, scalingModifiers, a paused object — is refused with what to paste instead. The
 * HPA is then read like a pasted one; its diagnostics are moved back to the ScaledObject's fields.
 */
import type { Reporter } from '../diagnostics.ts';
import { clonePlain, isRecord } from '../plainData.ts';
import { validateAgainstSchema } from '../schema/validate.ts';
import { checkQuantity, milliExact } from '../simulation/units.ts';
import type { Path } from '../types.ts';
import { scaledObjectSchema } from './schema.ts';

export const KEDA_API_VERSION = 'keda.sh/v1alpha1';
export const SCALED_OBJECT_KIND = 'ScaledObject';

/** scaledobject_types.go defaultHPAMinReplicas / defaultHPAMaxReplicas. */
const DEFAULT_HPA_MIN_REPLICAS = 1;
const DEFAULT_HPA_MAX_REPLICAS = 100;
const OWNER_LABEL = 'scaledobject.keda.sh/name';
const PAUSED = 'autoscaling.keda.sh/paused';
const PAUSED_REPLICAS = 'autoscaling.keda.sh/paused-replicas';
const PAUSED_SCALE_IN = 'autoscaling.keda.sh/paused-scale-in';
const PAUSED_SCALE_OUT = 'autoscaling.keda.sh/paused-scale-out';

type Obj = Record<string, unknown>;

export interface KedaHpa {
  /** The autoscaling/v2 HPA KEDA would create. */
  manifest: Obj;
  /** Reports at the HPA's paths, located at the ScaledObject's fields that made them. */
  report: Reporter;
  /** What is KEDA's and not modelled, and how the External metrics are fed. */
  notice: string;
}

const rec = (v: unknown): Obj => (isRecord(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** getHPAName: advanced.horizontalPodAutoscalerConfig.name, else keda-hpa-<name>. */
export function getHPAName(scaledObject: unknown): string {
  const spec = rec(rec(scaledObject).spec);
  const named = str(rec(rec(spec.advanced).horizontalPodAutoscalerConfig).name);
  return named !== '' ? named : `keda-hpa-${str(rec(rec(scaledObject).metadata).name)}`;
}

/** GetHPAMinReplicas: minReplicaCount when above 0; KEDA's activation handles 0 ↔ 1. */
function getHPAMinReplicas(spec: Obj): number {
  const min = int(spec.minReplicaCount);
  return min !== undefined && min > 0 ? min : DEFAULT_HPA_MIN_REPLICAS;
}

function getHPAMaxReplicas(spec: Obj): number {
  return int(spec.maxReplicaCount) ?? DEFAULT_HPA_MAX_REPLICAS;
}

/** Go's strconv.ParseBool. */
function parseBool(v: string): boolean | null {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return null;
}

/** Go's strconv.ParseFloat on a plain decimal (what thresholds are written as). */
function parseFloat64(v: string): number | null {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) ? Number(v) : null;
}

/** GetMetricTargetMili's quantity: the value truncated to thousandths, as DecimalSI text. */
function milliQuantity(value: number): string {
  const milli = Math.trunc(value * 1000);
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

interface Converted {
  metric: Obj;
  /** Where the target's value was written (a metadata key). */
  valueKey: string;
}

/** cpu_memory_scaler.go parseResourceMetadata + GetMetricSpecForScaling. */
function cpuMemoryMetric(
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
const EXTERNAL_SCALERS: Record<string, ExternalScaler> = {
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
function externalMetric(
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

/** scaletriggers_types.go ValidateTriggers and the webhook's bound and fallback checks. */
function validate(spec: Obj, triggers: Obj[], report: Reporter): boolean {
  let ok = true;
  if (triggers.length === 0) {
    report.error(['spec', 'triggers'], 'no triggers defined in the ScaledObject/ScaledJob', 'key');
    return false;
  }
  const names = new Set<string>();
  triggers.forEach((t, i) => {
    const type = str(t.type);
    if (t.useCachedMetrics === true && ['cpu', 'memory', 'cron'].includes(type)) {
      ok = false;
      report.error(
        ['spec', 'triggers', i, 'useCachedMetrics'],
        `property "useCachedMetrics" is not supported for "${type}" scaler`,
      );
    }
    const name = str(t.name);
    if (name !== '' && names.has(name)) {
      ok = false;
      report.error(
        ['spec', 'triggers', i, 'name'],
        `triggerName "${name}" is defined multiple times in the ScaledObject, but it must be unique`,
      );
    }
    names.add(name);
  });
  // CheckReplicaCountBoundsAreValid: an unset minReplicaCount counts 0 here.
  const min = spec.minReplicaCount === undefined ? 0 : getHPAMinReplicas(spec);
  const max = getHPAMaxReplicas(spec);
  if (min > max) {
    ok = false;
    report.error(
      ['spec', 'minReplicaCount'],
      `MinReplicaCount=${min} must be less than MaxReplicaCount=${max}`,
    );
  }
  const idle = int(spec.idleReplicaCount);
  if (idle !== undefined && idle >= min) {
    ok = false;
    report.error(
      ['spec', 'idleReplicaCount'],
      `IdleReplicaCount=${idle} must be less than MinReplicaCount=${min}`,
    );
  }
  const fallback = spec.fallback;
  if (isRecord(fallback)) {
    const threshold = int(fallback.failureThreshold) ?? 0;
    const replicas = int(fallback.replicas) ?? 0;
    if (threshold < 0 || replicas < 0) {
      ok = false;
      report.error(
        ['spec', 'fallback'],
        `FailureThreshold=${threshold} & Replicas=${replicas} must both be greater than or equal to 0`,
        'key',
      );
    }
    // The webhook's rule for the rest moved between releases (2.14 wanted an explicit
    // metricType: AverageValue, 2.17 one such trigger, 2.18 takes Value too); every release
    // refuses a fallback with only cpu and memory triggers, whose metrics KEDA does not serve.
    if (triggers.every((t) => ['cpu', 'memory'].includes(str(t.type)))) {
      ok = false;
      report.error(
        ['spec', 'fallback'],
        'fallback is not supported by the CPU & memory scalers, and this ScaledObject has no other trigger: KEDA refuses it',
        'key',
      );
    }
  }
  return ok;
}

/** A quantity set above zero (isWorkloadResourceSet's AsApproximateFloat64() > 0). */
function positive(v: unknown): boolean {
  const q = checkQuantity(v);
  return q.ok && milliExact(q.value) > 0;
}

/**
 * scaledobject_webhook.go verifyCPUMemoryScalers, for a Deployment or StatefulSet target: with
 * only cpu/memory triggers the object cannot scale to 0, so minReplicaCount 0 (or unset) is
 * refused; and each container counted (the named one, with containerName) needs a request or
 * limit for the resource — checked when the workload is in the text (a LimitRange's defaults,
 * which also satisfy KEDA, are not read).
 */
function verifyCPUMemoryScalers(
  spec: Obj,
  triggers: Obj[],
  workload: unknown,
  report: Reporter,
): boolean {
  const target = rec(spec.scaleTargetRef);
  const gvk = `${str(target.apiVersion) || 'apps/v1'}.${str(target.kind) || 'Deployment'}`;
  if (gvk !== 'apps/v1.Deployment' && gvk !== 'apps/v1.StatefulSet') return true;
  const resources = triggers.map((t) => str(t.type)).filter((t) => t === 'cpu' || t === 'memory');
  if (resources.length === 0) return true;
  const containers = rec(rec(rec(rec(workload).spec).template).spec).containers;
  if (Array.isArray(containers)) {
    for (const [i, t] of triggers.entries()) {
      const resource = str(t.type);
      if (resource !== 'cpu' && resource !== 'memory') continue;
      const only = str(rec(t.metadata).containerName);
      for (const c of containers.map(rec)) {
        if (only !== '' && str(c.name) !== only) continue;
        const r = rec(c.resources);
        if (positive(rec(r.requests)[resource]) || positive(rec(r.limits)[resource])) continue;
        report.error(
          ['spec', 'triggers', i, 'type'],
          `the scaledobject has a ${resource} trigger but the container ${str(c.name)} doesn't have the ${resource} request defined`,
        );
        return false;
      }
    }
  }
  const min = int(spec.minReplicaCount);
  if (resources.length === triggers.length && (min === undefined || min === 0)) {
    report.error(
      spec.minReplicaCount === undefined ? ['spec'] : ['spec', 'minReplicaCount'],
      "scaledobject has only cpu/memory triggers AND minReplica is 0 (scale to zero doesn't work in this case): set minReplicaCount to 1 or more",
      'key',
    );
    return false;
  }
  return true;
}

/**
 * Checks the ScaledObject as its CRD and KEDA's webhook do and builds the HPA of
 * newHPAForScaledObject; null (errors reported) when KEDA would refuse it or it is not exact here.
 * `workload` is the Deployment/StatefulSet it scales when the text holds it (plain data).
 */
export function scaledObjectToHpa(
  value: unknown,
  report: Reporter,
  workload?: unknown,
): KedaHpa | null {
  const issues = validateAgainstSchema(value, scaledObjectSchema);
  for (const i of issues) report.error(i.path, i.message + hpaFieldHint(i.path), i.at);
  if (issues.length > 0) return null;
  const so = value as Obj;
  const metadata = rec(so.metadata);
  const spec = rec(so.spec);
  const name = str(metadata.name);
  const annotations = rec(metadata.annotations);
  const triggers = (spec.triggers as unknown[]).map(rec);
  if (!validate(spec, triggers, report)) return null;
  if (!verifyCPUMemoryScalers(spec, triggers, workload, report)) return null;

  if (PAUSED in annotations && parseBool(str(annotations[PAUSED])) !== false) {
    report.error(
      ['metadata', 'annotations', PAUSED],
      `this ScaledObject is paused (${PAUSED}): KEDA stops autoscaling and removes its HPA, so there is nothing to simulate; remove the annotation to simulate it`,
    );
    return null;
  }
  if (isRecord(rec(spec.advanced).scalingModifiers)) {
    report.error(
      ['spec', 'advanced', 'scalingModifiers'],
      "scalingModifiers (a composite metric from KEDA's formula) are not simulated: paste the HPA KEDA created instead (kubectl get hpa " +
        `${getHPAName(so)} -o yaml)`,
      'key',
    );
    return null;
  }

  const metrics: { metric: Obj; trigger: number; valueKey: string }[] = [];
  let ok = true;
  triggers.forEach((trigger, index) => {
    const at: Path = ['spec', 'triggers', index];
    const type = str(trigger.type);
    const converted =
      type === 'cpu' || type === 'memory'
        ? cpuMemoryMetric(trigger, type, at, report)
        : Object.hasOwn(EXTERNAL_SCALERS, type)
          ? externalMetric(EXTERNAL_SCALERS[type]!, trigger, index, name, at, report)
          : unsupported(type, at, so, report);
    if (converted) metrics.push({ ...converted, trigger: index });
    else ok = false;
  });
  if (!ok) return null;
  // getScaledObjectMetricSpecs sorts by metric source type (Go's sort.Slice: stable for a few).
  const sorted = metrics
    .map((m, i) => ({ m, i }))
    .sort((a, b) => compare(str(a.m.metric.type), str(b.m.metric.type)) || a.i - b.i)
    .map((x) => x.m);

  let minReplicas = getHPAMinReplicas(spec);
  let maxReplicas = getHPAMaxReplicas(spec);
  if (PAUSED_REPLICAS in annotations) {
    const text = str(annotations[PAUSED_REPLICAS]);
    const paused = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(paused)) {
      report.error(
        ['metadata', 'annotations', PAUSED_REPLICAS],
        `strconv.ParseInt: parsing "${text}": invalid syntax (KEDA cannot read the paused replica count)`,
      );
      return null;
    }
    // "MinReplicas on HPA can't be 0".
    minReplicas = Math.max(paused, 1);
    maxReplicas = minReplicas;
  }
  const hpaConfig = rec(rec(spec.advanced).horizontalPodAutoscalerConfig);
  let behavior = isRecord(hpaConfig.behavior) ? clonePlain(hpaConfig.behavior) : undefined;
  for (const [key, direction] of [
    [PAUSED_SCALE_IN, 'scaleDown'],
    [PAUSED_SCALE_OUT, 'scaleUp'],
  ] as const) {
    if (parseBool(str(annotations[key])) !== true) continue;
    behavior ??= {};
    behavior[direction] = { ...rec(behavior[direction]), selectPolicy: 'Disabled' };
  }
  const target = rec(spec.scaleTargetRef);
  const manifest: Obj = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: {
      name: getHPAName(so),
      ...(metadata.namespace !== undefined ? { namespace: metadata.namespace } : {}),
      ...(metadata.annotations !== undefined ? { annotations: metadata.annotations } : {}),
    },
    spec: {
      scaleTargetRef: {
        apiVersion: str(target.apiVersion) || 'apps/v1',
        kind: str(target.kind) || 'Deployment',
        name: str(target.name),
      },
      minReplicas,
      maxReplicas,
      metrics: sorted.map((m) => m.metric),
      ...(behavior !== undefined ? { behavior } : {}),
    },
  };
  return {
    manifest,
    report: mappedReporter(report, sorted, hpaConfig.name !== undefined),
    notice: noticeOf(so, manifest, sorted),
  };
}

/** The HPA's field names, written in a ScaledObject's spec: what KEDA calls them. */
const HPA_FIELDS: Record<string, string> = {
  minReplicas: 'minReplicaCount',
  maxReplicas: 'maxReplicaCount',
  metrics: 'triggers',
  behavior: 'advanced.horizontalPodAutoscalerConfig.behavior',
};

function hpaFieldHint(path: Path): string {
  const key = path[1];
  if (path.length !== 2 || path[0] !== 'spec' || typeof key !== 'string') return '';
  const keda = HPA_FIELDS[key];
  return keda ? ` A ScaledObject calls the HPA's ${key} spec.${keda}.` : '';
}

/** Go compares strings byte by byte. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function unsupported(type: string, at: Path, so: Obj, report: Reporter): null {
  report.error(
    [...at, 'type'],
    `the '${type}' scaler is not simulated exactly here (${['cpu', 'memory', ...Object.keys(EXTERNAL_SCALERS)].join(', ')} are): the name and target of its External metric come from that scaler's own code. Paste the HPA KEDA created instead (kubectl get hpa ${getHPAName(so)} -o yaml); its External metric gets a default load the Simulation document can change`,
  );
  return null;
}

/** HPA paths → the ScaledObject fields they came from; messages say they are the HPA's. */
function mappedReporter(
  report: Reporter,
  metrics: { trigger: number; valueKey: string }[],
  namedHpa: boolean,
): Reporter {
  const map = (path: Path): Path => {
    const [head, key, ...rest] = path;
    if (head === 'metadata' && key === 'name' && namedHpa)
      return ['spec', 'advanced', 'horizontalPodAutoscalerConfig', 'name'];
    if (head !== 'spec') return path;
    if (key === 'minReplicas') return ['spec', 'minReplicaCount'];
    if (key === 'maxReplicas') return ['spec', 'maxReplicaCount'];
    if (key === 'behavior')
      return ['spec', 'advanced', 'horizontalPodAutoscalerConfig', 'behavior', ...rest];
    if (key === 'metrics' && typeof rest[0] === 'number') {
      const m = metrics[rest[0]];
      if (!m) return ['spec', 'triggers'];
      const inTarget = rest.includes('target');
      return inTarget
        ? ['spec', 'triggers', m.trigger, 'metadata', m.valueKey]
        : ['spec', 'triggers', m.trigger];
    }
    return path;
  };
  const say = (message: string) => `in the HPA KEDA creates: ${message}`;
  return {
    error: (path, message, at) => report.error(map(path), say(message), at),
    warning: (path, message, at) => report.warning(map(path), say(message), at),
    info: (path, message, at) => report.info(map(path), message, at),
  };
}

function noticeOf(so: Obj, hpa: Obj, metrics: { metric: Obj }[]): string {
  const spec = rec(so.spec);
  const hpaSpec = rec(hpa.spec);
  const external = metrics
    .map((m) => str(rec(rec(rec(m.metric).external).metric).name))
    .filter((n) => n !== '');
  const min = int(spec.minReplicaCount) ?? 0;
  const notModelled = [
    min === 0 || spec.idleReplicaCount !== undefined
      ? `activation (KEDA scales to ${int(spec.idleReplicaCount) ?? 0} when every trigger is inactive and back to ${hpaSpec.minReplicas as number} when one is; the HPA never goes below ${hpaSpec.minReplicas as number})`
      : `activation to and from 0 (unused: minReplicaCount is ${min})`,
    `pollingInterval (${int(spec.pollingInterval) ?? 30}s)`,
    `cooldownPeriod (${int(spec.cooldownPeriod) ?? 300}s)`,
    ...(spec.fallback !== undefined ? ['fallback'] : []),
  ];
  const feed =
    external.length > 0
      ? `; the External metric${external.length > 1 ? 's' : ''} ${external.join(', ')} ${external.length > 1 ? 'are' : 'is'} fed by the default world, or by spec.load.external.${external[0]!}${external.length > 1 ? ' (and the others)' : ''} in a Simulation document`
      : '';
  return `a KEDA ScaledObject: simulating the HorizontalPodAutoscaler ${str(rec(hpa.metadata).name)} KEDA's operator creates from it (minReplicas ${hpaSpec.minReplicas as number}, maxReplicas ${hpaSpec.maxReplicas as number}, ${metrics.length} metric${metrics.length === 1 ? '' : 's'}); KEDA's own part is not modelled: ${notModelled.join(', ')}${feed}`;
}
