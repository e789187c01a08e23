import { describe, expect, it } from 'vitest';
import { DRAFT_LIMITS, draftTitle, parseHistory, pushDraft, type DraftEntry } from './drafts.ts';

const entry = (text: string, at = 0): DraftEntry => ({ text, at, title: text, reason: 'link' });

describe('draft history (pure)', () => {
  it('puts the newest first and drops an older copy of the same text', () => {
    const h = pushDraft([entry('b', 2), entry('a', 1)], entry('a', 3));
    expect(h.map((e) => [e.text, e.at])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });

  it('bounds the characters, keeping a single large entry alone', () => {
    const big = 'x'.repeat(DRAFT_LIMITS.chars + 1);
    expect(pushDraft([entry('small')], entry(big)).map((e) => e.text.length)).toEqual([big.length]);
    const half = 'y'.repeat(DRAFT_LIMITS.chars / 2);
    const h = pushDraft([entry(half + '1'), entry(half + '2')], entry('z'));
    expect(h.map((e) => e.text.length)).toEqual([1, half.length + 1]);
  });

  it('reads only well-formed stored entries', () => {
    const stored = JSON.stringify([entry('ok'), { text: 1 }, null, { ...entry('bad'), at: 'x' }]);
    expect(parseHistory(stored).map((e) => e.text)).toEqual(['ok']);
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
  });
});

describe('draftTitle', () => {
  it('names a scenario by its Simulation, else a comment, else a name, else its first line', () => {
    const hpa = 'kind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n';
    expect(draftTitle(`# A day\n${hpa}---\nkind: Simulation\nmetadata: { name: "day" }\n`)).toBe(
      'day',
    );
    expect(draftTitle(`# A busy day\n${hpa}`)).toBe('A busy day');
    expect(draftTitle(hpa)).toBe('web');
    expect(draftTitle('just text')).toBe('just text');
    expect(draftTitle('   ')).toBe('untitled');
  });

  it('is short and free of control characters', () => {
    expect(draftTitle(`# ${'long '.repeat(40)}`).length).toBeLessThanOrEqual(
      DRAFT_LIMITS.titleChars,
    );
    expect(draftTitle('# a\u0007b')).toBe('a b');
  });
});
