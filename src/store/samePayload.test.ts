import { describe, expect, it } from 'vitest';
import { samePayload } from './samePayload.ts';
import { resultReply, settle } from './testing/fakes.ts';
import { ready } from './testing/setup.ts';

describe('samePayload', () => {
  it('compares plain data deeply and typed arrays by their bytes', () => {
    const runs = (v: number) => [
      { key: 'main', result: { series: { a: new Float64Array([1, NaN, v]) }, kpis: { x: 1 } } },
    ];
    expect(samePayload(runs(3), runs(3))).toBe(true);
    expect(samePayload(runs(3), runs(4))).toBe(false);
    expect(samePayload({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(samePayload([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(samePayload(new Float64Array([1]), new Float32Array([1, 0]))).toBe(false);
    expect(samePayload({ a: [NaN, null] }, { a: [NaN, null] })).toBe(true);
  });
});

describe('a run that shows what is shown keeps the shown objects', () => {
  it('keeps the result and runs of an equal reply, and takes a different one', async () => {
    const { store, actions, client } = await ready('a');
    const shown = store.getState().result;
    const runs = store.getState().runs;
    actions.editScenarioText('a # a comment');
    client.lastRun.resolve(resultReply('a')); // the same runs, for another text
    await settle();
    expect(store.getState().resultText).toBe('a # a comment');
    expect(store.getState().result).toBe(shown);
    expect(store.getState().runs).toBe(runs);
    actions.editScenarioText('b');
    client.lastRun.resolve(resultReply('b'));
    await settle();
    expect(store.getState().result).not.toBe(shown);
    expect(store.getState().runs[0]!.label).toBe('b');
  });
});
