/** Shared importer plumbing: bounded issue lists, strict number parsing, value checks. */
import type { ImportIssue } from './importTypes.ts';
import { MAX_IMPORT_ERRORS, MAX_IMPORT_WARNINGS, MAX_VALUE } from './limits.ts';

/** Collects errors (stops the import when full) and warnings (summarised past a cap). */
export class Issues {
  readonly errors: ImportIssue[] = [];
  readonly warnings: ImportIssue[] = [];
  private extraWarnings = 0;

  error(issue: ImportIssue): void {
    if (this.errors.length < MAX_IMPORT_ERRORS) this.errors.push(issue);
    else if (this.errors.length === MAX_IMPORT_ERRORS) {
      this.errors.push({
        ...issue,
        message: `more than ${MAX_IMPORT_ERRORS} errors; stopped here`,
      });
    }
  }

  /** True once no more errors will be recorded: the importer should stop. */
  get full(): boolean {
    return this.errors.length > MAX_IMPORT_ERRORS;
  }

  warn(issue: ImportIssue): void {
    if (this.warnings.length < MAX_IMPORT_WARNINGS) this.warnings.push(issue);
    else this.extraWarnings += 1;
  }

  finalWarnings(): ImportIssue[] {
    if (this.extraWarnings === 0) return this.warnings;
    return [...this.warnings, { message: `and ${this.extraWarnings} more warnings like these` }];
  }
}

/**
 * A time kept as whole units plus a fraction so that differences stay exact
 * (1700000015.25 − 1700000000 must be 15.25, not 15.250000238…).
 */
export interface SplitTime {
  whole: number;
  frac: number;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Strict decimal syntax (no hex, no empty string, no "1_000"); Number() is exact per spec. */
export function parseStrictNumber(text: string): number | undefined {
  return NUMBER.test(text) ? Number(text) : undefined;
}

/** A numeric time split exactly when written as plain decimal; undefined if not a number. */
export function parseSplitNumber(text: string): SplitTime | undefined {
  const m = DECIMAL.exec(text);
  if (m) {
    const sign = m[1] === '-' ? -1 : 1;
    const whole = sign * Number(m[2]);
    const frac = m[3] ? sign * Number(`0.${m[3]}`) : 0;
    return { whole, frac };
  }
  const n = parseStrictNumber(text);
  if (n === undefined || !Number.isFinite(n)) return undefined;
  const whole = Math.trunc(n);
  return { whole, frac: n - whole };
}

/** Prometheus-style special values, case-insensitive. */
export function isNonFiniteWord(text: string): boolean {
  return /^[+-]?(nan|inf|infinity)$/i.test(text);
}

/** Range check shared by importers; returns an error message or undefined. */
export function checkValue(value: number): string | undefined {
  if (value < 0) return `negative value ${value}: load values must be ≥ 0`;
  if (!(value <= MAX_VALUE)) return `value ${value} is larger than the limit ${MAX_VALUE}`;
  return undefined;
}
