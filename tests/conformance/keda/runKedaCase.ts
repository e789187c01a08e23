/** Runs one case of keda-cases.jsonl against src/engine/keda (format: README.md). */
import {
  checkScalers,
  DEFAULT_KEDA_VERSION,
  generateMetricInMili,
  getInitializedConditions,
  getScaledObjectMetrics,
  handlePause,
  isFormulaError,
  quantityFromFloat64,
  validateAndCompileScalingModifiers,
  type KedaScaledObject,
  type KedaStatus,
  type KedaTrigger,
  type KedaVersion,
  type MetricsRecord,
  type Program,
  type ScalerRead,
} from '../../../src/engine/keda/index.ts';

type Json = Record<string, unknown>;
export type VectorTrigger = KedaTrigger & { activation?: number };

export function scaledObjectOf(c: Json): {
  so: KedaScaledObject;
  activations: Map<string, number>;
} {
  const over = (c.scaledObject ?? {}) as Partial<KedaScaledObject> & { triggers?: VectorTrigger[] };
  const triggers: VectorTrigger[] = (
    over.triggers ?? [
      {
        type: 'prometheus',
        name: '',
        goType: 'prometheusScaler',
        useCachedMetrics: false,
        activation: 0,
        metrics: [{ name: 's0-prometheus', targetType: 'AverageValue', targetMilli: 10000 }],
      },
    ]
  ).map((t, index) => ({ ...t, index }));
  const activations = new Map<string, number>();
  for (const t of triggers) for (const m of t.metrics) activations.set(m.name, t.activation ?? 0);
  const so: KedaScaledObject = {
    name: 'so',
    namespace: 'default',
    scaleTargetKind: 'apps/v1.Deployment',
    scaleTargetName: 'app',
    minReplicaCount: null,
    maxReplicaCount: null,
    idleReplicaCount: null,
    pollingInterval: null,
    cooldownPeriod: null,
    initialCooldownPeriod: null,
    fallback: null,
    scalingModifiers: null,
    annotations: {},
    creationTime: 0,
    ...over,
    triggers,
  };
  return { so, activations };
}

/** A scaler's read: the value quantised as GenerateMetricInMili does, active when value > activation. */
function readsOf(
  raw: Json,
  activations: Map<string, number>,
  version: KedaVersion,
): Record<string, ScalerRead> {
  const out: Record<string, ScalerRead> = {};
  for (const [name, r] of Object.entries(raw as Record<string, Json>)) {
    if (typeof r.error === 'string') out[name] = { error: r.error };
    else {
      const value = r.value as number;
      out[name] = {
        values: [generateMetricInMili(value, version)],
        active: (r.active as boolean | undefined) ?? value > (activations.get(name) ?? 0),
      };
    }
  }
  return out;
}

/** Compares `expected` to the run's result; returns the mismatches. */
export function runCase(c: Json): string[] {
  const version = (c.kedaVersion as KedaVersion | undefined) ?? DEFAULT_KEDA_VERSION;
  const { so, activations } = scaledObjectOf(c);
  let status: KedaStatus = {
    lastActiveTime: null,
    health: {},
    conditions: getInitializedConditions(),
    pausedReplicaCount: null,
    ...((c.status ?? {}) as Partial<KedaStatus>),
  };
  let cache: Record<string, MetricsRecord> = {};
  let program: Program | null = null;
  if (so.scalingModifiers) {
    const p = validateAndCompileScalingModifiers(so);
    if (isFormulaError(p as never) || 'field' in p)
      return [`formula refused: ${(p as { message: string }).message}`];
    program = p as Program;
  }
  const bad: string[] = [];
  (c.steps as Json[]).forEach((step, i) => {
    const exp = step.expected as Json;
    const got: Json = {};
    const world = {
      currentReplicas: (step.currentReplicas as number) ?? 0,
      readyReplicas:
        (step.readyReplicas as number | undefined) ?? (step.currentReplicas as number) ?? 0,
    };
    if (step.op === 'quantity') {
      const v = step.value;
      got.milli = quantityFromFloat64(
        v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : (v as number),
        version,
      );
    } else if (step.op === 'pause') {
      const r = handlePause(so, status, world.currentReplicas, version)!;
      status = r.status;
      got.write = r.write;
      got.pausedReplicaCount = status.pausedReplicaCount;
    } else if (step.op === 'check') {
      const r = checkScalers(
        so,
        status,
        readsOf(step.reads as Json, activations, version),
        cache,
        world,
        step.now as number,
        program,
      );
      status = r.status;
      cache = { ...r.cache };
      Object.assign(got, {
        isActive: r.state.isActive,
        isError: r.state.isError,
        activeTriggers: r.state.activeTriggers,
        write: r.scale?.write ?? null,
        writer: r.scale?.writer ?? null,
        events: (r.scale?.events ?? []).map((e) => ({ reason: e.reason, message: e.message })),
      });
    } else {
      const r = getScaledObjectMetrics(
        so,
        status,
        step.metric as string,
        readsOf(step.reads as Json, activations, version),
        cache,
        world,
        program,
      );
      status = r.status;
      if (r.answer.error !== undefined) got.error = r.answer.error;
      else got.values = r.answer.values.map((m) => m.milli);
    }
    got.lastActiveTime = status.lastActiveTime;
    got.health = Object.fromEntries(
      Object.entries(status.health).map(([k, h]) => [k, h.numberOfFailures]),
    );
    got.conditions = Object.fromEntries(
      status.conditions.map((x) => [x.type, [x.status, x.reason]]),
    );
    for (const [key, want] of Object.entries(exp)) {
      let have = got[key];
      if (key === 'conditions' || key === 'health')
        have = Object.fromEntries(Object.keys(want as Json).map((k) => [k, (got[key] as Json)[k]]));
      if (JSON.stringify(have) !== JSON.stringify(want))
        bad.push(`step ${i} ${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(have)}`);
    }
  });
  return bad;
}
