/**
 * `spec.draws`: how many timing draws (engine/simulation/draws.ts) the app and `cli run`/`check`
 * run besides the scenario as written, and their seed. Draws run one cluster, and together they
 * must fit the work budget as variants do (each draw is a whole run).
 */
import { MAX_DRAWS } from '../../engine/simulation/draws.ts';
import type { SimulationInput } from '../../engine/simulation/input.ts';
import { estimateWork } from '../budget.ts';
import type { Reporter } from '../diagnostics.ts';
import type { DrawsSetting } from '../types.ts';
import type { SimulationSpecDocument } from './document.ts';

export const DEFAULT_DRAWS: DrawsSetting = { count: 16, seed: 1 };

const whole = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/** The setting as written (defaults filled), or null without `spec.draws` or with a bad value. */
export function readDrawsSetting(spec: SimulationSpecDocument): DrawsSetting | null {
  const d = spec.draws;
  if (d === undefined || d === null || typeof d !== 'object') return null;
  const count = d.count ?? DEFAULT_DRAWS.count;
  const seed = d.seed ?? DEFAULT_DRAWS.seed;
  // The schema reported a bad value at its place already.
  if (!whole(count, 1, MAX_DRAWS) || !whole(seed, 0, 0xffffffff)) return null;
  return { count, seed };
}

/**
 * Refuses draws that together certainly pass the work budget (located at spec.draws.count). A
 * multi-cluster scenario keeps its draws for the command line (`hpa-sim run` draws the group of
 * member runs, run/draws.ts) with a warning: the page draws one cluster and runs it once.
 */
export function checkDraws(
  draws: DrawsSetting,
  input: SimulationInput,
  maxWork: number,
  report: Reporter,
  countWritten: boolean,
): boolean {
  if (input.federation)
    report.warning(
      ['spec', 'draws'],
      'the app draws one cluster: this multi-cluster scenario (spec.federation) runs once here, without draws; `hpa-sim run` draws it (each draw the group of member runs) and `hpa-sim check --draws N` judges each model’s total over them',
      'key',
    );
  const units = draws.count * estimateWork(input).certainUnits;
  if (units <= maxWork) return true;
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const fits = Math.max(1, Math.floor(maxWork / Math.max(1, estimateWork(input).certainUnits)));
  report.error(
    countWritten ? ['spec', 'draws', 'count'] : ['spec', 'draws'],
    `${draws.count} draws are ${draws.count} whole runs that together need at least about ${fmt(units)} units of work, over the work budget of ${fmt(maxWork)}: at most ${fits} fit; lower spec.draws.count or shorten spec.duration (the command line's --max-work raises the budget)`,
    countWritten ? 'value' : 'key',
  );
  return false;
}
