// Sample traffic traces offered in the import dialog, generated here (deterministically, no
// fetch) so they cost no download and every build holds the same bytes. Each is a file a user
// could have exported: a CSV with ISO times, or a Prometheus query_range result.

export interface SampleTrace {
  id: string;
  title: string;
  fileName: string;
  text: string;
  /** what the values are, for the dialog's "what is it" default */
  kind: 'demand' | 'metric+replicas';
}

/** A counter-based hash in [0, 1): the same (seed, i) always gives the same number. */
function hash01(seed: number, i: number): number {
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** Smooth noise: a random walk pulled back to 0, so neighbouring minutes are alike. */
function wander(seed: number, count: number, strength: number): Float64Array {
  const out = new Float64Array(count);
  let x = 0;
  for (let i = 0; i < count; i++) {
    x = 0.9 * x + strength * (hash01(seed, i) - 0.5);
    out[i] = x + 0.4 * strength * (hash01(seed + 1, i) - 0.5);
  }
  return out;
}

/** A day: low at 04:00, a morning ramp, a peak at 14:00 and a sharp spike at 19:30. */
function diurnalDay(count: number, stepSeconds: number, seed: number): number[] {
  const noise = wander(seed, count, 0.12);
  return Array.from({ length: count }, (_, i) => {
    const hour = ((i * stepSeconds) / 3600) % 24;
    const wave = 0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 4)) / 24);
    const spike = hour >= 19.5 && hour < 19.75 ? 2.2 : 1;
    return Math.max(0, 120 + 780 * wave * spike * (1 + noise[i]!));
  });
}

const ISO_START = Date.UTC(2026, 10, 16); // a Monday

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function csv(header: string, rows: string[]): string {
  return `${header}\n${rows.join('\n')}\n`;
}

function prometheus(metric: Record<string, string>, start: number, step: number, values: number[]) {
  return prometheusMatrix([{ metric, values }], start, step);
}

/** A query_range answer holding several series on the same time grid. */
function prometheusMatrix(
  series: { metric: Record<string, string>; values: number[] }[],
  start: number,
  step: number,
) {
  const result = series.map(({ metric, values }) => {
    // NaN: no sample at that time (a scrape gap), as Prometheus leaves it out.
    const samples = values.flatMap((v, i) =>
      Number.isNaN(v) ? [] : [`[${start + i * step},"${v.toFixed(3)}"]`],
    );
    return `{"metric":${JSON.stringify(metric)},"values":[\n${samples.join(',\n')}\n]}`;
  });
  return `{"status":"success","data":{"resultType":"matrix","result":[${result.join(',\n')}]}}\n`;
}

export function diurnalWebCsv(): string {
  const values = diurnalDay(1440, 60, 11);
  return csv(
    'time,requests_per_second',
    values.map((v, i) => `${iso(ISO_START + i * 60_000)},${v.toFixed(2)}`),
  );
}

/** Batch jobs arrive every 2 h for 20 min; between them a trickle. Prometheus, 30 s step. */
export function batchQueueJson(): string {
  const count = (12 * 3600) / 30;
  const noise = wander(23, count, 0.3);
  const values = Array.from({ length: count }, (_, i) => {
    const minute = ((i * 30) / 60) % 120;
    const burst = minute < 20 ? 400 * (1 - minute / 25) : 0;
    return Math.max(0, (15 + burst) * (1 + noise[i]!));
  });
  return prometheus(
    { __name__: 'queue_messages_in_rate', queue: 'jobs' },
    ISO_START / 1000,
    30,
    values,
  );
}

/** A week at 5-minute steps: weekdays busier than the weekend, one Thursday incident. */
export function weekJson(): string {
  const step = 300;
  const perDay = 86400 / step;
  const values: number[] = [];
  for (let day = 0; day < 7; day++) {
    const level = day >= 5 ? 0.55 : 1 + 0.04 * day;
    for (const v of diurnalDay(perDay, step, 100 + day)) values.push(v * level);
  }
  for (let i = 3 * perDay + 130; i < 3 * perDay + 142; i++) values[i]! *= 1.8;
  return prometheus(
    { __name__: 'http_requests_per_second', service: 'checkout' },
    ISO_START / 1000,
    step,
    values,
  );
}

/**
 * The same kind of week split by zone, as `sum by (zone) (rate(http_requests_total[5m]))`
 * returns it: three series to pick from or to add up. Zone c is half the size and went dark for
 * two hours on Wednesday night (its samples are missing, as Prometheus leaves them).
 */
export function weekByZoneJson(): string {
  const step = 300;
  const perDay = 86400 / step;
  const zones = [
    { zone: 'europe-west1-b', share: 0.4, seed: 200 },
    { zone: 'europe-west1-c', share: 0.2, seed: 300 },
    { zone: 'europe-west1-d', share: 0.4, seed: 400 },
  ];
  const start = ISO_START / 1000;
  const series = zones.map(({ zone, share, seed }) => {
    const values: number[] = [];
    for (let day = 0; day < 7; day++) {
      const level = day >= 5 ? 0.55 : 1 + 0.04 * day;
      for (const v of diurnalDay(perDay, step, seed + day)) values.push(v * level * share);
    }
    return { metric: { service: 'checkout', zone }, values };
  });
  // Zone c's samples from Wednesday 22:00 to midnight are missing.
  const gap = 2 * perDay + (22 * 3600) / step;
  series[1]!.values.fill(Number.NaN, gap, gap + (2 * 3600) / step);
  return prometheusMatrix(series, start, step);
}

/** Recorded CPU utilization (% of request) and replica count of an HPA-scaled Deployment. */
export function recordedCpuCsv(): string {
  const demand = diurnalDay(1440, 60, 5);
  let replicas = 2;
  const rows: string[] = [];
  for (let i = 0; i < demand.length; i++) {
    // demand in units; one pod at 100 % serves 100 units: utilization = demand / replicas
    const utilization = demand[i]! / replicas;
    rows.push(`${iso(ISO_START + i * 60_000)},${utilization.toFixed(1)},${replicas}`);
    if (i % 5 === 4) replicas = Math.max(2, Math.min(20, Math.ceil((utilization * replicas) / 70)));
  }
  return csv('time,cpu_utilization_percent,replicas', rows);
}

export const SAMPLE_TRACES: readonly {
  id: string;
  title: string;
  fileName: string;
  kind: SampleTrace['kind'];
  make: () => string;
}[] = [
  {
    id: 'diurnal',
    title: 'Web service: a day with an evening spike (CSV, 1 min)',
    fileName: 'web-day.csv',
    kind: 'demand',
    make: diurnalWebCsv,
  },
  {
    id: 'batch',
    title: 'Batch queue: bursts every 2 h (Prometheus, 30 s)',
    fileName: 'batch-queue.json',
    kind: 'demand',
    make: batchQueueJson,
  },
  {
    id: 'week',
    title: 'A week of traffic (Prometheus, 5 min)',
    fileName: 'week.json',
    kind: 'demand',
    make: weekJson,
  },
  {
    id: 'week-zones',
    title: 'A week in three zones: pick one or add them up (Prometheus, 5 min)',
    fileName: 'week-by-zone.json',
    kind: 'demand',
    make: weekByZoneJson,
  },
  {
    id: 'recorded',
    title: 'Recorded CPU % and replicas of a day (CSV, 1 min)',
    fileName: 'recorded-cpu.csv',
    kind: 'metric+replicas',
    make: recordedCpuCsv,
  },
];
