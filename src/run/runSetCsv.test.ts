import { describe, expect, it } from 'vitest';
import { RUN_SET_CSV_HEAD, runSetToCsv, type RunSetCsvRun } from './runSetCsv.ts';

describe('the run-set CSV (every run of the set)', () => {
  it('quotes a label that needs it and leaves a value not computed empty', () => {
    const series = Object.fromEntries(
      RUN_SET_CSV_HEAD.slice(4).map((k) => [k, new Float64Array([k === 'time' ? 0 : NaN])]),
    );
    const run = {
      key: 'v',
      kind: 'variant',
      group: 'v',
      label: 'a "tight", fast',
      result: { series },
    } as unknown as RunSetCsvRun;
    const [, row] = runSetToCsv([run]).split('\n');
    expect(row).toBe(`v,variant,v,"a ""tight"", fast",0${','.repeat(RUN_SET_CSV_HEAD.length - 5)}`);
  });
});
