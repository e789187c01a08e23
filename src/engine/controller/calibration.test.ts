// Karmada's calibration factor (ReconcileOptions.calibration / CalcContext.calibration): where
// karmada-io/karmada pkg/controllers/federatedhpa/replica_calculator.go (master) divides, and
// nowhere else. Vectors are derived from its rule by hand (the arithmetic is in each case); the
// "Scale with calibration" ones take the inputs of Karmada's replica_calculator_test.go cases of
// that name. Each runs through both the by-position twin and the Map-based port.

import { describe, expect, it } from 'vitest';
import { reconcileAutoscaler } from './horizontal.ts';
import { byName, byPosition, type ReplicaCalculator } from './replicaCalculation.ts';
import { getObjectMetricReplicas, getObjectPerPodMetricReplicas } from './replicaCalculator.ts';
import type { CalcContext } from './replicaCalculatorCommon.ts';
import {
  calcContext,
  config,
  cpuUtilization,
  externalValue,
  hpa,
  memory,
  NOW,
  OBJECT_REF,
  observation,
  pod,
  pods,
} from './testing/builders.ts';
import type { Observation, PodObservation, Tolerances } from './types.ts';

const TOL: Tolerances = { scaleDown: 0.1, scaleUp: 0.1 };

/** The context with a calibration, for the by-position twin and for the Map-based port. */
function ctxs(calibration: number): [string, ReplicaCalculator, CalcContext][] {
  const c = { ...calcContext(NOW), calibration };
  return [
    ['by position', byPosition, c],
    ['by name', byName, c],
  ];
}

function obsOf(list: PodObservation[], current: number): Observation {
  return observation(hpa(), { pods: list, currentReplicas: current });
}

describe("Karmada's calibration inside the replica calculation", () => {
  for (const [path, rc, ctx] of ctxs(0.5)) {
    it(`GetResourceReplicas: ceil(ratio · ready / calibration) (${path})`, () => {
      // Karmada "Scale with calibration": 2 pods requesting 100m use 150m, target 50 % →
      // ratio 3, ceil(3 · 2 / 0.5) = 12 (kube-controller-manager: 6).
      const list = pods(2, () => ({ cpuRequest: 100, cpu: 150 }));
      const r = rc.getResourceReplicas(obsOf(list, 2), 2, 50, 'cpu', TOL, '', ctx);
      expect([r.replicaCount, r.utilization]).toEqual([12, 150]);
      expect(r.note).toBe('ratio × 2 ready pods / calibration 0.5');
    });
  }

  for (const [path, rc, ctx] of ctxs(0.8)) {
    it(`GetRawResourceReplicas and GetMetricReplicas divide the same way (${path})`, () => {
      // Karmada "Scale with calibration": 2 pods at 150m against 100m → ceil(1.5 · 2 / 0.8) = 4.
      const list = pods(2, () => ({ cpu: 150, custom: { qps: 15 } }));
      expect(
        rc.getRawResourceReplicas(obsOf(list, 2), 2, 100, 'cpu', TOL, '', ctx).replicaCount,
      ).toBe(4);
      // 2 pods at 15 against 10 → ceil(1.5 · 2 / 0.8) = 4.
      expect(rc.getMetricReplicas(obsOf(list, 2), 2, 10, 'qps', TOL, ctx).replicaCount).toBe(4);
    });
  }

  for (const [path, rc, ctx] of ctxs(3)) {
    it(`Duplicated over 3 clusters: the union's proposal comes back per cluster (${path})`, () => {
      // 3 clusters × 2 pods at 90 % of 1 CPU, target 50 % → ratio 1.8, ceil(1.8 · 6 / 3) = 4.
      const list = pods(6, () => ({ cpu: 900 }));
      expect(rc.getResourceReplicas(obsOf(list, 2), 2, 50, 'cpu', TOL, '', ctx).replicaCount).toBe(
        4,
      );
    });

    it(`the rebalanced count: ceil(newRatio · samples / calibration) (${path})`, () => {
      // 5 ready at 90 % and 1 Pending (0 % on a scale-up): utilization 4500/6000 = 75 %,
      // ratio 1.5, ceil(1.5 · 6 / 3) = 3 (kube-controller-manager: 9).
      const list = [...pods(5, () => ({ cpu: 900 })), pod('pending', { phase: 'Pending' })];
      const r = rc.getResourceReplicas(obsOf(list, 2), 2, 50, 'cpu', TOL, '', ctx);
      expect(r.replicaCount).toBe(3);
      expect(r.note).toMatch(/ratio 1\.5, \/ calibration 3$/);
    });

    it(`the direction check compares the divided count with the template's (${path})`, () => {
      // 5 ready at 80 %, 1 Pending: 4000/6000 → 66 %, ratio 1.32, ceil(1.32 · 6 / 3) = 3, below
      // the template's 4 on a scale-up: the current count stays (kube-controller-manager: 8).
      const list = [...pods(5, () => ({ cpu: 800 })), pod('pending', { phase: 'Pending' })];
      const r = rc.getResourceReplicas(obsOf(list, 4), 4, 50, 'cpu', TOL, '', ctx);
      expect(r.replicaCount).toBe(4);
      expect(r.note).toMatch(/would reverse direction/);
    });

    it(`within tolerance the template's count stands, undivided (${path})`, () => {
      const list = pods(6, () => ({ cpu: 520 }));
      expect(rc.getResourceReplicas(obsOf(list, 2), 2, 50, 'cpu', TOL, '', ctx).replicaCount).toBe(
        2,
      );
    });
  }
});

describe("Karmada's calibration on Object metrics", () => {
  function objectObs(usage: number, list: PodObservation[], statusReplicas: number): Observation {
    return observation(hpa(), {
      pods: list,
      statusReplicas,
      objectMetrics: [{ describedObject: OBJECT_REF, metric: 'hits', value: usage }],
    });
  }

  it('Value: ceil(ratio · ready pods / calibration), not when scaling from zero', () => {
    // Karmada getUsageRatioReplicaCount "Scale with calibration": ratio 1.5, 2 ready pods,
    // calibration 0.5 → ceil(1.5 · 2 / 0.5) = 6.
    const o = objectObs(15000, pods(2), 2);
    const r = getObjectMetricReplicas(
      o,
      2,
      10000,
      'hits',
      TOL,
      OBJECT_REF.kind,
      OBJECT_REF.name,
      0.5,
    );
    expect(r.replicaCount).toBe(6);
    expect(r.note).toBe('ratio × 2 ready pods / calibration 0.5');
    // From zero replicas: ceil(ratio) whatever the factor.
    expect(
      getObjectMetricReplicas(o, 0, 10000, 'hits', TOL, OBJECT_REF.kind, OBJECT_REF.name, 0.5)
        .replicaCount,
    ).toBe(2);
  });

  it('AverageValue divides twice, as Karmada does', () => {
    // Karmada "Scale with calibration": status 2, usage 30 against 10 per pod, calibration 0.5
    // → ceil(ceil(30 / 10 / 0.5) / 0.5) = ceil(6 / 0.5) = 12, usage per pod 15.
    const r = getObjectPerPodMetricReplicas(
      objectObs(30, [], 2),
      2,
      10,
      'hits',
      TOL,
      OBJECT_REF.kind,
      OBJECT_REF.name,
      0.5,
    );
    expect([r.replicaCount, r.rawValue]).toEqual([12, 15]);
    // Inside tolerance: ceil(statusReplicas / calibration): 6 pods over 3 clusters → 2.
    const within = getObjectPerPodMetricReplicas(
      objectObs(60, [], 6),
      6,
      10,
      'hits',
      TOL,
      OBJECT_REF.kind,
      OBJECT_REF.name,
      3,
    );
    expect(within.replicaCount).toBe(2);
  });
});

describe('reconcileAutoscaler with a calibration', () => {
  const m0 = memory({ recommendations: null });

  it("proposes per cluster, and the window and limits act at the template's scale", () => {
    // Template 4 over 3 clusters: 12 pods. At 100 % against 50 %: ceil(2 · 12 / 3) = 8, within
    // the scale-up limit max(2 · 4, 4) = 8.
    const hot = observation(hpa({ maxReplicas: 20 }), {
      pods: pods(12, () => ({ cpu: 1000 })),
      currentReplicas: 4,
      statusReplicas: 12,
    });
    const up = reconcileAutoscaler(hot, m0, NOW, config(), { calibration: 3 });
    expect([up.replicas, up.trace.metricDesiredReplicas]).toEqual([8, 8]);
    // Uncalibrated the union's count would be 24, capped at 8 by the limit: the raw proposal shows it.
    expect(reconcileAutoscaler(hot, m0, NOW, config()).trace.metricDesiredReplicas).toBe(24);

    // At 25 %: ceil(0.5 · 12 / 3) = 2, held at 4 by the window's first recommendation.
    const cold = { ...hot, pods: pods(12, () => ({ cpu: 250 })) };
    const down = reconcileAutoscaler(cold, m0, NOW, config(), { calibration: 3 });
    expect([down.trace.metricDesiredReplicas, down.replicas]).toEqual([2, 4]);
    expect(down.memory.recommendations?.map((r) => r.replicas)).toEqual([4, 2]);
  });

  it('leaves External metrics alone (Karmada has no External path)', () => {
    const o = observation(hpa({ metrics: [externalValue('queue', '10')] }), {
      pods: pods(6, () => ({ cpu: 500 })),
      currentReplicas: 2,
      externalMetrics: [{ metric: 'queue', values: [40_000] }],
    });
    const with3 = reconcileAutoscaler(o, m0, NOW, config(), { calibration: 3 });
    expect(with3.trace.metricDesiredReplicas).toBe(
      reconcileAutoscaler(o, m0, NOW, config()).trace.metricDesiredReplicas,
    );
  });

  it('refuses a factor that is not a finite number > 0', () => {
    const o = observation(hpa({ metrics: [cpuUtilization(50)] }), {
      pods: pods(2, () => ({ cpu: 500 })),
    });
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => reconcileAutoscaler(o, m0, NOW, config(), { calibration: bad })).toThrow(
        /calibration must be a finite number > 0/,
      );
  });
});
