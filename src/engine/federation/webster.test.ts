import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TieBreak } from './types.ts';
import { webster } from './webster.ts';

/** §B.3 seat by seat, as written: the oracle for the direct computation. */
function websterBySeat(
  seats: number,
  names: string[],
  votes: number[],
  tieBreak: TieBreak,
): number[] {
  const out = votes.map(() => 0);
  if (names.length === 0 || votes.reduce((s, v) => s + v, 0) === 0) return out;
  for (let k = 0; k < seats; k++) {
    let best = 0;
    for (let i = 1; i < names.length; i++) {
      const l = votes[i]! * (2 * out[best]! + 1);
      const r = votes[best]! * (2 * out[i]! + 1);
      const nameWins =
        tieBreak === 'ascending' ? names[i]! < names[best]! : names[i]! > names[best]!;
      if (l > r || (l === r && (out[i]! < out[best]! || (out[i] === out[best] && nameWins)))) {
        best = i;
      }
    }
    out[best]!++;
  }
  return out;
}

const names3 = ['m1', 'm2', 'm3'];

describe('webster (§B.3)', () => {
  it('1:2:3 gives 0/1/1 for two seats, and the documented table for 1..6', () => {
    const table = [1, 2, 3, 4, 5, 6].map((s) => webster(s, names3, [1, 2, 3], 'ascending'));
    expect(table).toEqual([
      [0, 0, 1],
      [0, 1, 1],
      [1, 1, 1],
      [1, 1, 2],
      [1, 2, 2],
      [1, 2, 3],
    ]);
  });

  it('1:1 with 7 seats gives 4/3 ascending and 3/4 descending', () => {
    expect(webster(7, ['m1', 'm2'], [1, 1], 'ascending')).toEqual([4, 3]);
    expect(webster(7, ['m1', 'm2'], [1, 1], 'descending')).toEqual([3, 4]);
  });

  it('on an equal priority, the party with fewer seats wins before names are looked at', () => {
    // A 2 votes, B 6: B takes seat 1; then A 2/1 = B 6/3 and A has fewer seats.
    expect(webster(2, ['B', 'A'], [6, 2], 'descending')).toEqual([1, 1]);
  });

  it('never seats a zero-vote party, and seats nobody when every party has zero votes', () => {
    expect(webster(5, ['a', 'b'], [0, 3], 'ascending')).toEqual([0, 5]);
    expect(webster(5, ['a', 'b'], [0, 0], 'ascending')).toEqual([0, 0]);
    expect(webster(5, [], [], 'ascending')).toEqual([]);
    expect(webster(0, ['a'], [4], 'ascending')).toEqual([0]);
  });

  it('handles large totals exactly without seat-by-seat work', () => {
    expect(webster(600_000, names3, [1, 2, 3], 'ascending')).toEqual([100_000, 200_000, 300_000]);
    expect(webster(1_000_000, ['a', 'b', 'c'], [1, 1, 1], 'descending')).toEqual([
      333_333, 333_333, 333_334,
    ]);
  });

  it('matches the seat-by-seat rule on random inputs, ties and zero votes included', () => {
    fc.assert(
      fc.property(
        fc.nat(60),
        fc.array(fc.nat(12), { minLength: 1, maxLength: 7 }),
        fc.constantFrom<TieBreak>('ascending', 'descending'),
        (seats, votes, tieBreak) => {
          // Names deliberately out of input order, with code-unit traps.
          const pool = ['east-2', 'east-10', 'Beta', 'alpha', 'm1', 'c', 'B'];
          const names = votes.map((_, i) => pool[i]!);
          expect(webster(seats, names, votes, tieBreak)).toEqual(
            websterBySeat(seats, names, votes, tieBreak),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is house-monotone: one more seat never takes a seat from anyone', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.array(fc.nat(9), { minLength: 1, maxLength: 6 }), (s, votes) => {
        const names = votes.map((_, i) => `p${i}`);
        const a = webster(s, names, votes, 'ascending');
        const b = webster(s + 1, names, votes, 'ascending');
        a.forEach((x, i) => expect(b[i]).toBeGreaterThanOrEqual(x));
      }),
    );
  });
});
