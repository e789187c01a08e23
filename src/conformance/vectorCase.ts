// Reading one conformance vector (format: ../shared/conformance/README.md) into engine inputs.
// Every structural problem is reported with its field path, so a bad file names line and field.

import {
  controllerConfigFor,
  gatesFor,
  KUBERNETES_RELEASES,
  releaseNamed,
  type ControllerConfig,
  type ControllerMemory,
  type HorizontalPodAutoscaler,
  type Observation,
} from '../engine/controller/index.ts';

export interface VectorExpected {
  validationErrors: string[];
  replicas: number;
  desiredReplicas: number;
  rescaled: boolean;
  lastScaleTime: number | null;
  /** `message` (format extension): when a case gives it, it is compared word for word */
  conditions: { type: string; status: string; reason: string; message?: string }[];
  history: ControllerMemory;
  /** format extension: the events the step records, in order, compared when present */
  events?: { type: string; reason: string; message: string }[];
  /** release vectors only: status.observedGeneration after the step (null = not written) */
  observedGeneration?: number | null;
  trace?: Record<string, unknown>;
}

export interface VectorCase {
  name: string;
  now: number;
  controller: ControllerConfig;
  hpa: HorizontalPodAutoscaler;
  observation: Omit<Observation, 'hpa'>;
  history: ControllerMemory;
  expected?: VectorExpected;
}

type Json = unknown;

class CaseError extends Error {}

function isObj(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function need(
  obj: Record<string, Json>,
  key: string,
  kind: 'number' | 'string' | 'boolean' | 'object' | 'array',
  path: string,
): Json {
  const v = obj[key];
  const p = path ? `${path}.${key}` : key;
  if (v === undefined) throw new CaseError(`missing field "${p}"`);
  const ok =
    kind === 'array'
      ? Array.isArray(v)
      : kind === 'object'
        ? isObj(v)
        : typeof v === kind && (kind !== 'number' || Number.isFinite(v));
  if (!ok)
    throw new CaseError(
      `field "${p}" must be ${kind === 'array' || kind === 'object' ? `an ${kind}` : `a ${kind}`}`,
    );
  return v;
}

function checkHistory(v: Json, path: string, allowNullRecs: boolean): ControllerMemory {
  if (!isObj(v)) throw new CaseError(`field "${path}" must be an object`);
  const recs = v.recommendations;
  if (recs === undefined) throw new CaseError(`missing field "${path}.recommendations"`);
  if (!(recs === null && allowNullRecs) && !Array.isArray(recs)) {
    throw new CaseError(
      `field "${path}.recommendations" must be an array${allowNullRecs ? ' or null' : ''}`,
    );
  }
  (Array.isArray(recs) ? recs : []).forEach((r, i) => {
    if (!isObj(r)) throw new CaseError(`field "${path}.recommendations[${i}]" must be an object`);
    need(r, 'timestamp', 'number', `${path}.recommendations[${i}]`);
    need(r, 'replicas', 'number', `${path}.recommendations[${i}]`);
  });
  for (const k of ['scaleUpEvents', 'scaleDownEvents'] as const) {
    const list = need(v, k, 'array', path) as Json[];
    list.forEach((e, i) => {
      const p = `${path}.${k}[${i}]`;
      if (!isObj(e)) throw new CaseError(`field "${p}" must be an object`);
      need(e, 'timestamp', 'number', p);
      need(e, 'replicaChange', 'number', p);
      need(e, 'outdated', 'boolean', p);
    });
  }
  return v as unknown as ControllerMemory;
}

/** Parse one JSONL line; returns the case or an error message (never throws). */
export function parseVectorLine(
  line: string,
): { ok: true; value: VectorCase } | { ok: false; error: string } {
  let raw: Json;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    return { ok: false, error: `invalid JSON: ${(e as Error).message}` };
  }
  return parseVectorValue(raw);
}

/** The same for an already-parsed JSON value. */
export function parseVectorValue(
  raw: unknown,
): { ok: true; value: VectorCase } | { ok: false; error: string } {
  try {
    return { ok: true, value: toCase(raw) };
  } catch (e) {
    if (e instanceof CaseError) return { ok: false, error: e.message };
    throw e;
  }
}

function toCase(raw: Json): VectorCase {
  if (!isObj(raw)) throw new CaseError('a case must be a JSON object');
  const name = need(raw, 'name', 'string', '') as string;
  const now = need(raw, 'now', 'number', '') as number;
  const controller = need(raw, 'controller', 'object', '') as Record<string, Json>;
  for (const k of [
    'tolerance',
    'cpuInitializationPeriodSeconds',
    'initialReadinessDelaySeconds',
    'downscaleStabilizationSeconds',
    'scaleUpLimitFactor',
    'scaleUpLimitMinimum',
  ]) {
    need(controller, k, 'number', 'controller');
  }
  const gates = need(controller, 'featureGates', 'object', 'controller') as Record<string, Json>;
  const hpa = need(raw, 'hpa', 'object', '') as Record<string, Json>;
  const spec = need(hpa, 'spec', 'object', 'hpa') as Record<string, Json>;
  need(spec, 'maxReplicas', 'number', 'hpa.spec');
  const currentReplicas = need(raw, 'currentReplicas', 'number', '') as number;
  const statusReplicas = need(raw, 'statusReplicas', 'number', '') as number;
  const pods = need(raw, 'pods', 'array', '') as Json[];
  pods.forEach((p, i) => {
    if (!isObj(p)) throw new CaseError(`field "pods[${i}]" must be an object`);
    need(p, 'name', 'string', `pods[${i}]`);
    need(p, 'phase', 'string', `pods[${i}]`);
    need(p, 'containers', 'array', `pods[${i}]`);
  });
  const history = checkHistory(raw.history, 'history', true);
  let expected: VectorExpected | undefined;
  if (raw.expected !== undefined) {
    const e = need(raw, 'expected', 'object', '') as Record<string, Json>;
    need(e, 'replicas', 'number', 'expected');
    need(e, 'desiredReplicas', 'number', 'expected');
    need(e, 'rescaled', 'boolean', 'expected');
    need(e, 'conditions', 'array', 'expected');
    need(e, 'validationErrors', 'array', 'expected');
    checkHistory(e.history, 'expected.history', true);
    expected = e as unknown as VectorExpected;
  }
  const flags = {
    syncPeriodSeconds:
      typeof controller.syncPeriodSeconds === 'number' ? controller.syncPeriodSeconds : 15,
    tolerance: controller.tolerance as number,
    cpuInitializationPeriodSeconds: controller.cpuInitializationPeriodSeconds as number,
    initialReadinessDelaySeconds: controller.initialReadinessDelaySeconds as number,
    downscaleStabilizationSeconds: controller.downscaleStabilizationSeconds as number,
    featureGates: {
      HPAConfigurableTolerance: gates.HPAConfigurableTolerance !== false,
      HPAScaleToZero: gates.HPAScaleToZero === true,
    },
    scaleUpLimitFactor: controller.scaleUpLimitFactor as number,
    scaleUpLimitMinimum: controller.scaleUpLimitMinimum as number,
  };
  const config: ControllerConfig =
    raw.kubernetesVersion === undefined
      ? {
          ...flags,
          featureGates: {
            HPAConfigurableTolerance: gates.HPAConfigurableTolerance !== false,
            HPAScaleToZero: gates.HPAScaleToZero === true,
          },
          ignoreSucceededPods: controller.ignoreSucceededPods === true,
          containerMetricMissingIsError: controller.containerMetricMissingIsError !== false,
        }
      : releaseConfig(raw.kubernetesVersion, flags, gates, controller);
  const observation: Omit<Observation, 'hpa'> = {
    currentReplicas,
    statusReplicas,
    selector: (raw.selector as Observation['selector']) ?? null,
    scaleGetError: raw.scaleGetError === true,
    scaleUpdateError: raw.scaleUpdateError === true,
    pods: pods as unknown as Observation['pods'],
    unmatchedPodMetrics: (raw.unmatchedPodMetrics as Observation['unmatchedPodMetrics']) ?? [],
    objectMetrics: (raw.objectMetrics as Observation['objectMetrics']) ?? [],
    externalMetrics: (raw.externalMetrics as Observation['externalMetrics']) ?? [],
  };
  return {
    name,
    now,
    controller: config,
    hpa: hpa as unknown as HorizontalPodAutoscaler,
    observation,
    history,
    expected,
  };
}

/**
 * A vector naming a release (`kubernetesVersion`, format extension): the release's gates and
 * rules (releases.ts), the vector's `controller.featureGates` entries as overrides (a gate the
 * release lacks, or a locked one changed, makes the case malformed), and the two switches when the
 * controller block states them.
 */
function releaseConfig(
  version: Json,
  flags: Omit<
    ControllerConfig,
    'featureGates' | 'ignoreSucceededPods' | 'containerMetricMissingIsError'
  >,
  gates: Record<string, Json>,
  controller: Record<string, Json>,
): ControllerConfig {
  const release = releaseNamed(version);
  if (release === null) {
    throw new CaseError(
      `field "kubernetesVersion" must be one of ${KUBERNETES_RELEASES.map((v) => `"${v}"`).join(', ')}`,
    );
  }
  const overrides: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(gates)) {
    if (typeof value !== 'boolean')
      throw new CaseError(`field "controller.featureGates.${name}" must be a boolean`);
    overrides[name] = value;
  }
  const resolved = gatesFor(release, overrides);
  if (resolved.problems.length > 0) {
    const p = resolved.problems[0]!;
    throw new CaseError(`field "controller.featureGates.${p.gate}": ${p.message}`);
  }
  const config = controllerConfigFor(release, flags, resolved.gates);
  if (typeof controller.ignoreSucceededPods === 'boolean')
    config.ignoreSucceededPods = controller.ignoreSucceededPods;
  if (typeof controller.containerMetricMissingIsError === 'boolean')
    config.containerMetricMissingIsError = controller.containerMetricMissingIsError;
  return config;
}
