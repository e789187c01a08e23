// "Gate it in CI": the command that checks an exported scenario with the goals the search met.
// The goals are the search's constraints, written as `cli check`'s flags (the same names, the
// same verdict: src/tune/goals.ts), so the CI job passes exactly when the app said the candidate
// meets them.

import type { ConstraintResult } from '../../tune/goals.ts';

/** A file name as a shell word: quoted only when it holds something a shell would read. */
function shellWord(s: string): string {
  return /^[\w./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `npx hpa-sim check FILE --max-… N …` for the constraints, in their order. */
export function ciCommand(file: string, constraints: readonly ConstraintResult[]): string {
  const flags = constraints.map((c) => `--${c.flag} ${c.limit}`);
  return ['npx hpa-sim check', shellWord(file), ...flags].join(' ');
}
