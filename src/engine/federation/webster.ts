// Webster (Sainte-Laguë) apportionment as karmada-scheduler runs it since v1.16 (§B.3). Upstream
// it replaced the floor-plus-remainder TakeByWeight of karmada-io/karmada
// pkg/util/helper/binding.go, which was not house-monotone (karmada#6735, karmada#6793).
//
// The rule is sequential: S times, the party with the highest votes/(2·seats+1) takes a seat; an
// exact tie goes to the party with fewer seats, then by name (ascending or descending). That is
// the same as ranking every (party, seat index) pair by (priority desc, seat index asc, name) and
// taking the top S pairs, because each party's own pairs rank in seat order. We compute that set
// directly — start near the quotas, then swap seats until no untaken pair outranks a taken one —
// so the cost follows the number of parties, not S.

import type { TieBreak } from './types.ts';

/** Seats per party, indexed like `votes`. Parties with 0 votes get nothing; Σvotes 0 → all 0. */
export function webster(
  seats: number,
  names: readonly string[],
  votes: readonly number[],
  tieBreak: TieBreak,
): number[] {
  const n = votes.length;
  const out: number[] = votes.map(() => 0);
  const total = votes.reduce((s, v) => s + v, 0);
  if (n === 0 || total === 0 || seats <= 0) return out;

  // Does pair (i, si) rank before pair (j, sj)? Priorities compared exactly by cross-multiplying.
  const before = (i: number, si: number, j: number, sj: number): boolean => {
    const l = votes[i]! * (2 * sj + 1);
    const r = votes[j]! * (2 * si + 1);
    if (l !== r) return l > r;
    if (si !== sj) return si < sj;
    return tieBreak === 'ascending' ? names[i]! < names[j]! : names[i]! > names[j]!;
  };
  const voters = votes.map((_, i) => i).filter((i) => votes[i]! > 0);
  /** The party whose next (untaken) pair ranks first. */
  const bestNext = (): number => {
    let best = voters[0]!;
    for (const i of voters) if (before(i, out[i]!, best, out[best]!)) best = i;
    return best;
  };

  // Lower quotas never exceed S in total.
  let given = 0;
  for (const i of voters) {
    out[i] = Math.floor((seats * votes[i]!) / total);
    given += out[i]!;
  }
  for (; given < seats; given++) out[bestNext()]!++;

  // Swap until the taken pairs are exactly the top S.
  for (;;) {
    let worst = -1;
    for (const i of voters) {
      if (out[i] === 0) continue;
      if (worst < 0 || before(worst, out[worst]! - 1, i, out[i]! - 1)) worst = i;
    }
    const best = bestNext();
    if (!before(best, out[best]!, worst, out[worst]! - 1)) return out;
    out[worst]!--;
    out[best]!++;
  }
}
