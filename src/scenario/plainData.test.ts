import { describe, expect, it } from 'vitest';
import { holeyList, sameHiddenClass } from '../engine/testing/v8Shapes.ts';
import { clonePlain, withoutNulls } from './plainData.ts';

describe('withoutNulls / clonePlain', () => {
  it('copies lists and records, dropping null map entries only', () => {
    const doc = { a: [1, null, { b: null, c: 'x' }], d: null, __proto__x: 1 };
    expect(withoutNulls(doc)).toEqual({ a: [1, null, { c: 'x' }], __proto__x: 1 });
    expect(clonePlain(doc)).toEqual(doc);
    const holes = [1, , 3]; // eslint-disable-line no-sparse-arrays
    const copied = clonePlain(holes);
    expect(copied.length).toBe(3);
    expect(1 in copied).toBe(false);
  });

  it('gives a list one hidden class, packed, however hot the copy is', () => {
    // V8's map() gave a packed list from its builtin and a holey one once inlined in optimised
    // code: the HPA's metrics list changed class after a scenario that made the copy hot.
    const doc = { metrics: [{ type: 'Resource' }, { type: 'Pods' }] };
    const first = withoutNulls(doc).metrics;
    let last = first;
    for (let i = 0; i < 20_000; i++) last = withoutNulls(doc).metrics;
    expect(holeyList(first)).toBe(false);
    expect(holeyList(last)).toBe(false);
    expect(sameHiddenClass(first, last)).toBe(true);
    // lists of numbers keep numbers' kinds after all those lists of records
    const numbers = withoutNulls({ ints: [1, 2], doubles: [0.5, 2] });
    expect(sameHiddenClass(numbers.ints, [3, 4])).toBe(true);
    expect(sameHiddenClass(numbers.doubles, [0.25, 0.75])).toBe(true);
  });
});
