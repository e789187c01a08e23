import { describe, expect, it } from 'vitest';
import { firstSentence } from './firstSentence.ts';

describe('firstSentence', () => {
  it('stops at the first full stop before a new sentence', () => {
    expect(
      firstSentence(
        'A web service on a daily traffic wave with a lunchtime spike. Replicas follow the load up quickly (default scale-up: 4 pods or 100 % per 15 s) and come down slowly.',
      ),
    ).toBe('A web service on a daily traffic wave with a lunchtime spike.');
  });

  it('keeps decimals and abbreviations, and a text of one sentence whole', () => {
    expect(firstSentence('Scale by 1.5 times, e.g. up to 20. Then down.')).toBe(
      'Scale by 1.5 times, e.g. up to 20.',
    );
    expect(firstSentence('  one\n sentence  ')).toBe('one sentence');
  });
});
