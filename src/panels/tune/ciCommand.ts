// "Gate it in CI": the command that checks an exported scenario with the goals the search met.
// The goals are the search's constraints, written as `cli check`'s flags (the same names, the
// same verdict: src/tune/goals.ts), so the CI job passes exactly when the app said the candidate
// meets them.

import type { DrawsGoal } from '../../tune/drawsGoal.ts';
import type { ConstraintResult } from '../../tune/goals.ts';

/** A file name as a shell word: quoted only when it holds something a shell would read. */
function shellWord(s: string): string {
  return /^[\w./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * `npx hpa-sim check FILE --max-… N …` for the constraints, in their order; for a search over
 * timing draws, `--draws N --seed S --percentile P` too, so CI judges as the search judged.
 */
export function ciCommand(
  file: string,
  constraints: readonly ConstraintResult[],
  draws: DrawsGoal | null = null,
): string {
  const flags = constraints.map((c) => `--${c.flag} ${c.limit}`);
  const drawn = draws
    ? [`--draws ${draws.count} --seed ${draws.seed} --percentile ${draws.percentile}`]
    : [];
  return ['npx hpa-sim check', shellWord(file), ...flags, ...drawn].join(' ');
}
