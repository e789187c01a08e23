import { describe, expect, it } from 'vitest';
import type { Kpis } from '../../engine/simulation/index.ts';
import { kpiItems } from './kpiItems.ts';

const base: Kpis = {
  podHours: 135.171,
  readyPodHours: 130.04,
  peakReplicas: 1000,
  finalReplicas: 1000,
  scaleUps: 3,
  scaleDowns: 1,
  scaleEvents: 4,
  directionReversals: 1,
  timeAboveTargetSeconds: 600,
  unmetDemand: 0,
  unmetDemandPercent: 0,
  overloadSeconds: 0,
  demand: 0,
  servedDemand: 0,
  recovery: { basis: 'aboveTarget', count: 1, openAtEnd: false, maxSeconds: 600, meanSeconds: 600 },
  p95UtilizationPercent: null,
  cost: null,
};

const byId = (items: ReturnType<typeof kpiItems>) =>
  Object.fromEntries(items.map((i) => [i.id, i]));

describe('kpiItems', () => {
  it('formats every figure with a detail and an explaining title', () => {
    const items = byId(kpiItems(base, { durationSeconds: 600 }));
    expect(byId(kpiItems(base, { durationSeconds: 1200 })).aboveTarget!.detail).toBe(
      '50% of the run',
    );
    expect(items.podHours).toMatchObject({ value: '135.2', detail: '130 ready' });
    expect(items.replicas!.value).toBe('1000 / 1000');
    expect(items.scaleEvents).toMatchObject({ value: '4', detail: '3 up · 1 down' });
    // one reversal is below the flapping threshold: no colour
    expect(items.reversals).toMatchObject({ value: '1', warn: false });
    expect(items.aboveTarget).toMatchObject({ value: '10 min', detail: '100% of the run' });
    expect(items.unmet).toMatchObject({ value: '0%', detail: null, warn: false });
    expect(items.recovery).toMatchObject({
      label: 'Recovery',
      value: '10 min',
      detail: 'worst of 1 · above target',
    });
    expect(items.recovery!.title).toMatch(/mean 10 min over 1/);
    for (const i of Object.values(items)) expect(i.title.length).toBeGreaterThan(20);
  });

  it('names the overload basis and leaves out unmet demand without traffic', () => {
    const k: Kpis = {
      ...base,
      unmetDemand: 1234,
      unmetDemandPercent: 2.345,
      recovery: { basis: 'overload', count: 0, openAtEnd: false, maxSeconds: 0, meanSeconds: 0 },
    };
    const items = byId(kpiItems(k));
    expect(items.unmet).toMatchObject({ value: '2.35%', detail: '1.23k units', warn: true });
    expect(byId(kpiItems({ ...k, unmetDemandPercent: 0.5 })).unmet!.warn).toBe(false);
    expect(items.recovery).toMatchObject({ value: '—', detail: 'no episode · overload' });
    expect(items.recovery!.title).toMatch(/overload, from traffic and pod capacity/);
    expect(byId(kpiItems(k, { hasDemand: false })).unmet).toBeUndefined();
  });

  it('colours a figure only past its stated threshold, and says the threshold', () => {
    const calm = byId(kpiItems({ ...base, timeAboveTargetSeconds: 60 }, { durationSeconds: 3600 }));
    expect(calm.aboveTarget!.warn).toBe(false);
    expect(calm.aboveTarget!.title).toMatch(/amber above 10% of the run/);
    const bad = byId(
      kpiItems(
        { ...base, directionReversals: 3, timeAboveTargetSeconds: 600 },
        { durationSeconds: 3600 },
      ),
    );
    expect(bad.reversals!.warn).toBe(true);
    expect(bad.aboveTarget!.warn).toBe(true);
    // the 10-minute recovery is above the 5-minute threshold
    expect(bad.recovery!.warn).toBe(true);
  });

  it('shows an episode that never ended as not recovered', () => {
    const open = { ...base, recovery: { ...base.recovery, openAtEnd: true } };
    const items = byId(kpiItems(open, { durationSeconds: 600 }));
    expect(items.recovery).toMatchObject({ value: 'not recovered', warn: true });
    expect(items.recovery!.detail).toMatch(/10 min so far · still above target at the end/);
    const two = { ...base, recovery: { ...open.recovery, count: 2 } };
    expect(byId(kpiItems(two)).recovery!.detail).toBe('worst of 2 · the last has not ended');
  });
});

describe('kpiItems: cost and utilization', () => {
  it('shows the cost per month and per run, and p95 utilization, only when the run has them', () => {
    const plain = byId(kpiItems(base));
    expect(plain.cost).toBeUndefined();
    expect(plain.utilization).toBeUndefined();
    const priced = byId(
      kpiItems({
        ...base,
        p95UtilizationPercent: 72,
        cost: { currency: 'USD', perRun: 7.4106, perMonth: 225.41, vcpuHours: 1, gibHours: 1 },
      }),
    );
    expect(priced.cost).toMatchObject({ value: '$225.41/mo', detail: '$7.41 this run' });
    expect(priced.utilization).toMatchObject({ value: '72%', detail: 'p95 of requests' });
  });

  it("counts the nodes' bill: a node price alone is not $0.00 (nodes-wait prices only nodeHour)", () => {
    const noPodPrices = {
      ...base,
      cost: { currency: 'USD' as const, perRun: 0, perMonth: 0, vcpuHours: 1, gibHours: 1 },
    };
    const nodeCost = { cost: 6.8227, costPerMonth: 207.54 };
    expect(byId(kpiItems(noPodPrices, { nodeCost })).cost).toMatchObject({
      value: '$207.54/mo',
      detail: '$6.82 this run (nodes)',
    });
    const both = { ...noPodPrices, cost: { ...noPodPrices.cost, perRun: 1, perMonth: 30 } };
    expect(byId(kpiItems(both, { nodeCost })).cost).toMatchObject({
      value: '$237.54/mo',
      detail: '$7.82 this run: nodes $6.82 + pods $1.00',
    });
    // Nodes without a price change nothing.
    const unpriced = { cost: null, costPerMonth: null };
    expect(byId(kpiItems(noPodPrices, { nodeCost: unpriced })).cost?.value).toBe('$0.00/mo');
  });
});
