// A `PlotTable` over series that are already arrays: row k stands for sample `indices[k]` and
// reads each named series there, so downsampling a result makes an index list, not a row object
// per kept point. Values read as a `PlotRow` would hold them: non-finite numbers are null.

import type { IndexValue, PlotRow, PlotTable } from './geometry.ts';

/** A column: its series (read at the rows' indices), or null for a key every row has as null. */
export type Column = ArrayLike<number> | null;

const finiteOrNull = (v: number | undefined): number | null =>
  v === undefined || !Number.isFinite(v) ? null : v;

const none: IndexValue = () => undefined;
const nulls: IndexValue = () => null;

export class ColumnRows implements PlotTable {
  /**
   * `time` and every column are whole series, indexed like `indices` (not copied); `columns`'
   * order is the order of a made row's keys after `i` and `t`.
   */
  constructor(
    readonly time: ArrayLike<number>,
    readonly indices: Int32Array,
    readonly columns: ReadonlyMap<string, Column>,
  ) {}

  get length(): number {
    return this.indices.length;
  }

  t(k: number): number {
    return this.time[this.indices[k]!]!;
  }

  row(k: number): PlotRow {
    const i = this.indices[k]!;
    const row: PlotRow = { i, t: this.time[i]! };
    for (const [key, c] of this.columns) row[key] = c === null ? null : finiteOrNull(c[i]);
    return row;
  }

  value(key: string): IndexValue {
    const c = this.columns.get(key);
    if (c === undefined) return none;
    if (c === null) return nulls;
    const indices = this.indices;
    return (k) => finiteOrNull(c[indices[k]!]);
  }
}
