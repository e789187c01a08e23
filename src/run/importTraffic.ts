// Exported traffic → the `spec.traffic` a scenario reads: the app's import dialog calls this (in a
// lazily loaded chunk), the tests too. Total demand as recorded, or demand reconstructed from a
// recorded metric and the replica count at the time (metric × replicas × factor: utilization
// × replicas × request). Pure; malformed input gives located errors, never a throw.

import {
  compactSeriesYaml,
  importCurve,
  listPrometheusSeries,
  parseCsvSeries,
  parsePrometheusRangeQuery,
  type CurvePoint,
  type ImportIssue,
  type ImportResult,
  type SeriesCurve,
} from '../engine/simulation/curves/index.ts';
import { MAX_TEXT_CHARS } from '../scenario/index.ts';

/** Room left in a scenario for everything but the imported block (its HPA, its Simulation). */
const ROOM_FOR_THE_REST = 64 * 1024;

export type TrafficFormat = 'csv' | 'prometheus';
export type TrafficMeaning = 'demand' | 'metric+replicas';

export interface TrafficImportRequest {
  text: string;
  meaning: TrafficMeaning;
  /** The replica-count file; empty: a `replicas` column of the CSV in `text`. */
  replicasText?: string;
  /** Multiplies every value (units; for a metric, e.g. the request per pod). Default 1. */
  factor?: number;
  /** The series starts this many seconds into the run. Default 0. */
  offsetSeconds?: number;
  interpolation?: 'linear' | 'step';
  /**
   * A Prometheus answer with several series: `sum` (default) adds them per timestamp, a number
   * takes that series alone (0-based, in the answer's order; see `choices`).
   */
  series?: 'sum' | number;
}

/** One series of a many-series Prometheus answer, as the dialog lists it to choose from. */
export interface SeriesChoice {
  /** `name{label="value", …}` as Prometheus prints it */
  label: string;
  samples: number;
  peak: number;
  /** the series as read (seconds from its first sample; before factor and offset) */
  points: CurvePoint[];
}

/** How many series of one answer are listed to choose from (the sum still adds all). */
export const MAX_SERIES_CHOICES = 50;

export interface LocatedImportIssue extends ImportIssue {
  /** which input the problem is in */
  source: 'traffic' | 'replicas';
}

export type TrafficImport =
  | {
      ok: true;
      /** demand points after the factor and offset (what the preview draws) */
      points: CurvePoint[];
      /** the `traffic:` block, one line each, at column 0 */
      yaml: string[];
      /** the run length the series needs, in seconds */
      durationSeconds: number;
      format: TrafficFormat;
      warnings: LocatedImportIssue[];
      label: string;
      /** a Prometheus traffic answer with several series: each of them (else empty) */
      choices: SeriesChoice[];
      /** how many series that answer holds (choices lists at most MAX_SERIES_CHOICES) */
      seriesTotal: number;
    }
  | { ok: false; errors: LocatedImportIssue[] };

/** JSON when it starts like an object: a Prometheus API answer; anything else is CSV. */
export function detectFormat(text: string): TrafficFormat {
  return /^\s*[{[]/.test(text) ? 'prometheus' : 'csv';
}

function read(text: string, column?: string): ImportResult {
  return detectFormat(text) === 'prometheus'
    ? parsePrometheusRangeQuery(text, { aggregate: 'sum' })
    : parseCsvSeries(text, column === undefined ? {} : { valueColumn: column });
}

const located = (source: LocatedImportIssue['source'], list: ImportIssue[]) =>
  list.map((i) => ({ ...i, source }));

/** A CSV's header names (lower case), or [] when it has no header line. */
function csvHeader(text: string): string[] {
  const first = text.split('\n', 1)[0] ?? '';
  const cells = first.split(/[,;\t]/).map((c) => c.trim().toLowerCase());
  return cells.some((c) => /^[a-z_]/.test(c)) ? cells : [];
}

export function importTraffic(request: TrafficImportRequest): TrafficImport {
  const factor = request.factor ?? 1;
  if (!(factor >= 0 && factor <= 1e9)) {
    return {
      ok: false,
      errors: [{ source: 'traffic', message: 'the factor must be a number from 0 to 1e9' }],
    };
  }
  const format = detectFormat(request.text);
  const ownReplicas = !request.replicasText?.trim();
  const header = format === 'csv' ? csvHeader(request.text) : [];
  const replicasColumn = header.find((c) => /replica/.test(c));
  let metricColumn: string | undefined;
  if (request.meaning === 'metric+replicas' && ownReplicas && replicasColumn) {
    metricColumn = header.find((c, i) => i > 0 && c !== replicasColumn && !/^time/.test(c));
  }
  const picked = format === 'prometheus' ? pickPrometheus(request.text, request.series) : null;
  const main = picked?.main ?? read(request.text, metricColumn);
  if (!main.ok) return { ok: false, errors: located('traffic', main.errors) };
  const warnings = located('traffic', main.series.warnings);
  let points = main.series.points;
  if (request.meaning === 'metric+replicas') {
    if (ownReplicas && !replicasColumn) {
      const message =
        'a recorded metric needs the replica count too: a "replicas" column in this CSV, or a second file';
      return { ok: false, errors: [{ source: 'replicas', message }] };
    }
    const replicas = ownReplicas
      ? parseCsvSeries(request.text, { valueColumn: replicasColumn })
      : read(request.replicasText!);
    if (!replicas.ok) return { ok: false, errors: located('replicas', replicas.errors) };
    warnings.push(...located('replicas', replicas.series.warnings));
    // Aligned on the files' own clocks: the replica count in force at each metric sample.
    const shift = main.series.originSeconds - replicas.series.originSeconds;
    const counts = replicas.series.points;
    let j = 0;
    points = points.map((p) => {
      const t = p.at + shift;
      while (j + 1 < counts.length && counts[j + 1]!.at <= t) j++;
      return { at: p.at, value: p.value * counts[j]!.value };
    });
  }
  const offset = request.offsetSeconds ?? 0;
  // The curve the scenario will read, checked by its own validator (bounded grid, values and
  // times within the curve limits): Apply never writes a traffic block the editor then refuses.
  const imported = importCurve(points, {
    interpolation: request.interpolation ?? 'linear',
    scale: factor,
    offsetSeconds: offset,
    scaleName: 'the factor',
  });
  if (!imported.ok) return { ok: false, errors: located('traffic', imported.errors) };
  warnings.push(...located('traffic', imported.warnings));
  const curve = imported.curve as SeriesCurve & { values: string; stepSeconds: number };
  const last = points.at(-1)?.at ?? 0;
  const yaml = compactSeriesYaml('traffic', curve);
  // As written under `spec:` (two spaces a line): a block the scenario's size limit refuses is
  // refused here, where the step can still be changed (fuzz: 11.6 days at a 0.5 s step, 2.1 MB).
  const chars = yaml.reduce((n, l) => n + l.length + 3, 0);
  if (chars > MAX_TEXT_CHARS - ROOM_FOR_THE_REST) {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    const message = `the imported curve would take ${mb(chars)} MB of the scenario (${curve.stepSeconds} s a value); a scenario's limit is ${mb(MAX_TEXT_CHARS)} MB: import a shorter window or a coarser step`;
    return { ok: false, errors: [{ source: 'traffic', message }] };
  }
  return {
    ok: true,
    points: points.map((p) => ({ at: p.at + offset, value: p.value * factor })),
    yaml,
    durationSeconds: offset + last + curve.stepSeconds,
    format,
    warnings,
    label: main.series.label ?? '',
    choices: picked?.choices ?? [],
    seriesTotal: picked?.total ?? 1,
  };
}

/** The series to import from a Prometheus answer (one, or the sum), and every one to offer. */
function pickPrometheus(
  text: string,
  series: TrafficImportRequest['series'],
): { main: ImportResult; choices: SeriesChoice[]; total: number } | null {
  const listed = listPrometheusSeries(text, { maxSeries: MAX_SERIES_CHOICES });
  // A file that does not read: the plain reader gives the same located errors.
  if (!listed.ok) return null;
  const choices =
    listed.total < 2
      ? []
      : listed.series.map((s) => ({
          label: s.label,
          samples: s.points.length,
          peak: s.points.reduce((m, p) => Math.max(m, p.value), 0),
          points: s.points,
        }));
  if (series === undefined || series === 'sum' || listed.total < 2) {
    return { main: read(text), choices, total: listed.total };
  }
  const one = listed.series[series];
  if (!Number.isInteger(series) || !one) {
    const message = `series ${series} is not in the file: it holds ${listed.total} (0 to ${listed.total - 1}), or take their sum`;
    return { main: { ok: false, errors: [{ message }] }, choices, total: listed.total };
  }
  if (one.points.length === 0) {
    const message = `series ${one.label} has no usable samples; choose another or their sum`;
    return {
      main: { ok: false, errors: [{ path: 'data.result', message }] },
      choices,
      total: listed.total,
    };
  }
  return { main: { ok: true, series: one }, choices, total: listed.total };
}
