import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownText, SHOWN_TEXT_MAX_CHARS } from './shownText.ts';

describe('shownText', () => {
  it('leaves ordinary text alone', () => {
    expect(shownText('format v2 is unknown — “quoted” ✓')).toBe(
      'format v2 is unknown — “quoted” ✓',
    );
  });

  it('escapes control characters and bidi overrides', () => {
    expect(shownText('a\u0000b\nc\u001b[31m\u202Ed\u2066')).toBe(
      'a\\u0000b\\nc\\u001b[31m\\u202ed\\u2066',
    );
  });

  it('caps a 100,000-digit string and says how long it was', () => {
    const out = shownText(`format v${'9'.repeat(100_000)}`);
    expect(out.length).toBeLessThan(SHOWN_TEXT_MAX_CHARS + 40);
    expect(out).toMatch(/^format v9+… \(100,008 characters in all\)$/);
  });

  it('caps text that escaping made long, without splitting a surrogate pair', () => {
    expect(shownText('\u0001'.repeat(10), 12)).toBe('\\u0001\\u0001… (10 characters in all)');
    expect(shownText(`ab${'😀'.repeat(5)}`, 3)).toBe('ab… (12 characters in all)');
  });
});

/** C0/C1 controls and bidi controls. */
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('shownText: properties', () => {
  it('never shows a control character, and stays bounded, for any input', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 2000 }),
        fc.integer({ min: 1, max: 400 }),
        (text, max) => {
          const out = shownText(text, max);
          expect(out).not.toMatch(UNSAFE);
          expect(out.length).toBeLessThanOrEqual(max + 40);
          if (text.length <= max && !UNSAFE.test(text)) expect(out).toBe(text);
        },
      ),
    );
  });
});
