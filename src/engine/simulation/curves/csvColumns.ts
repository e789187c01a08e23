/** Which CSV columns hold time and value: from options, header names, or position. */
import type { CsvField } from './csvLine.ts';

const TIME_NAMES = ['time', 'timestamp', 'ts', 't', 'date', 'datetime', 'at', 'seconds'];
const VALUE_NAMES = ['value', 'values', 'y', 'v'];

export interface CsvColumns {
  time: number;
  value: number;
}

type ColumnOption = number | string | undefined;

function names(header: CsvField[]): string {
  return header.map((f) => `'${f.text}'`).join(', ');
}

function resolveOne(
  option: ColumnOption,
  header: CsvField[] | undefined,
  width: number,
  role: string,
): number | string | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'number') {
    if (!Number.isInteger(option) || option < 0 || option >= width) {
      return `${role}Column ${option} does not exist: lines have ${width} columns (numbered from 0)`;
    }
    return option;
  }
  if (!header) return `${role}Column '${option}' names a column, but the file has no header row`;
  const index = header.findIndex((f) => f.text.toLowerCase() === option.toLowerCase());
  return index >= 0 ? index : `no column named '${option}'; the header has ${names(header)}`;
}

/** The columns to read, or an error message. */
export function resolveColumns(
  header: CsvField[] | undefined,
  width: number,
  options: { timeColumn?: number | string; valueColumn?: number | string },
): CsvColumns | string {
  if (width < 2) {
    return 'expected at least two columns (time and value); check the delimiter';
  }
  const time = resolveOne(options.timeColumn, header, width, 'time');
  if (typeof time === 'string') return time;
  const value = resolveOne(options.valueColumn, header, width, 'value');
  if (typeof value === 'string') return value;
  const lower = header?.map((f) => f.text.toLowerCase());
  const byName = (candidates: string[]) => lower?.findIndex((n) => candidates.includes(n)) ?? -1;
  const timeIndex = time ?? (byName(TIME_NAMES) >= 0 ? byName(TIME_NAMES) : 0);
  if (value !== undefined) return { time: timeIndex, value };
  const valueByName = byName(VALUE_NAMES);
  if (valueByName >= 0 && valueByName !== timeIndex) return { time: timeIndex, value: valueByName };
  if (width === 2) return { time: timeIndex, value: timeIndex === 0 ? 1 : 0 };
  const which = header ? `columns ${names(header)}` : `${width} columns`;
  return `found ${which}; choose the value column with the valueColumn option`;
}
