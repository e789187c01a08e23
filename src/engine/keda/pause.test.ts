// K10's pause as KEDA's ScaledObject controller runs it (scaledobject_controller.go
// reconcileScaledObject): `paused` stops the loop and deletes the HPA, replicas stay; 2.20's
// paused-replicas wins over `paused`, writes N and deletes the HPA; the annotation's removal
// marks the object unpaused.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/parseScenario.ts';
import { simulate, syncDetail, type FullSimulationResult } from '../simulation/index.ts';
import type { SimulationInput } from '../simulation/input.ts';
import { getInitializedConditions, getCondition } from './conditions.ts';
import { hpaDeleted, reconcilePause } from './pause.ts';
import type { KedaStatus } from './types.ts';

function text(annotations: string, extra = ''): string {
  return `apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: so
  annotations: { ${annotations} }
spec:
  scaleTargetRef: { name: app }
  minReplicaCount: 0
  maxReplicaCount: 20
  cooldownPeriod: 60
  triggers:
    - type: prometheus
      metadata: { serverAddress: "http://p:9090", query: q, threshold: "10" }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: t }
spec:
  duration: 10m
${extra}  workload:
    replicas: 3
    containers: [{ name: app, resources: { requests: { cpu: 250m } } }]
  load:
    external:
      s0-prometheus: { value: { type: constant, value: 90 } }
`;
}

function input(t: string): SimulationInput {
  const r = parseScenario(t);
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  return r.input!;
}

function run(i: SimulationInput): FullSimulationResult {
  const out = simulate(i, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

describe('autoscaling.keda.sh/paused: KEDA deletes the HPA and stops its loop', () => {
  it('replicas stay where they are; no HPA reconciles; Paused=True ScaledObjectPaused', () => {
    const r = run(input(text('autoscaling.keda.sh/paused: "true"')));
    expect(new Set(r.syncs.map((s) => s.replicas))).toEqual(new Set([3]));
    expect(r.syncs.every((s) => s.noHpa === true && s.keda!.noHpa === true)).toBe(true);
    expect(r.syncs.flatMap((s) => [...s.events, ...s.keda!.events, ...s.keda!.writes])).toEqual([]);
    expect(getCondition(r.syncs[5]!.keda!.conditions, 'Paused')).toMatchObject({
      status: 'True',
      reason: 'ScaledObjectPaused',
      message: 'ScaledObject is paused',
    });
    expect(r.syncs[5]!.keda!.phase).toBe('paused');
    expect(r.syncs[5]!.explanation).toContain('paused: KEDA removed the HPA');
    expect(r.syncs[5]!.explanation).toContain('no HPA to reconcile');
    // The same object unpaused scales out on the same load.
    const live = run(input(text('autoscaling.keda.sh/paused: "false"')));
    expect(Math.max(...live.syncs.map((s) => s.replicas))).toBeGreaterThan(3);
    expect(live.syncs.some((s) => s.noHpa)).toBe(false);
  });

  it('a value that is not a Go bool pauses too (getBoolAnnotation)', () => {
    const r = run(input(text('autoscaling.keda.sh/paused: "yes"')));
    expect(r.syncs.every((s) => s.noHpa)).toBe(true);
  });

  it('a compact run replays a paused sync as the full record has it', () => {
    const i = input(text('autoscaling.keda.sh/paused: "true"'));
    const full = run(i);
    const compact = simulate(i);
    if (!compact.ok) throw new Error(compact.error);
    for (const k of [0, 7, full.syncs.length - 1])
      expect(syncDetail(i, compact.result, k)).toEqual(full.syncs[k]);
  });
});

describe('paused-replicas with paused: paused-replicas wins (NeedToBePausedByAnnotation)', () => {
  const both = 'autoscaling.keda.sh/paused: "true", autoscaling.keda.sh/paused-replicas: "1"';

  it('2.20: KEDA writes 1 at its first reconcile and deletes the HPA', () => {
    const r = run(input(text(both)));
    expect(r.syncs[0]!.keda!.writes).toEqual([
      { time: 0, from: 3, to: 1, writer: 'paused-replicas' },
    ]);
    expect(new Set(r.syncs.map((s) => s.replicas))).toEqual(new Set([1]));
    expect(r.syncs.every((s) => s.noHpa)).toBe(true);
    expect(r.syncs[3]!.explanation).toContain(
      'paused-replicas 1: KEDA 2.20.2 holds the target at 1',
    );
    // The HPA an unpause would create is the ScaledObject's own, not a pinned one.
    expect(input(text(both)).hpa.spec.maxReplicas).toBe(20);
  });

  it('2.19: the HPA stays, pinned at min = max = 1 (no write of KEDA)', () => {
    const i = input(text(both, '  kedaVersion: "2.19"\n'));
    expect(i.hpa.spec.minReplicas).toBe(1);
    expect(i.hpa.spec.maxReplicas).toBe(1);
    const r = run(i);
    expect(r.syncs.some((s) => s.noHpa)).toBe(false);
    expect(r.syncs.flatMap((s) => s.keda!.writes)).toEqual([]);
  });
});

describe('reconcilePause (the controller) and hpaDeleted', () => {
  const status = (over: Partial<KedaStatus> = {}): KedaStatus => ({
    lastActiveTime: null,
    health: {},
    conditions: getInitializedConditions(),
    pausedReplicaCount: null,
    ...over,
  });
  const so = (annotations: Record<string, string>) => ({ annotations });

  it('the annotation removed: Paused=False ScaledObjectUnpaused, the count forgotten', () => {
    const paused = reconcilePause(so({ 'autoscaling.keda.sh/paused': 'true' }), status());
    expect(getCondition(paused.conditions, 'Paused').status).toBe('True');
    const after = reconcilePause(so({}), { ...paused, pausedReplicaCount: 2 });
    expect(getCondition(after.conditions, 'Paused')).toMatchObject({
      status: 'False',
      reason: 'ScaledObjectUnpaused',
      message: 'pause annotation removed for ScaledObject',
    });
    expect(after.pausedReplicaCount).toBeNull();
    // Never paused: nothing to unpause.
    expect(getCondition(reconcilePause(so({}), status()).conditions, 'Paused').status).toBe(
      'Unknown',
    );
  });

  it('paused-replicas deletes the HPA from 2.20 once its count is recorded', () => {
    const pr = so({
      'autoscaling.keda.sh/paused-replicas': '0',
      'autoscaling.keda.sh/paused': 'true',
    });
    expect(hpaDeleted(pr, status(), '2.20.2')).toBe(false);
    expect(hpaDeleted(pr, status({ pausedReplicaCount: 0 }), '2.20.2')).toBe(true);
    expect(hpaDeleted(pr, status({ pausedReplicaCount: 0 }), '2.19')).toBe(false);
    expect(hpaDeleted(so({ 'autoscaling.keda.sh/paused': 'false' }), status(), '2.20.2')).toBe(
      false,
    );
  });
});
