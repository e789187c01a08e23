import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimalReplacement } from './textEdit.ts';

const apply = (text: string, r: ReturnType<typeof minimalReplacement>) =>
  r ? text.slice(0, r.start) + r.text + text.slice(r.end) : text;

describe('minimalReplacement', () => {
  it('is null for equal texts', () => {
    expect(minimalReplacement('a: 1\n', 'a: 1\n')).toBeNull();
  });

  it('replaces only the changed middle', () => {
    expect(minimalReplacement('spec:\n  maxReplicas: 20\n', 'spec:\n  maxReplicas: 25\n')).toEqual({
      start: 22,
      end: 23,
      text: '5',
    });
    expect(minimalReplacement('ab', 'aXb')).toEqual({ start: 1, end: 1, text: 'X' });
    expect(minimalReplacement('aXb', 'ab')).toEqual({ start: 1, end: 2, text: '' });
    expect(minimalReplacement('', 'new')).toEqual({ start: 0, end: 0, text: 'new' });
    expect(minimalReplacement('old', '')).toEqual({ start: 0, end: 3, text: '' });
  });

  it('never splits a surrogate pair or a CR LF', () => {
    // '😀' and '😃' share their high surrogate.
    const r = minimalReplacement('x😀y', 'x😃y');
    expect(r).toEqual({ start: 1, end: 3, text: '😃' });
    const crlf = minimalReplacement('a\r\nb', 'a\r\r\nb');
    expect(crlf && crlf.start).not.toBe(2);
    expect(apply('a\r\nb', crlf)).toBe('a\r\r\nb');
  });

  it('always turns the old text into the new one, within bounds', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\r', '\n', '😀', '😃', ' ') });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const r = minimalReplacement(a, b);
        expect(apply(a, r)).toBe(b);
        if (r) {
          expect(0 <= r.start && r.start <= r.end && r.end <= a.length).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
