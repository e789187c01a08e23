/**
 * A KEDA ScaledObject → the HorizontalPodAutoscaler KEDA's operator creates from it:
 * newHPAForScaledObject and getScaledObjectMetricSpecs of kedacore/keda controllers/keda/hpa.go
 * (kedacore/keda v2.20.2). cpu and memory triggers become Resource (or ContainerResource) metrics
 * (scalers.ts); every ported scaler an External metric named and targeted as its code does
 * (scalerRegistry.ts, externalMetric.ts); scalingModifiers one `composite-metric` (modifiers.ts).
 * What KEDA itself refuses is refused with its message (webhook.ts); a type KEDA does not know is
 * refused with the nearest one. The HPA is then read like a pasted one;
 * its diagnostics are moved back to the ScaledObject's fields. Beside it comes the ScaledObject
 * as KEDA's core reads it (model.ts), for the KEDA plane.
 */
import type { Reporter } from '../diagnostics.ts';
import { clonePlain, isRecord } from '../plainData.ts';
import { validateAgainstSchema } from '../schema/validate.ts';
import type { Path } from '../types.ts';
import {
  atLeast,
  DEFAULT_KEDA_VERSION,
  getBoolAnnotation,
  type KedaTrigger,
  type KedaVersion,
} from '../../engine/keda/index.ts';
import { externalMetric } from './externalMetric.ts';
import { kedaModelOf, type KedaModel, type KedaTriggerFeed } from './model.ts';
import { compositeMetric } from './modifiers.ts';
import { cpuMemoryMetric } from './scalers.ts';
import { closestScaler, REMOVED_SCALERS, SCALERS } from './scalerRegistry.ts';
import { scaledObjectSchema } from './schema.ts';
import {
  getHPAMaxReplicas,
  getHPAMinReplicas,
  getHPAName,
  int,
  parseBool,
  PAUSED,
  PAUSED_REPLICAS,
  PAUSED_SCALE_IN,
  PAUSED_SCALE_OUT,
  rec,
  str,
  type Obj,
} from './types.ts';
import { validateScaledObject, verifyCPUMemoryScalers } from './webhook.ts';

export { KEDA_API_VERSION, SCALED_OBJECT_KIND } from './types.ts';

export interface KedaHpa {
  /** The autoscaling/v2 HPA KEDA would create. */
  manifest: Obj;
  /** Reports at the HPA's paths, located at the ScaledObject's fields that made them. */
  report: Reporter;
  /** What is KEDA's and not modelled, and how the External metrics are fed. */
  notice: string;
  /** The ScaledObject as KEDA's core reads it, and how each trigger is fed. */
  keda: KedaModel;
  /** External metrics whose value is a backlog (the default world gives them a queue). */
  queueMetrics: string[];
  /**
   * With scalingModifiers the HPA reads one composite metric KEDA computes from the triggers'
   * own metrics: the world feeds those instead (their metric specs and a reporter at their
   * triggers). null without scalingModifiers (the world feeds the HPA's metrics).
   */
  world: { metrics: Obj[]; report: Reporter } | null;
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
  version: KedaVersion = DEFAULT_KEDA_VERSION,
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
  if (!validateScaledObject(spec, triggers, report)) return null;
  if (!verifyCPUMemoryScalers(spec, triggers, workload, report)) return null;

  const metrics: { metric: Obj; trigger: number; valueKey: string }[] = [];
  const kedaTriggers: KedaTrigger[] = [];
  const feeds: KedaTriggerFeed[] = [];
  const queueMetrics: string[] = [];
  const namespace = str(metadata.namespace) || 'default';
  let ok = true;
  triggers.forEach((trigger, index) => {
    const at: Path = ['spec', 'triggers', index];
    const type = str(trigger.type);
    const base = {
      index,
      type,
      name: str(trigger.name),
      useCachedMetrics: trigger.useCachedMetrics === true,
    };
    if (type === 'cpu' || type === 'memory') {
      const converted = cpuMemoryMetric(trigger, type, at, report);
      if (!converted) return void (ok = false);
      metrics.push({ ...converted, trigger: index });
      kedaTriggers.push({ ...base, goType: 'cpuMemoryScaler', metrics: [] });
      feeds.push({ index, activation: 0, model: 'resource' });
      return;
    }
    const port = Object.hasOwn(SCALERS, type) ? SCALERS[type]! : null;
    if (!port) return void (ok = unsupported(type, at, report));
    const converted = externalMetric(port, trigger, index, name, namespace, at, report, version);
    if (!converted) return void (ok = false);
    metrics.push({ ...converted, trigger: index });
    const spec0 = {
      name: converted.name,
      targetType: converted.targetType,
      targetMilli: converted.targetMilli,
    };
    kedaTriggers.push({ ...base, goType: port.goType, metrics: [spec0] });
    const { activation, model, cron } = converted.port;
    feeds.push({ index, activation, model, ...(cron ? { cron } : {}) });
    if (model === 'queue') queueMetrics.push(converted.name);
  });
  if (!ok) return null;
  const keda = kedaModelOf(so, kedaTriggers, feeds, version);
  let world: KedaHpa['world'] = null;
  if (keda.scaledObject.scalingModifiers) {
    const fed = bySourceType(metrics);
    world = {
      metrics: fed.map((m) => m.metric),
      report: mappedReporter(report, fed, hpaConfig0(spec).name !== undefined),
    };
    // K1: one composite metric stands for every External metric; Resource metrics stay.
    const composite = compositeMetric(keda, name, report, version);
    if (!composite) return null;
    const kept = metrics.filter((m) => m.metric.type !== 'External');
    metrics.length = 0;
    metrics.push(...kept, composite);
  }
  const sorted = bySourceType(metrics);

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
    // ≤ 2.19 pinned the HPA ("MinReplicas on HPA can't be 0"); 2.20 deletes it and holds the
    // target at N itself (engine/keda handlePause), so the HPA built is the one an unpause makes.
    if (!atLeast(version, '2.20.0')) {
      minReplicas = Math.max(paused, 1);
      maxReplicas = minReplicas;
    }
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
    notice: noticeOf(so, manifest, sorted, version, world?.metrics ?? null),
    keda,
    queueMetrics,
    world,
  };
}

// getScaledObjectMetricSpecs sorts by metric source type (Go's sort.Slice: stable for a few).
function bySourceType<M extends { metric: Obj }>(metrics: M[]): M[] {
  return metrics
    .map((m, i) => ({ m, i }))
    .sort((a, b) => compare(str(a.m.metric.type), str(b.m.metric.type)) || a.i - b.i)
    .map((x) => x.m);
}

const hpaConfig0 = (spec: Obj): Obj => rec(rec(spec.advanced).horizontalPodAutoscalerConfig);

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

function unsupported(type: string, at: Path, report: Reporter): false {
  if (Object.hasOwn(REMOVED_SCALERS, type)) {
    report.error(
      [...at, 'type'],
      `${REMOVED_SCALERS[type]!}: this simulator follows KEDA 2.20, where the '${type}' scaler is gone; move the trigger to the scaler KEDA names`,
    );
    return false;
  }
  const near = closestScaler(type);
  report.error(
    [...at, 'type'],
    `no scaler found for type: ${type}${near ? ` (did you mean '${near}'?)` : ''}: KEDA refuses the ScaledObject. Write one of KEDA's scaler types (${['cpu', 'memory', ...Object.keys(SCALERS)].join(', ')} are simulated here)`,
  );
  return false;
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
      if (m.trigger < 0) return ['spec', 'advanced', 'scalingModifiers', 'target'];
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

/** `paused` as KEDA reads it (getBoolAnnotation: a value that is not a Go bool pauses). */
function pausedByAnnotation(annotations: Obj): boolean {
  return (
    getBoolAnnotation({ annotations: { [PAUSED]: str(annotations[PAUSED]) } }, PAUSED) &&
    PAUSED in annotations
  );
}

function noticeOf(
  so: Obj,
  hpa: Obj,
  metrics: { metric: Obj }[],
  version: KedaVersion,
  fed: Obj[] | null,
): string {
  const spec = rec(so.spec);
  const hpaSpec = rec(hpa.spec);
  const external = (fed ? fed.map((metric) => ({ metric })) : metrics)
    .map((m) => str(rec(rec(rec(m.metric).external).metric).name))
    .filter((n) => n !== '');
  const min = int(spec.minReplicaCount) ?? 0;
  const fb = rec(spec.fallback);
  const modelled = [
    min === 0 || spec.idleReplicaCount !== undefined
      ? `activation (KEDA scales to ${int(spec.idleReplicaCount) ?? 0} when every trigger is inactive and back to ${hpaSpec.minReplicas as number} when one is; the HPA never goes below ${hpaSpec.minReplicas as number})`
      : `activation to and from 0 (unused: minReplicaCount is ${min})`,
    `pollingInterval (${int(spec.pollingInterval) ?? 30}s), cooldownPeriod (${int(spec.cooldownPeriod) ?? 300}s)`,
    ...(spec.fallback !== undefined
      ? [
          `fallback (${str(fb.behavior) || 'static'} ${int(fb.replicas) ?? 0} replicas after more than ${int(fb.failureThreshold) ?? 0} failed reads)`,
        ]
      : []),
  ];
  const feed =
    external.length > 0
      ? `; the External metric${external.length > 1 ? 's' : ''} ${external.join(', ')} ${external.length > 1 ? 'are' : 'is'} fed by the default world, or by spec.load.external.${external[0]!}${external.length > 1 ? ' (and the others)' : ''} in a Simulation document, and the HPA reads ${fed ? "the composite-metric KEDA's formula makes of them" : external.length > 1 ? 'them' : 'it'} through KEDA's metrics server (live at each sync unless useCachedMetrics)`
      : '';
  const annotations = rec(rec(so.metadata).annotations);
  const pausedReplicas = PAUSED_REPLICAS in annotations && atLeast(version, '2.20.0');
  if (pausedReplicas || (!(PAUSED_REPLICAS in annotations) && pausedByAnnotation(annotations)))
    modelled.unshift(
      pausedReplicas
        ? `the pause (paused-replicas ${str(annotations[PAUSED_REPLICAS])}: KEDA writes that count to the target and deletes the HPA, so no HPA runs while the annotation stays)`
        : `the pause (${PAUSED}: KEDA stops its loop and deletes the HPA, so nothing scales the target while the annotation stays: replicas stay where they are)`,
    );
  return `a KEDA ScaledObject (KEDA ${version}): simulating the HorizontalPodAutoscaler ${str(rec(hpa.metadata).name)} KEDA's operator creates from it (minReplicas ${hpaSpec.minReplicas as number}, maxReplicas ${hpaSpec.maxReplicas as number}, ${metrics.length} metric${metrics.length === 1 ? '' : 's'}) with KEDA's own loop around it: ${modelled.join(', ')}${feed}`;
}
