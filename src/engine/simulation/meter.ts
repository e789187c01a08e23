// The work meter: what a run has done so far, counted as it goes (plain counters bumped where
// the work happens), priced in work units, and a structured stop when a run passes its budget.
// One unit is about 0.25 µs of CPU on one laptop core, or 20 bytes the result keeps (the same
// unit as the scenario layer's estimate, src/scenario/budget.ts). The prices were measured with
// `npm run bench` fixtures and the bench:worst families; the meter counts what the engine really
// does (a steady group of pods is stepped once, so it is counted once), not what a scenario
// could cost.

/** Every cost the meter counts. */
export const WORK_COSTS = [
  'scrapes',
  'podScrapes',
  'curveNodes',
  'syncs',
  'metricSyncs',
  'podEntries',
  'recommendations',
  'scaleEvents',
  'podWrites',
  'seriesValues',
  'records',
  'snapshotPods',
] as const;

export type WorkCost = (typeof WORK_COSTS)[number];

/** Work done so far, one counter per cost. */
export type WorkCounts = Record<WorkCost, number>;

/** A path into SimulationInput (the scenario layer maps it to the field the user wrote). */
export type InputPath = readonly (string | number)[];

interface CostInfo {
  /** units of CPU time, and of memory the result keeps, per count */
  time: number;
  memory: number;
  /** the count as a person reads it, singular and plural */
  noun: [string, string];
  /** what to change, as advice */
  fix: string;
  /** the input fields that drive it, most responsible first */
  fields: InputPath[];
}

const PODS: InputPath[] = [
  ['hpa', 'spec', 'maxReplicas'],
  ['workload', 'initialReplicas'],
];
const RESOLUTION: InputPath = ['metricsPipeline', 'resolutionSeconds'];
const DURATION: InputPath = ['durationSeconds'];
const SYNC: InputPath = ['controller', 'syncPeriodSeconds'];

/** Prices and advice per cost (time in units of ~0.25 µs, memory in units of ~20 B). */
export const WORK_PRICES: Readonly<Record<WorkCost, CostInfo>> = {
  scrapes: {
    time: 12,
    memory: 0,
    noun: ['metric scrape', 'metric scrapes'],
    fix: 'a coarser metrics resolution or a shorter run',
    fields: [RESOLUTION, DURATION],
  },
  podScrapes: {
    time: 0.3,
    memory: 0,
    noun: ['pod-scrape', 'pod-scrapes'],
    fix: 'fewer pods or a coarser metrics resolution',
    fields: [...PODS, RESOLUTION],
  },
  curveNodes: {
    time: 0.05,
    memory: 0,
    noun: ['curve node evaluation', 'curve node evaluations'],
    fix: 'simpler load curves or a coarser metrics resolution',
    fields: [['traffic'], ['loads'], RESOLUTION],
  },
  syncs: {
    time: 4,
    memory: 0,
    noun: ['controller sync', 'controller syncs'],
    fix: 'a shorter run or a longer sync period',
    fields: [DURATION, SYNC],
  },
  metricSyncs: {
    time: 1.6,
    memory: 0,
    noun: ['metric computation', 'metric computations'],
    fix: 'fewer metrics or a longer sync period',
    fields: [['hpa', 'spec', 'metrics'], SYNC, DURATION],
  },
  podEntries: {
    time: 0.25,
    memory: 0,
    noun: ['pod entry read', 'pod entries read'],
    fix: 'fewer pods or a longer sync period',
    fields: [...PODS, SYNC],
  },
  recommendations: {
    time: 0.012,
    memory: 0,
    noun: ['stored recommendation scanned', 'stored recommendations scanned'],
    fix: 'a shorter stabilization window or a longer sync period',
    fields: [
      ['hpa', 'spec', 'behavior', 'scaleDown', 'stabilizationWindowSeconds'],
      ['controller', 'downscaleStabilizationSeconds'],
      ['hpa', 'spec', 'behavior', 'scaleUp', 'stabilizationWindowSeconds'],
      SYNC,
    ],
  },
  scaleEvents: {
    time: 0.02,
    memory: 0,
    noun: ['stored scale event scanned', 'stored scale events scanned'],
    fix: 'shorter scaling policy periods or a longer sync period',
    fields: [['hpa', 'spec', 'behavior'], SYNC],
  },
  podWrites: {
    time: 6.6,
    memory: 0,
    noun: ['pod created or deleted', 'pods created or deleted'],
    fix: 'fewer pods, or a behavior that rescales less often',
    fields: [...PODS, ['hpa', 'spec', 'behavior']],
  },
  seriesValues: {
    time: 0,
    memory: 0.4,
    noun: ['series value kept', 'series values kept'],
    fix: 'a shorter run or a longer sync period',
    fields: [DURATION, SYNC],
  },
  records: {
    time: 22,
    memory: 80,
    noun: ['full decision record', 'full decision records'],
    fix: 'compact records (no per-sync explanation) or a shorter run',
    fields: [DURATION, SYNC],
  },
  snapshotPods: {
    time: 3.9,
    memory: 10,
    noun: ['pod kept in replay snapshots', 'pods kept in replay snapshots'],
    fix: 'fewer pods',
    fields: PODS,
  },
};

/** Why a run stopped: the budget it passed, where, and the cost most responsible. */
export interface WorkOverrun {
  /** the instant the run stopped at, and the run's length (seconds) */
  atSeconds: number;
  durationSeconds: number;
  /** the budget and what was spent when the run stopped (units) */
  budget: number;
  units: number;
  counts: WorkCounts;
  /** the cost that took the largest share of the spent units */
  dominant: WorkCost;
  /** its count, its units and its share of all units (0–1) */
  count: number;
  dominantUnits: number;
  share: number;
  /** the input fields most responsible for it, most first (paths into SimulationInput) */
  fields: InputPath[];
  /** what to change, as advice */
  fix: string;
  /** one line: "stopped at 3 h 10 m of 7 d: …" */
  message: string;
}

/** Thrown out of the loop when the meter passes its budget; `simulate` returns it as an error. */
export class WorkBudgetError extends Error {
  constructor(readonly overrun: WorkOverrun) {
    super(overrun.message);
  }
}

// The loop checks the budget after every scrape and sync, so the sums are written out: the
// same products added in WORK_COSTS' order (bit for bit the loop over it, as meter.test.ts
// proves), without a keyed read per cost, which made the checks ~13 % of a budgeted run.
const T = WORK_PRICES;

/** Σ count × time price, in WORK_COSTS' order. */
export function timeUnitsOf(c: WorkCounts): number {
  return (
    0 +
    c.scrapes * T.scrapes.time +
    c.podScrapes * T.podScrapes.time +
    c.curveNodes * T.curveNodes.time +
    c.syncs * T.syncs.time +
    c.metricSyncs * T.metricSyncs.time +
    c.podEntries * T.podEntries.time +
    c.recommendations * T.recommendations.time +
    c.scaleEvents * T.scaleEvents.time +
    c.podWrites * T.podWrites.time +
    c.seriesValues * T.seriesValues.time +
    c.records * T.records.time +
    c.snapshotPods * T.snapshotPods.time
  );
}

/** Σ count × memory price, in WORK_COSTS' order. */
export function memoryUnitsOf(c: WorkCounts): number {
  return (
    0 +
    c.scrapes * T.scrapes.memory +
    c.podScrapes * T.podScrapes.memory +
    c.curveNodes * T.curveNodes.memory +
    c.syncs * T.syncs.memory +
    c.metricSyncs * T.metricSyncs.memory +
    c.podEntries * T.podEntries.memory +
    c.recommendations * T.recommendations.memory +
    c.scaleEvents * T.scaleEvents.memory +
    c.podWrites * T.podWrites.memory +
    c.seriesValues * T.seriesValues.memory +
    c.records * T.records.memory +
    c.snapshotPods * T.snapshotPods.memory
  );
}

/** Every count at 0. */
export function zeroCounts(): WorkCounts {
  const c = {} as WorkCounts;
  for (const k of WORK_COSTS) c[k] = 0;
  return c;
}

/**
 * Counts a run's work as it goes. The engine bumps `counts` where the work happens; `check(t)`
 * throws a WorkBudgetError once the units pass `budget` (Infinity: never). One meter may watch
 * several runs (a multi-cluster scenario's models): its counts then add up.
 */
export class WorkMeter {
  readonly counts: WorkCounts = zeroCounts();
  readonly budget: number;

  constructor(budget = Infinity) {
    this.budget = budget > 0 ? budget : Infinity;
  }

  /** CPU-time units spent so far. */
  timeUnits(): number {
    return timeUnitsOf(this.counts);
  }

  /** Units of memory the result keeps so far. */
  memoryUnits(): number {
    return memoryUnitsOf(this.counts);
  }

  /** max(time, memory): what the budget is compared with (as the scenario's estimate). */
  units(): number {
    return Math.max(this.timeUnits(), this.memoryUnits());
  }

  /** Each cost's units on the side (time or memory) that is larger now. */
  breakdown(): { cost: WorkCost; count: number; units: number }[] {
    const memory = this.memoryUnits() > this.timeUnits();
    return WORK_COSTS.map((cost) => ({
      cost,
      count: this.counts[cost],
      units: this.counts[cost] * (memory ? WORK_PRICES[cost].memory : WORK_PRICES[cost].time),
    }));
  }

  /** Whether the units passed the budget (check's test, without the stop). */
  passed(): boolean {
    return this.budget !== Infinity && this.units() > this.budget;
  }

  /** Throws a WorkBudgetError when the units passed the budget (a run at `t` of `duration`). */
  check(t: number, durationSeconds: number): void {
    if (this.budget === Infinity) return;
    const units = this.units();
    if (units > this.budget) throw new WorkBudgetError(this.overrun(t, durationSeconds, units));
  }

  /** The stop's description at t (also for a caller that checks the budget itself). */
  overrun(t: number, durationSeconds: number, units = this.units()): WorkOverrun {
    let top = this.breakdown()[0]!;
    for (const b of this.breakdown()) if (b.units > top.units) top = b;
    const price = WORK_PRICES[top.cost];
    const share = units > 0 ? top.units / units : 0;
    const noun = price.noun[top.count === 1 ? 0 : 1];
    const message =
      `stopped at ${formatSpan(Math.max(0, t))} of ${formatSpan(durationSeconds)}: the work ` +
      `budget of ${formatCount(this.budget)} units was spent, ${Math.round(share * 100)} % of ` +
      `it on ${formatCount(top.count)} ${noun} — ${price.fix}`;
    return {
      atSeconds: t,
      durationSeconds,
      budget: this.budget,
      units,
      counts: { ...this.counts },
      dominant: top.cost,
      count: top.count,
      dominantUnits: top.units,
      share,
      fields: price.fields,
      fix: price.fix,
      message,
    };
  }
}

/** 41 M, 3.2 k, 950: a count as a person reads it. */
export function formatCount(n: number): string {
  const a = Math.abs(n);
  const one = (x: number, unit: string) =>
    `${x >= 100 ? Math.round(x) : Math.round(x * 10) / 10} ${unit}`;
  if (a >= 1e9) return one(n / 1e9, 'G');
  if (a >= 1e6) return one(n / 1e6, 'M');
  if (a >= 1e4) return one(n / 1e3, 'k');
  return String(Math.round(n));
}

/** 7 d, 3 h 10 m, 45 s: a span of seconds in its largest unit and the next one. */
export function formatSpan(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'd'],
    [3600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  const rest = Math.round(seconds);
  const found = units.findIndex(([size]) => rest >= size);
  const i = found < 0 ? units.length - 1 : found;
  const [size, name] = units[i]!;
  const n = Math.floor(rest / size);
  const next = units[i + 1];
  const m = next ? Math.floor((rest - n * size) / next[0]) : 0;
  return m > 0 ? `${n} ${name} ${m} ${next![1]}` : `${n} ${name}`;
}
