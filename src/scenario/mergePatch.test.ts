import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './mergePatch.ts';

describe('applyMergePatch (RFC 7386)', () => {
  it('merges objects key by key, deletes on null, replaces arrays and scalars', () => {
    const target = { a: 1, b: { c: 2, d: [1, 2] }, e: 'x' };
    const out = applyMergePatch(target, { a: null, b: { d: [3], f: true }, e: { g: 1 } });
    expect(out).toEqual({ b: { c: 2, d: [3], f: true }, e: { g: 1 } });
    expect(target).toEqual({ a: 1, b: { c: 2, d: [1, 2] }, e: 'x' });
  });

  it('a non-object patch replaces the target; an object patch over a scalar starts empty', () => {
    expect(applyMergePatch({ a: 1 }, [1])).toEqual([1]);
    expect(applyMergePatch(5, { a: { b: null, c: 1 } })).toEqual({ a: { c: 1 } });
  });

  it('the result shares no arrays with the patch', () => {
    const patch = { p: [{ v: 1 }] };
    const out = applyMergePatch({}, patch) as { p: { v: number }[] };
    out.p[0]!.v = 2;
    expect(patch.p[0]!.v).toBe(1);
  });
});
