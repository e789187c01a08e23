/**
 * parseCsvSeries: a time,value CSV (header optional) to a series. Times may be seconds, Unix
 * seconds or milliseconds, or ISO-8601; they become seconds after the first sample. Tolerates a
 * BOM, CRLF, blank lines, `#` comments and quoted fields. Never throws; bounded by the limits.
 */
import type { ImportResult, NonFiniteHandling } from './importTypes.ts';
import {
  Issues,
  checkValue,
  isNonFiniteWord,
  parseSplitNumber,
  parseStrictNumber,
  type SplitTime,
} from './importCommon.ts';
import { SampleBuffer, finishSeries } from './sampleBuffer.ts';
import { detectDelimiter, splitCsvLine, type CsvField } from './csvLine.ts';
import { resolveColumns, type CsvColumns } from './csvColumns.ts';
import { looksLikeIsoDate, parseIsoTime } from './isoTime.ts';
import { MAX_IMPORT_CHARS, MAX_POINTS } from './limits.ts';
import { encodingWarning, inputLimitError } from './importInput.ts';

export interface CsvImportOptions {
  /** 0-based index or header name. Default: a column named time/timestamp/…, else the first. */
  timeColumn?: number | string;
  /** 0-based index or header name. Default: a column named value, else the other of two. */
  valueColumn?: number | string;
  /** Default: detected from the first line (tab, `;`, else `,`). */
  delimiter?: ',' | ';' | '\t';
  /** Default: detected (the first line is a header when its time cell is not a time). */
  header?: boolean;
  /** For numeric times. Default: milliseconds when they look like Unix ms (≥ 1e11), else seconds. */
  timeUnit?: 'seconds' | 'milliseconds';
  /** Default `skip`. */
  nonFinite?: NonFiniteHandling;
}

interface CsvState {
  delimiter?: string;
  columns?: CsvColumns;
  timeKind?: 'number' | 'iso';
  divisor?: number;
  rows: number;
}

export function parseCsvSeries(text: string, options: CsvImportOptions = {}): ImportResult {
  try {
    return parseCsv(text, options);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unknown';
    return { ok: false, errors: [{ message: `could not read the CSV: ${detail}` }] };
  }
}

function parseCsv(input: string, options: CsvImportOptions): ImportResult {
  const limit = inputLimitError(input, MAX_IMPORT_CHARS);
  if (limit) return { ok: false, errors: [limit] };
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const issues = new Issues();
  const encoding = encodingWarning(text);
  if (encoding) issues.warn(encoding);
  const samples = new SampleBuffer();
  const state: CsvState = { rows: 0 };
  let line = 0;
  let pos = 0;
  while (pos <= text.length && !issues.full) {
    let end = pos;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c === 10 || c === 13) break;
      end++;
    }
    line += 1;
    const content = text.slice(pos, end);
    const trimmed = content.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) {
      if (readLine(content, line, state, options, issues, samples) === 'stop') break;
    }
    if (end >= text.length) break;
    pos = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  if (issues.errors.length === 0 && samples.length === 0 && state.columns) {
    issues.error({ message: 'no data rows: the file has a header but no usable samples' });
  }
  return finishSeries(samples, issues, state.divisor ?? 1, (line) => ({ line }));
}

/** Handles one non-blank, non-comment line. */
function readLine(
  content: string,
  line: number,
  state: CsvState,
  options: CsvImportOptions,
  issues: Issues,
  samples: SampleBuffer,
): 'stop' | undefined {
  state.delimiter ??= options.delimiter ?? detectDelimiter(content);
  const fields = splitCsvLine(content, state.delimiter);
  if (!Array.isArray(fields)) {
    issues.error({ line, column: fields.column, message: fields.message });
    return undefined;
  }
  if (!state.columns) {
    const isHeader = options.header ?? !looksLikeTime(fields, options);
    const columns = resolveColumns(isHeader ? fields : undefined, fields.length, options);
    if (typeof columns === 'string') {
      issues.error({ line, column: 1, message: columns });
      return 'stop';
    }
    state.columns = columns;
    if (isHeader) return undefined;
  }
  state.rows += 1;
  if (state.rows > MAX_POINTS) {
    issues.error({ line, message: `more than ${MAX_POINTS} data rows (the limit)` });
    return 'stop';
  }
  readRow(fields, line, state, state.columns, options, issues, samples);
  return undefined;
}

function looksLikeTime(fields: CsvField[], options: CsvImportOptions): boolean {
  const index = typeof options.timeColumn === 'number' ? options.timeColumn : 0;
  const cell = fields[index]?.text ?? '';
  return parseSplitNumber(cell) !== undefined || looksLikeIsoDate(cell);
}

function readRow(
  fields: CsvField[],
  line: number,
  state: CsvState,
  columns: CsvColumns,
  options: CsvImportOptions,
  issues: Issues,
  samples: SampleBuffer,
): void {
  const timeField = fields[columns.time];
  const valueField = fields[columns.value];
  if (!timeField || !valueField) {
    const needed = Math.max(columns.time, columns.value) + 1;
    issues.error({ line, message: `expected at least ${needed} columns, found ${fields.length}` });
    return;
  }
  const time = readTime(timeField, line, state, options, issues);
  if (time === undefined) return;
  const at = { line, column: valueField.column };
  const cell = valueField.text;
  if (cell === '') {
    issues.warn({ ...at, message: 'empty value; row skipped' });
    return;
  }
  if (isNonFiniteWord(cell)) {
    if (options.nonFinite === 'error')
      issues.error({ ...at, message: `value '${cell}' is not finite` });
    else issues.warn({ ...at, message: `value '${cell}' is not finite; row skipped` });
    return;
  }
  const value = parseStrictNumber(cell);
  if (value === undefined) {
    const comma = /^[+-]?\d+,\d+$/.test(cell) ? " (use '.' as the decimal separator)" : '';
    issues.error({ ...at, message: `value '${cell.slice(0, 40)}' is not a number${comma}` });
    return;
  }
  const problem = checkValue(value);
  if (problem) {
    issues.error({ ...at, message: problem });
    return;
  }
  samples.push(time, value, line);
}

function readTime(
  field: CsvField,
  line: number,
  state: CsvState,
  options: CsvImportOptions,
  issues: Issues,
): SplitTime | undefined {
  const at = { line, column: field.column };
  const cell = field.text;
  if (cell === '') {
    issues.error({ ...at, message: 'empty time' });
    return undefined;
  }
  const kind = looksLikeIsoDate(cell) ? 'iso' : 'number';
  state.timeKind ??= kind;
  if (kind !== state.timeKind) {
    const expected = state.timeKind === 'iso' ? 'an ISO-8601 date-time' : 'a number';
    issues.error({
      ...at,
      message: `time '${cell.slice(0, 40)}' is not ${expected} like the first row`,
    });
    return undefined;
  }
  if (kind === 'iso') {
    const parsed = parseIsoTime(cell);
    if (typeof parsed === 'string') issues.error({ ...at, message: parsed });
    state.divisor ??= 1;
    return typeof parsed === 'string' ? undefined : parsed;
  }
  const parsed = parseSplitNumber(cell);
  if (parsed === undefined) {
    issues.error({
      ...at,
      message: `time '${cell.slice(0, 40)}' is not a number or ISO-8601 date-time`,
    });
    return undefined;
  }
  if (state.divisor === undefined) {
    const looksMs = Math.abs(parsed.whole) >= 1e11;
    const ms = options.timeUnit ? options.timeUnit === 'milliseconds' : looksMs;
    if (ms && !options.timeUnit) {
      issues.warn({ ...at, message: 'times look like Unix milliseconds; read as milliseconds' });
    }
    state.divisor = ms ? 1000 : 1;
  }
  return parsed;
}
