// The KEDA plane on the engine's loop, against the KEDA vectors' semantics (KEDA.md K2–K10):
// a ScaledObject and a Simulation document in, the run's records out.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/parseScenario.ts';
import { simulate, syncDetail, type FullSimulationResult } from '../simulation/index.ts';
import type { SimulationInput } from '../simulation/input.ts';

function scenario(spec: string, sim: string): string {
  return `apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata: { name: so }
spec:
  scaleTargetRef: { name: app }
${spec}
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: t }
spec:
  workload:
    replicas: 1
    containers: [{ name: app, resources: { requests: { cpu: 250m } } }]
    startup: { scheduling: 2s, starting: 10s, readinessDelay: 5s }
${sim}`;
}

const PROM = (extra = '') => `  triggers:
    - type: prometheus
${extra}      metadata: { serverAddress: "http://p:9090", query: q, threshold: "10"ACT }
`;

function steps(pairs: [number, number][]): string {
  return `  load:\n    external:\n      s0-prometheus:\n        value:\n          type: steps\n          steps:\n${pairs.map(([at, v]) => `            - { at: ${at}, value: ${v} }`).join('\n')}\n`;
}

function input(text: string): SimulationInput {
  const r = parseScenario(text);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  expect(errors.map((e) => e.message)).toEqual([]);
  expect(r.input!.keda).toBeTruthy();
  return r.input!;
}

function run(i: SimulationInput): FullSimulationResult {
  const out = simulate(i, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

const prom = (act = '', extra = '') => PROM(extra).replace('ACT', act);
const at = (r: FullSimulationResult, t: number) => r.syncs.find((s) => s.time === t)!;
const writes = (r: FullSimulationResult) =>
  r.syncs.flatMap((s) => s.keda!.writes.map((w) => [w.time, w.from, w.to, w.writer]));

describe('KEDA plane', () => {
  it('K6: last active poll at 90, cooldown 300 → still cooling at 390, 7 → 0 at 420', () => {
    const r = run(
      input(
        scenario(
          `  minReplicaCount: 0\n  maxReplicaCount: 20\n  advanced:\n    horizontalPodAutoscalerConfig:\n      behavior: { scaleDown: { stabilizationWindowSeconds: 600 } }\n${prom()}`,
          `  duration: 12m\n${steps([
            [0, 70],
            [100, 0],
          ])}`,
        ),
      ),
    );
    expect(at(r, 390).replicas).toBe(7);
    expect(at(r, 390).keda!.phase).toBe('cooldown');
    expect(at(r, 390).keda!.lastActiveTime).toBe(90);
    expect(writes(r)).toEqual([[420, 7, 0, 'deactivate']]);
    expect(at(r, 420).keda!.events.map((e) => e.message)).toEqual([
      'Deactivated apps/v1.Deployment default/app from 7 to 0',
    ]);
    expect(at(r, 420).explanation).toMatch(/^KEDA \(poll at 420s.*KEDAScaleTargetDeactivated/);
    expect(at(r, 420).trace.path).toBe('scalingDisabled');
    // minReplicaCount 0 is drawn as 0, not the HPA's 1; the time at zero is KEDA's.
    expect(r.series.minReplicas).toBe(0);
    expect(r.keda!.kpis).toMatchObject({ timeAtZeroSeconds: 300, deactivations: 1 });
    // KEDA's write is a scale event of the run like the HPA's: up 1 → 5 → 7, down 7 → 0.
    expect(r.kpis).toMatchObject({ scaleUps: 2, scaleDowns: 1, finalReplicas: 0 });
    expect(r.events.events.map((e) => e.reason)).toContain('KEDAScaleTargetDeactivated');
  });

  it('K2: the first check runs at the start, then every pollingInterval', () => {
    const r = run(
      input(scenario(`  pollingInterval: 20\n${prom()}`, `  duration: 2m\n${steps([[0, 5]])}`)),
    );
    const checks = [...new Set(r.syncs.map((s) => s.keda!.check!.time))];
    // Syncs every 15 s see the last check at or before them: 0, 20, 40, … (not the sync grid).
    expect(checks).toEqual([0, 20, 40, 60, 80, 100, 120]);
  });

  it('K3: activation is strict: a value equal to activationThreshold never activates from 0', () => {
    const text = (v: number) =>
      scenario(
        `  minReplicaCount: 0\n${prom(', activationThreshold: "5"')}`,
        `  duration: 5m\n  workload:\n    replicas: 0\n${steps([[0, v]])}`.replace(
          /\n {2}workload:\n {4}replicas: 0/,
          '',
        ),
      ).replace('replicas: 1\n', 'replicas: 0\n');
    const equal = run(input(text(5)));
    expect(equal.syncs.every((s) => s.replicas === 0)).toBe(true);
    expect(equal.syncs[0]!.keda!.check!.reads[0]).toMatchObject({
      value: 5,
      activation: 5,
      scalerActive: false,
    });
    const above = run(input(text(5.001)));
    expect(writes(above)[0]).toEqual([0, 0, 1, 'activate']);
    expect(above.keda!.kpis.activations).toBe(1);
  });

  it('K2: the HPA reads the scaler live at each sync; useCachedMetrics serves the last poll', () => {
    const world = `  duration: 2m\n${steps([
      [0, 10],
      [40, 50],
    ])}`;
    const live = run(input(scenario(prom(), world)));
    const cached = run(input(scenario(prom('', '      useCachedMetrics: true\n'), world)));
    // At 45 s the last poll (30 s) read 10; the live read sees 50.
    expect(at(live, 45).keda!.served[0]!.value).toBe(50);
    expect(at(cached, 45).keda!.served[0]!.value).toBe(10);
    expect(at(cached, 60).keda!.served[0]!.value).toBe(50);
  });

  it('K8: fallback after more than failureThreshold failed reads, counted from the loop and the HPA', () => {
    const r = run(
      input(
        scenario(
          `  minReplicaCount: 0\n  fallback: { failureThreshold: 3, replicas: 5 }\n${prom()}`,
          `  duration: 5m\n${steps([[0, 10]])}  outages:\n    - { metric: external/s0-prometheus, from: 50s, to: 5m }\n`,
        ),
      ),
    );
    // Reads fail from 60 s: the poll at 60 (1), the HPA at 60 (2), 75 (3), the poll at 90 (4 > 3).
    const firstFallback = r.syncs.find((s) => s.keda!.phase === 'fallback')!;
    expect(firstFallback.time).toBe(90);
    expect(at(r, 75).keda!.phase).not.toBe('fallback');
    expect(firstFallback.keda!.served[0]).toMatchObject({ value: 50, fallback: true });
    // The HPA proposes 5 from 50 / 10 (its scale-up limit allows 4 from 1 at once).
    expect(firstFallback.trace.metrics![0]!.proposal).toBe(5);
    expect(at(r, 285).replicas).toBe(5);
    // A fallback-active trigger is active: no scale to zero while the source is down.
    expect(writes(r).filter((w) => w[3] === 'deactivate')).toEqual([]);
    expect(at(r, 285).keda!.conditions.find((c) => c.type === 'Fallback')).toMatchObject({
      status: 'True',
      reason: 'FallbackExists',
    });
    // The source is back at 5m (the outage ends exclusive): one good read resets the count.
    expect(at(r, 300).keda!.conditions.find((c) => c.type === 'Fallback')).toMatchObject({
      status: 'False',
      reason: 'NoFallbackFound',
    });
  });

  it('K8 (2.20, #7239): a fallback in the polling loop scales from zero', () => {
    const r = run(
      input(
        scenario(
          `  minReplicaCount: 0\n  fallback: { failureThreshold: 0, replicas: 3 }\n${prom()}`,
          `  duration: 3m\n${steps([[0, 0]])}  outages:\n    - { metric: external/s0-prometheus, from: 0s, to: 3m }\n`,
        ).replace('  workload:\n    replicas: 1\n', '  workload:\n    replicas: 0\n'),
      ),
    );
    // The first poll's failed read is past failureThreshold 0: active, so KEDA activates 0 → 1.
    expect(writes(r)[0]).toEqual([0, 0, 1, 'activate']);
    expect(at(r, 0).keda!.check!.reads[0]).toMatchObject({ fallback: true, failures: 1 });
    // The HPA then reads the fallback metric 3 × 10 and proposes 3.
    expect(at(r, 30).replicas).toBe(3);
  });

  it('K7: idleReplicaCount 0 with minReplicaCount 2: down to 0 after the cooldown, back to 2', () => {
    const r = run(
      input(
        scenario(
          `  idleReplicaCount: 0\n  minReplicaCount: 2\n  cooldownPeriod: 60\n${prom()}`,
          `  duration: 6m\n${steps([
            [0, 0],
            [200, 30],
          ])}`,
        ),
      ),
    );
    const w = writes(r);
    // The HPA restored min 2 at the first sync; KEDA's next poll takes it to idle 0.
    expect(at(r, 0).replicas).toBe(2);
    expect(w[0]).toEqual([30, 2, 0, 'deactivate']);
    expect(w.find((x) => x[3] === 'activate')).toEqual([210, 0, 2, 'activate']);
  });

  it('a variant patches the HPA KEDA creates and still runs inside KEDA', () => {
    const r = parseScenario(
      scenario(
        `  minReplicaCount: 0\n  cooldownPeriod: 60\n${prom()}`,
        `  duration: 10m\n${steps([
          [0, 50],
          [60, 0],
        ])}  variants:\n    - name: slow\n      patch:\n        behavior:\n          scaleDown: { stabilizationWindowSeconds: 900 }\n`,
      ),
    );
    const variant = r.variants[0]!;
    expect(variant.input.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(900);
    const out = run(variant.input);
    // The HPA's 900 s window would hold 5 to the end; KEDA (last active at the 30 s poll,
    // cooldown 60 s) takes it to 0 at the 120 s poll.
    expect(writes(out).filter((w) => w[3] === 'deactivate')).toEqual([[120, 5, 0, 'deactivate']]);
  });

  it('a compact run replays every sync with KEDA step equal to the full record', () => {
    const i = input(
      scenario(
        `  minReplicaCount: 0\n  cooldownPeriod: 60\n${prom()}`,
        `  duration: 3h\n${steps([
          [0, 40],
          [2000, 0],
          [5000, 90],
          [8000, 0],
        ])}`,
      ),
    );
    const full = run(i);
    const compact = simulate(i);
    if (!compact.ok) throw new Error(compact.error);
    expect(compact.result.keda).toEqual(full.keda);
    for (const k of [0, 1, 130, 200, 333, 500, full.syncs.length - 1])
      expect(syncDetail(i, compact.result, k)).toEqual(full.syncs[k]);
  });
});

describe('external-push: StreamIsActive goes straight to RequestScale (startPushScalers)', () => {
  const text = (type: string) =>
    scenario(
      `  minReplicaCount: 0\n  maxReplicaCount: 10\n  pollingInterval: 30\n  triggers:\n    - type: ${type}\n      metadata: { scalerAddress: "s:6000", metricName: depth, targetValue: "5" }\n`,
      `  load:\n    external:\n      s0-depth:\n        value:\n          type: steps\n          steps:\n            - { at: 0, value: 0 }\n            - { at: 100, value: 20 }\n`,
    );
  const firstActivation = (r: FullSimulationResult) =>
    writes(r).find((w) => w[1] === 0 && (w[2] as number) > 0);

  it('external waits for the polling loop (120); external-push activates when it streams (100)', () => {
    expect(firstActivation(run(input(text('external'))))?.[0]).toBe(120);
    expect(firstActivation(run(input(text('external-push'))))).toEqual([
      100,
      0,
      1,
      expect.anything(),
    ]);
  });
});
