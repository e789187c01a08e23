import { describe, expect, it } from 'vitest';
import { mergePatch } from './mergePatch.ts';

describe('mergePatch (RFC 7386)', () => {
  // The examples of RFC 7386 appendix A that apply to objects.
  const cases: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(cases)('%j patched by %j is %j', (target, patch, expected) => {
    expect(mergePatch(target, patch)).toEqual(expected);
  });

  it('replaces lists wholesale and leaves its inputs untouched', () => {
    const target = { behavior: { scaleDown: { policies: [{ type: 'Pods', value: 1 }] } } };
    const patch = { behavior: { scaleDown: { policies: [{ type: 'Percent', value: 10 }] } } };
    const before = JSON.stringify([target, patch]);
    expect(mergePatch(target, patch)).toEqual(patch);
    expect(JSON.stringify([target, patch])).toBe(before);
  });

  it('treats a __proto__ key as data, never as the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const out = mergePatch({}, patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a non-object patch replaces the target; an object patch over a scalar starts empty', () => {
    expect(mergePatch({ a: 1 }, [1])).toEqual([1]);
    expect(mergePatch(5, { a: { b: null, c: 1 } })).toEqual({ a: { c: 1 } });
  });

  it('the result shares no lists or objects with the patch', () => {
    const patch = { p: [{ v: 1 }] };
    const out = mergePatch({}, patch) as { p: { v: number }[] };
    out.p[0]!.v = 2;
    expect(patch.p[0]!.v).toBe(1);
  });
});
