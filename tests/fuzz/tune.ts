// `cli tune` under generated input: no crash, no internal error, an exit status of 0, 1 or 2,
// nothing raw on stdout or stderr, at most one worker thread per core, and — the invariant a CI
// gate lives by — **tune's verdict equals check's on the manifest it prints**: the printed HPA put
// back in place of the scenario's, `check` with the same thresholds exits 0 exactly when tune did
// (a recommendation that meets every threshold), 1 exactly when tune did (the nearest miss).

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { main, mainAsync } from '../../src/cli/main.ts';
import { TUNE_DEFAULTS } from '../../src/cli/tune.ts';
import { hasUnsafeCharacters, parseScenario } from '../../src/scenario/index.ts';
import { THRESHOLDS } from '../../src/tune/index.ts';
import type { Finding } from './checks.ts';

let dir: string | null = null;

function file(name: string, text: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'hpa-sim-fuzz-tune-'));
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

/**
 * The flags `check` shares with `tune`: the thresholds, the HPA choice, the work budget and the
 * timing draws (tune draws them from its search seed, check from its --seed: the same draws).
 */
export function checkArgs(args: readonly string[]): string[] {
  const shared = new Set([
    ...THRESHOLDS.map((t) => `--${t.flag}`),
    '--hpa',
    '--max-work',
    '--draws',
    '--percentile',
  ]);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++)
    if (shared.has(args[i]!) && i + 1 < args.length) out.push(args[i]!, args[++i]!);
  if (out.includes('--draws')) out.push('--seed', seedOf(args));
  return out;
}

/** tune's --seed (its default when absent). */
const seedOf = (args: readonly string[]) =>
  args.includes('--seed') ? args[args.indexOf('--seed') + 1]! : String(TUNE_DEFAULTS.seed);

/**
 * The scenario with its HPA replaced by `manifest` (what tune printed), or null when the HPA is
 * not a document of its own in a YAML text (a List item, a JSON stream: nothing to check).
 */
export function withManifest(text: string, manifest: string, hpa?: string): string | null {
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) return null;
  const doc = parseScenario(text, hpa === undefined ? {} : { hpa }).documents.find(
    (d) => d.role === 'hpa',
  );
  if (!doc || doc.item !== null) return null;
  // A document's range ends after its last line break.
  const ending = text.slice(doc.start, doc.end).endsWith('\n') && !manifest.endsWith('\n');
  return text.slice(0, doc.start) + manifest + (ending ? '\n' : '') + text.slice(doc.end);
}

/** tune (one worker: this thread), then check of the manifest it printed; every finding. */
export async function checkTune(text: string, args: readonly string[]): Promise<Finding[]> {
  const out: Finding[] = [];
  const input = `tune ${args.join(' ')}\n${text}`;
  const bad = (kind: Finding['kind'], message: string) =>
    out.push({ kind, target: 'tune', message, input });
  const scenario = file('scenario.yaml', text);
  const stdout: string[] = [];
  const stderr: string[] = [];
  let code: number;
  try {
    code = await mainAsync(
      ['tune', scenario, ...args],
      (s) => stdout.push(s),
      (s) => stderr.push(s),
    );
  } catch (e) {
    bad('crash', `tune threw: ${(e as Error).message}`);
    return out;
  }
  if (![0, 1, 2].includes(code)) bad('invariant', `tune exit status ${code}`);
  for (const s of [...stdout, ...stderr]) {
    if (s.includes('internal error')) bad('crash', s.slice(0, 200));
    if (hasUnsafeCharacters(s.replace(/[\n\t]/g, '')))
      bad('invariant', 'raw control in tune output');
  }
  const threads = /(\d+) worker\(s\)/.exec(stderr.join('\n'));
  if (threads && Number(threads[1]) > availableParallelism())
    bad('invariant', `tune ran ${threads[1]} worker threads on ${availableParallelism()} cores`);
  if (code !== 0 && code !== 1) return out;
  const hpaAt = args.indexOf('--hpa');
  const checked = withManifest(text, stdout.join('\n'), hpaAt >= 0 ? args[hpaAt + 1] : undefined);
  if (checked === null) return out;
  const again = file('recommended.yaml', checked);
  const checkOut: string[] = [];
  let verdict: number;
  try {
    verdict = main(
      ['check', again, ...checkArgs(args)],
      (s) => checkOut.push(s),
      (s) => checkOut.push(s),
    );
  } catch (e) {
    bad('crash', `check of the tuned manifest threw: ${(e as Error).message}`);
    return out;
  }
  if (verdict !== code)
    bad(
      'invariant',
      `tune exited ${code} (${code === 0 ? 'meets every threshold' : 'nearest miss'}) but check of the manifest it printed exited ${verdict}: ${checkOut.slice(-1)[0] ?? ''}`.slice(
        0,
        300,
      ),
    );
  return out;
}

/** tune's flags, generated: a threshold or two, an objective, small budgets, odd worker counts. */
export const tuneArgs: fc.Arbitrary<string[]> = fc
  .tuple(
    fc.subarray(
      THRESHOLDS.map((t) => t.flag).filter((f) => f !== 'max-cost-per-month'),
      {
        minLength: 1,
        maxLength: 2,
      },
    ),
    fc.array(fc.constantFrom('0', '1', '4', '0.5', '30', '200', '1e9'), {
      minLength: 2,
      maxLength: 2,
    }),
    fc.constantFrom([], ['--minimize', 'cost'], ['--minimize', 'pod-hours']),
    fc.integer({ min: 1, max: 6 }),
    fc.constantFrom([], ['--search-target'], ['--search-replicas']),
    fc.integer({ min: 0, max: 99 }),
    // Timing draws: every candidate judged at a percentile of N draws (and check the same way).
    fc.option(
      fc.tuple(
        fc.constantFrom('1', '2', '3'),
        fc.constantFrom(
          [],
          ['--percentile', '100'],
          ['--percentile', '50'],
          ['--percentile', '95'],
        ),
      ),
      { nil: undefined },
    ),
  )
  .map(([flags, limits, minimize, budget, space, seed, draws]) => [
    ...(draws ? ['--draws', draws[0], ...draws[1]] : []),
    ...flags.flatMap((f, i) => [`--${f}`, limits[i]!]),
    ...minimize,
    ...space,
    '--budget',
    String(budget),
    '--seed',
    String(seed),
    '--workers',
    '1',
  ]);

const PRESETS = new URL('../../src/presets/', import.meta.url);
const multiCluster = readdirSync(new URL('multicluster/', PRESETS))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(new URL(`multicluster/${f}`, PRESETS), 'utf8'));

/** Multi-cluster scenarios with one cluster's capacity, failure or the model changed. */
export const federatedScenario: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...multiCluster),
    fc.constantFrom('both', 'proposal', 'shipped'),
    fc.integer({ min: 1, max: 40 }),
  )
  .map(([text, model, capacity]) =>
    text.replace(/model: \w+/, `model: ${model}`).replace(/capacity: \d+/, `capacity: ${capacity}`),
  );
