import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatSpan,
  memoryUnitsOf,
  timeUnitsOf,
  WORK_COSTS,
  WORK_PRICES,
  WorkMeter,
  zeroCounts,
} from './meter.ts';
import { scrapeSchedule } from './scrapes.ts';
import { runError } from './drive.ts';
import { createSimulation, runSimulation, simulate } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';
import type { SimulationInput } from './input.ts';

const day = buildInput({
  spec: { minReplicas: 2, maxReplicas: 30 },
  workload: { initialReplicas: 4 },
  traffic: { type: 'sine', base: 9000, amplitude: 6000, periodSeconds: 3600 },
  durationSeconds: 86_400,
});

function syncsOf(input: SimulationInput): number {
  return Math.floor(input.durationSeconds / input.controller.syncPeriodSeconds) + 1;
}

describe('the work meter counts a run as it goes', () => {
  it('counts what the loop did: every scrape, sync and metric, pods written', () => {
    const meter = new WorkMeter();
    const out = simulate(day, { meter });
    if (!out.ok) throw new Error(out.error);
    const c = meter.counts;
    expect(c.syncs).toBe(syncsOf(day));
    expect(c.scrapes).toBe(scrapeSchedule(day).count);
    expect(c.metricSyncs).toBe(c.syncs * day.hpa.spec.metrics!.length);
    // the starting pods, then every pod the ReplicaSet created or deleted
    const rescaled = out.result.series.rescaled.reduce((n, x) => n + x, 0);
    expect(rescaled).toBeGreaterThan(0);
    expect(c.podWrites).toBeGreaterThan(day.workload.initialReplicas + rescaled);
    // a compact day keeps snapshots, no records; the steady group reads as few entries
    expect(c.records).toBe(0);
    expect(c.snapshotPods).toBeGreaterThan(0);
    expect(c.podEntries).toBeLessThan(c.syncs * 30);
    expect(c.curveNodes).toBeGreaterThan(c.scrapes);
    expect(meter.units()).toBe(Math.max(meter.timeUnits(), meter.memoryUnits()));
  });

  it('a full run counts its records; a meter never changes a result', () => {
    const meter = new WorkMeter(Number.MAX_VALUE);
    const metered = simulate(day, { record: 'full', meter });
    const plain = simulate(day, { record: 'full' });
    if (!metered.ok || !plain.ok) throw new Error('runs must succeed');
    expect(meter.counts.records).toBe(syncsOf(day));
    expect(meter.counts.snapshotPods).toBe(0);
    expect(metered.result.series).toEqual(plain.result.series);
    expect(metered.result.kpis).toEqual(plain.result.kpis);
  });

  it('adds up the runs it watches', () => {
    const meter = new WorkMeter();
    simulate(day, { meter });
    const once = { ...meter.counts };
    simulate(day, { meter });
    for (const k of WORK_COSTS) expect(meter.counts[k]).toBe(2 * once[k]);
  });
});

describe('a run past its work budget stops with a located error', () => {
  const week = buildInput({
    spec: { minReplicas: 200, maxReplicas: 200 },
    workload: {
      initialReplicas: 200,
      // every pod stays distinct: a start-up burst longer than the run
      startupCpuBurst: { extraMilli: 300, durationSeconds: 30 * 86_400 },
    },
    traffic: { type: 'constant', value: 60_000 },
    durationSeconds: 7 * 86_400,
  });

  it('names where it stopped, the dominant cost and the fields behind it', () => {
    const out = simulate(week, { workBudget: 2_000_000 });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    const o = out.overrun!;
    expect(o.dominant).toBe('podScrapes');
    expect(o.atSeconds).toBeGreaterThan(0);
    expect(o.atSeconds).toBeLessThan(week.durationSeconds);
    expect(o.units).toBeGreaterThan(o.budget);
    expect(o.share).toBeGreaterThan(0.3);
    expect(o.fields[0]).toEqual(['hpa', 'spec', 'maxReplicas']);
    expect(o.fields).toContainEqual(['metricsPipeline', 'resolutionSeconds']);
    expect(out.error).toBe(o.message);
    expect(o.message).toMatch(
      /^stopped at \d+ [dh]( \d+ [hm])? of 7 d: the work budget of 2 M units was spent, \d+ % of it on [\d.]+ [kM] pod-scrapes — fewer pods or a coarser metrics resolution$/,
    );
    // A larger budget runs further before it stops.
    const further = simulate(week, { workBudget: 4_000_000 });
    expect(!further.ok && further.overrun!.atSeconds).toBeGreaterThan(o.atSeconds);
  });

  it('stops between the scrapes of one long sync period, not only at syncs', () => {
    const input = buildInput({
      controller: { ...day.controller, syncPeriodSeconds: 3600 },
      metricsPipeline: { resolutionSeconds: 1 },
      durationSeconds: 86_400,
    });
    const out = simulate(input, { workBudget: 100_000 });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.overrun!.atSeconds % 3600).not.toBe(0);
    expect(out.overrun!.dominant).toBe('scrapes');
  });

  it('names the series a long run keeps when they outweigh its work', () => {
    // A week at a 1 s sync period: 605 k syncs of series (87 MB), allocated before it starts.
    const input = buildInput({
      spec: { behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } },
      controller: { ...day.controller, syncPeriodSeconds: 1 },
      metricsPipeline: { resolutionSeconds: 60 },
      durationSeconds: 7 * 86_400,
    });
    const out = simulate(input, { workBudget: 2_000_000 });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.overrun!.dominant).toBe('seriesValues');
    expect(out.overrun!.fields[0]).toEqual(['durationSeconds']);
    expect(out.error).toMatch(/^stopped at 0 s of 7 d: .* series values kept — a shorter run/);
  });

  it('stops where a run checking after every scrape and sync stops, whatever the budget', () => {
    // simulate checks the budget every few syncs and runs again, checked after every event,
    // once it was passed (drive.ts coarseBudget); runSimulation checks after every event.
    const input = { ...day, durationSeconds: 6 * 3600 };
    const meter = new WorkMeter();
    const whole = simulate(input, { meter, replay: false, series: false });
    expect(whole.ok).toBe(true);
    const total = meter.units();
    const checked = (budget: number) => {
      const created = createSimulation(input, { workBudget: budget });
      if (!created.ok) throw new Error(created.error);
      try {
        runSimulation(input, created.simulation, { replay: false, series: false });
        return { ok: true, units: created.simulation.meter.units() };
      } catch (e) {
        return { ...runError(e), units: created.simulation.meter.units() };
      }
    };
    // budgets through the run (each passed between two coarse checks, mostly), and just under
    // and at its end: passed only by the last events, it stops there too
    const budgets = [0.37, 0.5, 0.61, 0.999, 0.99999, 1].map((f) => f * total);
    budgets.push(total - 1e-9 * total, total * (1 - 1e-12));
    for (const budget of budgets) {
      const m = new WorkMeter(budget);
      const out = simulate(input, { meter: m, replay: false, series: false });
      const want = checked(budget);
      expect(out.ok).toBe(want.ok);
      if (!out.ok)
        expect({ error: out.error, overrun: out.overrun }).toEqual({
          error: (want as { error: string }).error,
          overrun: (want as { overrun: unknown }).overrun,
        });
      // the meter reads what the run checked after every event counted (not the first try's)
      expect(m.units()).toBe(want.units);
    }
  });

  it('without a budget the same run finishes', () => {
    const short = { ...week, durationSeconds: 3600 };
    expect(simulate(short).ok).toBe(true);
    expect(simulate(short, { workBudget: 1e12 }).ok).toBe(true);
  });
});

describe('the written-out unit sums', () => {
  it('equal the sum over WORK_COSTS bit for bit, each cost included', () => {
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 1e7;
    for (let round = 0; round < 200; round++) {
      const c = zeroCounts();
      // one cost alone (a cost missing from the sums shows), then all at once
      const only = WORK_COSTS[round % WORK_COSTS.length]!;
      for (const k of WORK_COSTS) c[k] = round < WORK_COSTS.length && k !== only ? 0 : rnd();
      let time = 0;
      let memory = 0;
      for (const k of WORK_COSTS) {
        time += c[k] * WORK_PRICES[k].time;
        memory += c[k] * WORK_PRICES[k].memory;
      }
      expect(Object.is(timeUnitsOf(c), time)).toBe(true);
      expect(Object.is(memoryUnitsOf(c), memory)).toBe(true);
    }
  });
});

describe('how the meter writes numbers', () => {
  it('spans in their two largest units', () => {
    expect(formatSpan(7 * 86_400)).toBe('7 d');
    expect(formatSpan(3 * 3600 + 10 * 60 + 5)).toBe('3 h 10 m');
    expect(formatSpan(3 * 3600 + 5)).toBe('3 h');
    expect(formatSpan(45)).toBe('45 s');
    expect(formatSpan(0)).toBe('0 s');
  });

  it('counts to three figures', () => {
    expect(formatCount(41_234_567)).toBe('41.2 M');
    expect(formatCount(123_456_789)).toBe('123 M');
    expect(formatCount(30_000_000)).toBe('30 M');
    expect(formatCount(12_345)).toBe('12.3 k');
    expect(formatCount(950)).toBe('950');
    expect(formatCount(2.5e9)).toBe('2.5 G');
  });
});
