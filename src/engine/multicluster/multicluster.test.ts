import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failover } from '../federation/index.ts';
import type { MetricLoad, SimulationInput } from '../simulation/input.ts';
import { simulate } from '../simulation/simulate.ts';
import { buildInput, type InputOverrides } from '../simulation/testing/buildInput.ts';
import { podsMetric, worldArb } from '../simulation/testing/worldArb.ts';
import type { FederationInput, MemberClusterInput } from '../simulation/federationInput.ts';
import { federationSyncDetail, federationToCsv, simulateFederation } from './index.ts';
import type { FederationModel, FederationRun } from './index.ts';

function cluster(name: string, o: Partial<MemberClusterInput> = {}): MemberClusterInput {
  return {
    name,
    capacityPods: null,
    weight: 1,
    priority: 0,
    failAtSeconds: null,
    recoverAtSeconds: null,
    ...o,
  };
}

function scenario(f: Partial<FederationInput>, o: InputOverrides = {}): SimulationInput {
  return {
    ...buildInput({
      durationSeconds: 1200,
      spec: { minReplicas: 2, maxReplicas: 20 },
      traffic: { type: 'constant', value: 3000 },
      workload: { initialReplicas: 6, podCapacity: 1000 },
      ...o,
    }),
    federation: {
      models: ['proposal', 'shipped'],
      policy: 'StaticWeighted',
      strategy: 'StaticWeight',
      clusters: [cluster('a'), cluster('b'), cluster('c')],
      scalingToZero: false,
      scaleAssist: true,
      autoscaleMultiClusterDelaySeconds: 0,
      optimizePeriodSeconds: null,
      tieBreak: 'ascending',
      ...f,
    },
  };
}

function run(
  input: SimulationInput,
  model: FederationModel,
  record: 'compact' | 'full' = 'compact',
): FederationRun {
  const o = simulateFederation(input, model, { record });
  if (!o.ok) throw new Error(o.error);
  return o.run;
}

describe('multi-cluster loop', () => {
  it('splits the demand over the ready pods of every cluster', () => {
    const input = scenario({
      clusters: [cluster('a', { weight: 2 }), cluster('b', { weight: 1 })],
    });
    for (const model of ['proposal', 'shipped'] as const) {
      const r = run(input, model);
      const s = r.total.series;
      for (let k = 1; k < s.time.length; k++) {
        const parts = r.members.map((m) => m.result.series.demand[k]!);
        expect(parts.reduce((x, y) => x + y, 0)).toBeCloseTo(s.demand[k]!, 6);
      }
      // Where both clusters have ready pods, each gets demand in proportion to them.
      const k = s.time.length - 1;
      const [a, b] = r.members.map((m) => m.result.series);
      expect(a!.demand[k]! / b!.demand[k]!).toBeCloseTo(
        a!.readyReplicas[k]! / b!.readyReplicas[k]!,
        6,
      );
    }
  });

  it('keeps pods beyond a cluster capacity Pending (unschedulable)', () => {
    const input = scenario(
      { scaleAssist: false, clusters: [cluster('a', { capacityPods: 2 }), cluster('b')] },
      { traffic: { type: 'constant', value: 12000 } },
    );
    const r = run(input, 'proposal');
    const a = r.members[0]!;
    const k = a.result.series.time.length - 1;
    expect(a.result.series.specReplicas[k]).toBeGreaterThan(2);
    expect(a.result.series.readyReplicas[k]).toBe(2);
    expect(a.unschedulable[k]).toBe(a.result.series.specReplicas[k]! - 2);
  });

  it('proposal failover: the failed cluster leaves, the survivors get the §A.10 bounds', () => {
    const input = scenario({
      clusters: [
        cluster('a', { weight: 1 }),
        cluster('b', { weight: 2 }),
        cluster('c', { weight: 3, failAtSeconds: 300 }),
      ],
    });
    const r = run(input, 'proposal');
    const e = r.events.find((x) => x.kind === 'failover')!;
    expect(e.time).toBe(300);
    const k = 300 / 15;
    const [a, b, c] = r.members;
    expect(c!.failed[k]).toBe(1);
    expect(c!.result.series.specReplicas[k]).toBe(0);
    expect(Number.isNaN(c!.maxReplicas[k]!)).toBe(true);
    // StaticWeighted recomputes over the survivors: the pure rule's answer.
    const expected = failover({
      policy: 'StaticWeighted',
      federatedMinReplicas: 2,
      federatedMaxReplicas: 20,
      clusters: [
        { name: 'a', weight: 1, priority: 0, availableReplicas: 0, minReplicas: 1, maxReplicas: 4 },
        { name: 'b', weight: 2, priority: 0, availableReplicas: 0, minReplicas: 1, maxReplicas: 7 },
        {
          name: 'c',
          weight: 3,
          priority: 0,
          availableReplicas: 0,
          minReplicas: 1,
          maxReplicas: 10,
        },
      ],
      failedCluster: 'c',
    });
    expect([
      { name: 'a', minReplicas: a!.minReplicas[k], maxReplicas: a!.maxReplicas[k] },
      { name: 'b', minReplicas: b!.minReplicas[k], maxReplicas: b!.maxReplicas[k] },
    ]).toEqual(expected);
    expect(a!.maxReplicas[k]! + b!.maxReplicas[k]!).toBe(20);
  });

  it('Prioritized spill-over waits for autoscaleMultiClusterDelay of continuous Pending', () => {
    const input = scenario(
      {
        policy: 'Prioritized',
        autoscaleMultiClusterDelaySeconds: 60,
        clusters: [
          cluster('top', { priority: 2, capacityPods: 4 }),
          cluster('low', { priority: 1, capacityPods: 1 }),
        ],
      },
      { traffic: { type: 'constant', value: 9000 } },
    );
    const r = run(input, 'proposal');
    const top = r.members[0]!;
    const spill = r.events.find((e) => e.kind === 'spill-over')!;
    expect(spill.clusters).toEqual(['top', 'low']);
    const firstPending = top.result.series.time.find((_, k) => top.unschedulable[k]! > 0)!;
    expect(spill.time - firstPending).toBeGreaterThanOrEqual(60);
    expect(spill.time - firstPending).toBeLessThan(60 + 15);
    const k = spill.sync;
    // Σmax is preserved; top now caps at what runs.
    expect(top.maxReplicas[k]! + r.members[1]!.maxReplicas[k]!).toBe(20);
    expect(top.maxReplicas[k]).toBe(4);
  });

  it('scale to zero zeroes the policy candidate, one per sync, while the guard allows', () => {
    const input = scenario(
      {
        scalingToZero: true,
        clusters: [
          cluster('m1', { weight: 1 }),
          cluster('m2', { weight: 2 }),
          cluster('m3', { weight: 3 }),
        ],
      },
      {
        traffic: { type: 'constant', value: 100 },
        workload: { initialReplicas: 6, podCapacity: 1000 },
      },
    );
    const r = run(input, 'proposal');
    const zeroed = r.events.filter((e) => e.kind === 'scale-to-zero');
    expect(zeroed.map((e) => e.clusters[0])).toEqual(['m1']);
    const m1 = r.members[0]!.result.series;
    expect(m1.specReplicas[m1.specReplicas.length - 1]).toBe(0);
  });

  it('shipped: the scheduler divides the central total, and re-places a failed share', () => {
    const input = scenario({
      strategy: 'DynamicWeight',
      clusters: [
        cluster('a', { capacityPods: 10 }),
        cluster('b', { capacityPods: 10, failAtSeconds: 600 }),
        cluster('c', { capacityPods: 10 }),
      ],
    });
    const r = run(input, 'shipped');
    const s = r.total.series;
    for (let k = 0; k < s.time.length; k++) {
      const sum = r.members.reduce((x, m) => x + m.result.series.specReplicas[k]!, 0);
      expect(sum).toBe(s.specReplicas[k]);
    }
    const d = r.events.find((e) => e.kind === 'division' && e.time === 600)!;
    expect(d.message).toContain('failover');
    expect(d.steps.some((l) => l.startsWith('Webster'))).toBe(true);
    expect(r.members[1]!.result.series.specReplicas[600 / 15]).toBe(0);
  });

  it('shipped Duplicated: every Ready member runs the template; a failure changes the factor', () => {
    const input = scenario({
      strategy: 'Duplicated',
      clusters: [
        cluster('a'),
        cluster('b', { failAtSeconds: 600, recoverAtSeconds: 900 }),
        cluster('c'),
      ],
    });
    const r = run(input, 'shipped');
    const total = r.total.series;
    const [a, b, c] = r.members.map((m) => m.result.series);
    for (let k = 0; k < total.time.length; k++) {
      const t = total.time[k]!;
      expect(a!.specReplicas[k], `a at ${t}`).toBe(total.specReplicas[k]);
      expect(c!.specReplicas[k], `c at ${t}`).toBe(total.specReplicas[k]);
      // b is empty while failed and gets the whole template back at once on recovery
      expect(b!.specReplicas[k], `b at ${t}`).toBe(t >= 600 && t < 900 ? 0 : total.specReplicas[k]);
    }
    // the factor: 3 Ready clusters hold the template each, then 2, then 3 again
    const factors = r.events
      .filter((e) => e.kind === 'calibration')
      .map((e) => [e.time, e.message.match(/calibration (\S+) \(/)?.[1]]);
    expect(factors).toEqual([
      [0, '3'],
      [600, '2'],
      [900, '3'],
    ]);
    expect(r.events.find((e) => e.kind === 'division' && e.time === 900)?.message).toMatch(
      /rescheduled on every cluster change/,
    );
  });

  it('shipped Duplicated over 3 identical clusters decides as one cluster with a third of the load', () => {
    // The central FederatedHPA reads 3 × the pods and divides by 3: its template follows what one
    // cluster's own HPA would decide for its third of the traffic.
    const three = run(scenario({ strategy: 'Duplicated' }), 'shipped');
    const one = run(
      scenario(
        { strategy: 'Duplicated', clusters: [cluster('a')] },
        { traffic: { type: 'constant', value: 1000 } },
      ),
      'shipped',
    );
    const want = Array.from(one.total.series.specReplicas);
    expect(Array.from(three.total.series.specReplicas)).toEqual(want);
    // and it moved (a test of something)
    expect(new Set(want).size).toBeGreaterThan(1);
  });

  it('a recovered cluster serves nothing until its first scrape after recovery', () => {
    const input = scenario({
      clusters: [cluster('a', { failAtSeconds: 300, recoverAtSeconds: 600 }), cluster('b')],
    });
    for (const model of ['proposal', 'shipped'] as const) {
      const a = run(input, model).members[0]!.result.series;
      // Recovered at the sync at 600 s, before the scrape at 607 s: empty, so nothing served.
      const k = 600 / 15;
      expect(a.served[k - 21]).toBeGreaterThan(0);
      expect([a.served[k], a.capacity[k]]).toEqual([0, 0]);
    }
  });

  it('a run past its work budget stops with the single-cluster error', () => {
    const input = scenario({}, { durationSeconds: 7 * 86_400 });
    const out = simulateFederation(input, 'shipped', { workBudget: 500_000 });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.overrun!.atSeconds).toBeLessThan(input.durationSeconds);
    expect(out.error).toMatch(/^stopped at .* of 7 d: the work budget of 500 k units was spent/);
    expect(simulateFederation(input, 'shipped', { workBudget: 1e12 }).ok).toBe(true);
  });

  it('is deterministic', () => {
    const input = scenario({
      clusters: [cluster('a', { failAtSeconds: 200, recoverAtSeconds: 500 }), cluster('b')],
    });
    for (const model of ['proposal', 'shipped'] as const) {
      const x = run(input, model);
      const y = run(input, model);
      expect(y.events).toEqual(x.events);
      expect(Array.from(y.total.series.specReplicas)).toEqual(
        Array.from(x.total.series.specReplicas),
      );
      expect(y.total.kpis).toEqual(x.total.kpis);
    }
  });
});

describe('decision records of a multi-cluster run', () => {
  it('proposal: each member HPA sync is kept with the bounds it read, before the control plane moved them', () => {
    const input = scenario(
      {
        policy: 'Prioritized',
        autoscaleMultiClusterDelaySeconds: 60,
        clusters: [
          cluster('top', { priority: 2, capacityPods: 4 }),
          cluster('low', { priority: 1, capacityPods: 1, failAtSeconds: 900 }),
        ],
      },
      { traffic: { type: 'constant', value: 9000 } },
    );
    const r = run(input, 'proposal', 'full');
    const [top, low] = r.members;
    const spill = r.events.find((e) => e.kind === 'spill-over')!;
    const k = spill.sync;
    // At the spill-over sync top's HPA decided within its old max; the spill then capped it.
    const read = top!.hpas[k]!.spec.maxReplicas;
    expect(read).toBe(top!.maxReplicas[k - 1]);
    expect(read).not.toBe(top!.maxReplicas[k]);
    expect(top!.syncs[k]!.trace.path).toBe('metrics');
    expect(top!.syncs[k]!.time).toBe(spill.time);
    // A failed member runs no HPA: no record, no detail.
    const f = 900 / 15;
    expect(low!.syncs[f]).toBeNull();
    expect(federationSyncDetail(input, r, 'low', f)).toBeNull();
    expect(low!.syncs[f - 1]).not.toBeNull();
    // The detail is the record, the HPA as read and the member's own run (its kubectl events).
    const d = federationSyncDetail(input, r, 'top', k)!;
    expect(d.sync).toBe(top!.syncs[k]);
    expect(d.hpa.spec.maxReplicas).toBe(read);
    expect(d.result).toBe(top!.result);
    expect(r.central).toBeNull();
    expect(federationSyncDetail(input, r, null, k)).toBeNull();
  });

  it('shipped: the central FederatedHPA has a record at every sync over the union of pods', () => {
    const input = scenario({
      strategy: 'DynamicWeight',
      clusters: [cluster('a', { capacityPods: 10 }), cluster('b', { capacityPods: 10 })],
    });
    const r = run(input, 'shipped', 'full');
    const s = r.total.series;
    expect(r.central!.length).toBe(s.time.length);
    r.central!.forEach((x, k) => {
      expect(x.time).toBe(s.time[k]);
      expect(x.replicas).toBe(s.specReplicas[k]);
      expect(x.pods.ready).toBe(s.readyReplicas[k]);
    });
    const up = r.central!.findIndex((x) => x.rescaled);
    expect(up).toBeGreaterThan(-1);
    expect(r.central![up]!.events.map((e) => e.reason)).toContain('SuccessfulRescale');
    expect(r.total.events.events.map((e) => e.reason)).toContain('SuccessfulRescale');
    expect(r.members.every((m) => m.syncs.every((x) => x === null))).toBe(true);
    expect(federationSyncDetail(input, r, null, up)!.hpa).toBe(input.hpa);
    expect(federationSyncDetail(input, r, 'a', up)).toBeNull();
  });

  it('a compact run keeps no decision and is otherwise the same run', () => {
    const input = scenario({
      strategy: 'DynamicWeight',
      clusters: [cluster('a', { failAtSeconds: 300, recoverAtSeconds: 600 }), cluster('b')],
    });
    for (const model of ['proposal', 'shipped'] as const) {
      const compact = run(input, model);
      const full = run(input, model, 'full');
      expect([compact.record, full.record]).toEqual(['compact', 'full']);
      expect(compact.central).toBeNull();
      expect(compact.members.every((m) => m.syncs.every((x) => x === null))).toBe(true);
      expect(full.members.some((m) => m.syncs.some((x) => x !== null)) || !!full.central).toBe(
        true,
      );
      expect(compact.events).toEqual(full.events);
      expect(compact.total.kpis).toEqual(full.total.kpis);
      expect(compact.total.events).toEqual(full.total.events);
      compact.members.forEach((m, i) => {
        const f = full.members[i]!;
        expect(Array.from(m.result.series.specReplicas)).toEqual(
          Array.from(f.result.series.specReplicas),
        );
        expect(Array.from(m.maxReplicas)).toEqual(Array.from(f.maxReplicas));
      });
    }
  });

  it('federationToCsv: a row per model and sync, each cluster then the total', () => {
    const input = scenario({
      clusters: [cluster('a', { failAtSeconds: 300 }), cluster('b')],
    });
    const runs = [run(input, 'proposal'), run(input, 'shipped')];
    const rows = federationToCsv(runs).trimEnd().split('\n');
    const head = rows[0]!.split(',');
    expect(head).toEqual([
      'model',
      'time',
      ...['a', 'b'].flatMap((n) =>
        ['replicas', 'min', 'max', 'pending', 'noNode', 'ready', 'failed'].map((c) => `${n}.${c}`),
      ),
      'total.replicas',
      'total.pending',
      'total.ready',
      'total.demand',
      'total.served',
      'total.capacity',
    ]);
    const n = runs[0]!.total.series.time.length;
    expect(rows.length).toBe(1 + 2 * n);
    const k = 300 / 15;
    const row = rows[1 + k]!.split(',');
    const col = (c: string) => row[head.indexOf(c)];
    expect(col('model')).toBe('proposal');
    expect(col('time')).toBe('300');
    expect([col('a.replicas'), col('a.min'), col('a.failed')]).toEqual(['0', '', '1']);
    expect(col('b.min')).toBe(String(runs[0]!.members[1]!.minReplicas[k]));
    expect(Number(col('total.replicas'))).toBe(Number(col('b.replicas')));
    expect(rows[1 + n]!.startsWith('shipped,0,')).toBe(true);
    expect(federationToCsv([])).toBe('');
  });
});

const queueMetric = {
  type: 'External' as const,
  external: {
    metric: { name: 'queue' },
    target: { type: 'AverageValue' as const, averageValue: '30' },
  },
};
const queueLoad: MetricLoad = {
  kind: 'external',
  metric: 'queue',
  value: null,
  perUnitMilli: 0,
  queue: { arrivals: null, perPodThroughput: 300, initialBacklog: 100 },
};

/**
 * One member cluster under the proposal's Duplicated policy holds the federated HPA's own bounds:
 * it must decide as the cluster alone (the same world, the same adapters, the same queues).
 */
const oneClusterArb = fc
  .record({ base: worldArb, metrics: fc.constantFrom('world', 'pods', 'queue') })
  .filter(({ base }) => {
    const min = Math.max(1, base.hpa.spec.minReplicas ?? 1);
    const n = base.workload.initialReplicas;
    return n >= min && n <= base.hpa.spec.maxReplicas;
  })
  .map(({ base, metrics }): SimulationInput => {
    const spec = { ...base.hpa.spec, minReplicas: Math.max(1, base.hpa.spec.minReplicas ?? 1) };
    let loads = base.loads;
    if (metrics === 'pods') {
      spec.metrics = [podsMetric];
      loads = [
        ...loads.filter((l) => l.kind !== 'pods'),
        { kind: 'pods', metric: 'rps', perPodMilli: 0, perUnitMilli: 20, demand: null },
      ];
    } else if (metrics === 'queue') {
      spec.metrics = [...(spec.metrics ?? []), queueMetric];
      loads = [...loads, queueLoad];
    }
    return {
      ...base,
      hpa: { ...base.hpa, spec },
      loads,
      // what a member cluster cannot have (the scenario layer refuses them with federation)
      workload: { ...base.workload, maxPods: null, failedPods: 0, podsWithoutMetrics: 0 },
      federation: {
        models: ['proposal'],
        policy: 'Duplicated',
        strategy: 'Duplicated',
        clusters: [cluster('only')],
        scalingToZero: false,
        scaleAssist: false,
        autoscaleMultiClusterDelaySeconds: 0,
        optimizePeriodSeconds: null,
        tieBreak: 'ascending',
      },
    };
  });

describe('a federation of one cluster', () => {
  it('decides as the cluster alone: Pods metrics polled, queues drained alike', () => {
    fc.assert(
      fc.property(oneClusterArb, (input) => {
        const alone = simulate({ ...input, federation: null });
        if (!alone.ok) throw new Error(alone.error);
        const r = run(input, 'proposal');
        expect(Array.from(r.members[0]!.result.series.specReplicas)).toEqual(
          Array.from(alone.result.series.specReplicas),
        );
        expect(Array.from(r.total.series.readyReplicas)).toEqual(
          Array.from(alone.result.series.readyReplicas),
        );
        expect(r.total.kpis).toEqual(alone.result.kpis);
      }),
      { numRuns: 40, seed: 20260501 },
    );
  });
});
