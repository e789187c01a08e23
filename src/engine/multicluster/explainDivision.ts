// Step-by-step accounts of how replicas were divided over clusters, for the explain panel and the
// CLI: Webster seat by seat (with the tie that decided each contested seat), CeilShare in weight
// order, CapacityFill in its order with the leftover. Each function recomputes the division the
// same way the rule functions do and says why; the callers use the rule functions' results.

import { ceilDiv } from '../federation/shares.ts';
import { descendingOrder } from '../federation/order.ts';
import type { ClusterTraits, SeedPolicy, TieBreak } from '../federation/index.ts';

/** Seats listed one by one up to this many; beyond, only the quotas and the result. */
const MAX_LISTED_SEATS = 40;

const list = (names: readonly string[], values: readonly number[]) =>
  names.map((n, i) => `${n} ${values[i]}`).join(', ');

/** Webster (§B.3), seat by seat: who took each seat and on what priority or tie. */
export function explainWebster(
  seats: number,
  names: readonly string[],
  votes: readonly number[],
  tieBreak: TieBreak,
): string[] {
  const total = votes.reduce((s, v) => s + v, 0);
  const lines = [
    `Webster (Sainte-Laguë): ${seats} replica(s) over votes ${list(names, votes)}; each seat goes to the highest votes/(2·seats+1); ties: fewer seats, then name ${tieBreak}`,
  ];
  if (seats <= 0 || total === 0) {
    lines.push(total === 0 ? 'every vote is 0: nothing is handed out' : 'no seat to hand out');
    return lines;
  }
  lines.push(
    `quotas: ${names.map((n, i) => `${n} ${((seats * votes[i]!) / total).toFixed(2)}`).join(', ')}`,
  );
  const got = votes.map(() => 0);
  const listed = Math.min(seats, MAX_LISTED_SEATS);
  for (let s = 1; s <= seats; s++) {
    let best = -1;
    let tie = '';
    for (let i = 0; i < votes.length; i++) {
      if (votes[i]! === 0) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const l = votes[i]! * (2 * got[best]! + 1);
      const r = votes[best]! * (2 * got[i]! + 1);
      if (l > r) {
        best = i;
        tie = '';
      } else if (l === r) {
        const byName =
          tieBreak === 'ascending' ? names[i]! < names[best]! : names[i]! > names[best]!;
        const winner = got[i]! < got[best]! || (got[i] === got[best] && byName) ? i : best;
        const loser = winner === i ? best : i;
        tie =
          got[i] !== got[best]
            ? ` (tie with ${names[loser]}: fewer seats wins)`
            : ` (tie with ${names[loser]}: name ${tieBreak})`;
        best = winner;
      }
    }
    if (s <= listed) {
      const p = `${votes[best]}/${2 * got[best]! + 1}`;
      lines.push(`seat ${s}: ${names[best]} (priority ${p})${tie}`);
    }
    got[best]!++;
  }
  if (seats > listed) lines.push(`… ${seats - listed} more seat(s) in the same way`);
  lines.push(`result: ${list(names, got)}`);
  return lines;
}

/** CeilShare (§A.2): shares rounded up, handed out in weight order, each capped by what is left. */
export function explainCeilShare(
  total: number,
  names: readonly string[],
  values: readonly number[],
  what: string,
): string[] {
  const sum = values.reduce((s, v) => s + v, 0);
  const v = sum === 0 ? values.map(() => 1) : values;
  const d = sum === 0 ? values.length : sum;
  const lines = [
    `CeilShare of ${total} by ${what} ${list(names, values)}${sum === 0 ? ' (all 0: equal weights)' : ''}`,
  ];
  let remaining = total;
  for (const i of descendingOrder(names, v)) {
    const c = ceilDiv(total * v[i]!, d);
    const share = Math.min(c, remaining);
    lines.push(
      `${names[i]}: ceil(${total}·${v[i]}/${d}) = ${c}${share < c ? `, capped at the ${remaining} left` : ''} → ${share}`,
    );
    remaining -= share;
  }
  return lines;
}

/** CapacityFill (§A.2): fill in order up to each free capacity; the leftover goes to the first. */
export function explainCapacityFill(
  total: number,
  order: readonly number[],
  names: readonly string[],
  caps: readonly number[],
  orderName: string,
): string[] {
  const lines = [
    `CapacityFill of ${total} in ${orderName} order (${order.map((i) => names[i]).join(', ')}), each up to its available replicas`,
  ];
  let remaining = total;
  for (const i of order) {
    const take = Math.min(caps[i]!, remaining);
    lines.push(`${names[i]}: min(${caps[i]} available, ${remaining} left) = ${take}`);
    remaining -= take;
  }
  if (remaining > 0 && order.length > 0)
    lines.push(
      `leftover ${remaining} beyond every capacity → ${names[order[0]!]} (first in order)`,
    );
  return lines;
}

/** The policy's division of a quota (§A.3 table), explained. */
export function explainPolicyDivision(
  policy: SeedPolicy,
  total: number,
  clusters: readonly ClusterTraits[],
): string[] {
  const names = clusters.map((c) => c.name);
  const available = clusters.map((c) => c.availableReplicas);
  switch (policy) {
    case 'Duplicated':
      return [`Duplicated: every cluster gets ${total}`];
    case 'StaticWeighted':
      return explainCeilShare(
        total,
        names,
        clusters.map((c) => c.weight),
        'weight',
      );
    case 'DynamicWeighted':
      return explainCeilShare(total, names, available, 'available replicas');
    case 'Aggregated':
      return explainCapacityFill(
        total,
        descendingOrder(names, available),
        names,
        available,
        'availability',
      );
    case 'Prioritized':
      return explainCapacityFill(
        total,
        descendingOrder(
          names,
          clusters.map((c) => c.priority),
        ),
        names,
        available,
        'priority',
      );
  }
}

/** karmada-scheduler's steady-mode division (§B.4), explained the way divide.ts computes it. */
export function explainDivide(
  strategy: 'Duplicated' | 'StaticWeight' | 'DynamicWeight' | 'Aggregated',
  replicas: number,
  clusters: readonly {
    name: string;
    weight: number;
    availableReplicas: number;
    previousReplicas: number;
  }[],
  tieBreak: TieBreak,
): string[] {
  const names = clusters.map((c) => c.name);
  if (strategy === 'Duplicated') return [`Duplicated: every candidate gets ${replicas}`];
  if (strategy === 'StaticWeight') {
    const w = clusters.map((c) => c.weight);
    const all0 = !w.some((x) => x > 0);
    return [
      `StaticWeight: from scratch by static weight${all0 ? ' (every weight 0: all weigh 1)' : ''}; previous replicas and free capacity are not read`,
      ...explainWebster(replicas, names, all0 ? w.map(() => 1) : w, tieBreak),
    ];
  }
  const scheduled = clusters.map((c) => c.previousReplicas);
  const assigned = scheduled.reduce((s, r) => s + r, 0);
  const head = `${strategy} (steady mode): previous ${list(names, scheduled)} = ${assigned}, new total ${replicas}`;
  if (replicas === assigned) return [head, 'equal: the assignment is kept'];
  const prefix = (order: number[], values: number[], target: number) => {
    const out: number[] = [];
    let sum = 0;
    for (const i of order) {
      if (sum >= target) break;
      out.push(i);
      sum += values[i]!;
    }
    return out;
  };
  if (replicas < assigned) {
    let part = names.map((_, i) => i);
    const lines = [
      head,
      `scale-down: ${replicas} re-divided in proportion to the current replicas`,
    ];
    if (strategy === 'Aggregated') {
      const holders = descendingOrder(names, scheduled).filter((i) => scheduled[i]! > 0);
      part = prefix(holders, scheduled, replicas);
      lines.push(
        `Aggregated keeps the shortest head of the holders (by replicas, descending) that holds ${replicas}: ${part.map((i) => names[i]).join(', ')}; the others drop to 0`,
      );
    }
    return [
      ...lines,
      ...explainWebster(
        replicas,
        part.map((i) => names[i]!),
        part.map((i) => scheduled[i]!),
        tieBreak,
      ),
    ];
  }
  const delta = replicas - assigned;
  const available = clusters.map((c) => c.availableReplicas);
  const free = available.reduce((s, a) => s + a, 0);
  const lines = [
    head,
    `scale-up: only the difference ${delta} moves, weighted by available replicas ${list(names, available)} (Σ ${free})`,
  ];
  if (free < delta)
    return [
      ...lines,
      `Σ available ${free} < ${delta}: unschedulable, the binding keeps its old assignment`,
    ];
  let part = names.map((_, i) => i);
  if (strategy === 'Aggregated') {
    const byAvailable = descendingOrder(names, available);
    const order = [
      ...byAvailable.filter((i) => scheduled[i]! > 0),
      ...byAvailable.filter((i) => scheduled[i]! === 0),
    ];
    part = prefix(order, available, delta);
    lines.push(
      `Aggregated: holders first, then by available replicas; the shortest head whose free capacity reaches ${delta}: ${part.map((i) => names[i]).join(', ')}`,
    );
  }
  return [
    ...lines,
    ...explainWebster(
      delta,
      part.map((i) => names[i]!),
      part.map((i) => available[i]!),
      tieBreak,
    ),
  ];
}
