// `run` and `check` with every flag: formats, --explain, --effective, --hpa (empty, unknown, odd),
// every threshold (at, below and past sense), --gate, timing draws (--draws, --seed,
// --percentile), and small work budgets (--max-work) so a scenario is refused or stopped rather
// than run long.
import fc from 'fast-check';
import { THRESHOLDS } from '../../../src/cli/check.ts';
import { unsafeChar } from '../arbitraries.ts';

const hpa = fc.oneof(
  fc.constantFrom('web', 'api', '', 'nope', 'default/web', 'keda-hpa-worker', 'worker'),
  unsafeChar.map((c) => `web${c}`),
);
const maxWork = fc.constantFrom('1000', '100000', '1000000', '0', '-1', '1e400', 'x');

/** Timing draws: --draws (in range, at and past its limit, wrong), --seed, and check's --percentile. */
const drawCount = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('1', '2', '4') },
  { weight: 1, arbitrary: fc.constantFrom('256', '0', '257', '1.5', '-1', 'x', '1e400') },
);
const seed = fc.constantFrom('0', '7', '4294967295', '4294967296', '-1', '1.5', 'x');
const percentile = fc.constantFrom('100', '95', '50', '0.1', '0', '101', '-5', 'x', 'NaN');
const draws = (withPercentile: boolean) =>
  fc
    .record(
      {
        count: drawCount,
        seed,
        percentile: withPercentile ? percentile : fc.constant(undefined),
      },
      { requiredKeys: [] },
    )
    .map((d) => [
      ...(d.count !== undefined ? ['--draws', d.count] : []),
      ...(d.seed !== undefined ? ['--seed', d.seed] : []),
      ...(d.percentile !== undefined ? ['--percentile', d.percentile] : []),
    ]);

export const runArgs: fc.Arbitrary<string[]> = fc
  .record(
    {
      format: fc.constantFrom('table', 'json', 'csv', 'yaml'),
      explain: fc.constant(true),
      effective: fc.constant(true),
      hpa,
      maxWork,
      draws: draws(false),
    },
    { requiredKeys: ['maxWork'] },
  )
  .map((o) => [
    'run',
    ...(o.draws ?? []),
    ...(o.format ? ['--format', o.format] : []),
    ...(o.explain ? ['--explain'] : []),
    ...(o.effective ? ['--effective'] : []),
    ...(o.hpa !== undefined ? ['--hpa', o.hpa] : []),
    '--max-work',
    o.maxWork,
  ]);

const threshold = fc
  .tuple(
    fc.constantFrom(...THRESHOLDS.map((t) => t.flag)),
    fc.constantFrom('0', '1', '4', '100', '1e9', '-1', '0.5', 'x'),
  )
  .map(([flag, v]) => [`--${flag}`, v]);

export const checkArgs: fc.Arbitrary<string[]> = fc
  .record(
    {
      thresholds: fc.array(threshold, { minLength: 0, maxLength: 3 }),
      gate: fc.constantFrom('hpa', 'all', 'fast', 'main', 'nope'),
      hpa,
      maxWork,
      draws: draws(true),
    },
    { requiredKeys: ['thresholds', 'maxWork'] },
  )
  .map((o) => [
    'check',
    ...(o.draws ?? []),
    ...o.thresholds.flat(),
    ...(o.gate ? ['--gate', o.gate] : []),
    ...(o.hpa !== undefined ? ['--hpa', o.hpa] : []),
    '--max-work',
    o.maxWork,
  ]);
