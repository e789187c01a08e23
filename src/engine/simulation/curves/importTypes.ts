/** Result types shared by the CSV and Prometheus importers. */
import type { CurvePoint } from './types.ts';

/** A located import problem: line/column for text positions, path for JSON fields. */
export interface ImportIssue {
  line?: number;
  column?: number;
  path?: string;
  message: string;
}

export interface ImportedSeries {
  /** In time order; `at` is seconds after the first sample (so the first `at` is 0). */
  points: CurvePoint[];
  /** Rows skipped, reordered or reinterpreted; the import still succeeded. */
  warnings: ImportIssue[];
  /**
   * The first sample's original time in seconds: Unix seconds for ISO-8601, Unix and Prometheus
   * times; whatever origin the file used for plain numbers.
   */
  originSeconds: number;
  /** Which series was taken, e.g. `{pod="web-1"}` or `sum of 3 series` (Prometheus only). */
  label?: string;
}

export type ImportResult =
  { ok: true; series: ImportedSeries } | { ok: false; errors: ImportIssue[] };

/** What to do with NaN / ±Inf samples: drop them with a warning (default), or fail. */
export type NonFiniteHandling = 'skip' | 'error';

/** Which series to import from a Prometheus range query, and how. */
export interface PrometheusImportOptions {
  /** Keep only series whose labels include all of these (`__name__` included). */
  labels?: Record<string, string>;
  /** Then take the n-th remaining series (0-based, in response order). */
  index?: number;
  /** When several series remain: `sum` adds them per timestamp; default `none` (an error). */
  aggregate?: 'none' | 'sum';
  /** Default `skip` (NaN, +Inf, -Inf samples are dropped with a warning). */
  nonFinite?: NonFiniteHandling;
}
