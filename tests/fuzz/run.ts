// `npm run fuzz`: the long fuzz run. Generates inputs for every target (scenario parse + simulate,
// CSV and Prometheus importers, share links, the CLI, `tune` against `check`), runs the checks of checks.ts on each, and
// reports crashes, hangs (inputs over --hang-seconds, 5 by default: measured and counted, never
// asserted), broken invariants and peak memory. The first findings of each kind are written to
// reports/fuzz/findings.json. Exit status 1 when anything was found.
//   FUZZ_RUNS=N or --runs N   inputs in all (default 100,000)
//   --seed N                   fast-check seed (default: the time), printed for replay
//   --json                     one JSON object instead of the summary
import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  csvText,
  linkPayload,
  mutatedPreset,
  prometheusText,
  scenarioText,
  structuredScenario,
} from './arbitraries.ts';
import {
  checkCli,
  checkCsv,
  checkLink,
  checkPrometheus,
  checkScenario,
  stats,
  type Finding,
  type Target,
} from './checks.ts';
import { checkTune, federatedScenario, tuneArgs } from './tune.ts';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}

const RUNS = Number(flag('runs') ?? process.env.FUZZ_RUNS ?? 100_000);
const SEED = Number(flag('seed') ?? Date.now() % 2 ** 31);
const HANG_SECONDS = Number(flag('hang-seconds') ?? 5);
const BATCH = 500;

/** Share of the inputs per target. */
const MIX: [Target, number][] = [
  ['scenario', 0.5],
  ['csv', 0.15],
  ['prometheus', 0.15],
  ['link', 0.1],
  ['cli', 0.1],
  // tune runs a search and a check per input (about a second): one per batch.
  ['tune', 0.002],
];

type Job = () => Finding[] | Promise<Finding[]>;

function jobs(target: Target, n: number, seed: number): Job[] {
  const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: n, seed });
  switch (target) {
    case 'scenario':
      return sample(scenarioText).map((t) => () => checkScenario(t));
    case 'csv':
      return sample(csvText).map((t) => () => checkCsv(t));
    case 'prometheus':
      return sample(prometheusText).map((t) => () => checkPrometheus(t));
    case 'link':
      return sample(fc.tuple(linkPayload, fc.option(mutatedPreset))).map(
        ([p, t]) =>
          () =>
            checkLink(p, t ?? undefined),
      );
    case 'cli':
      return sample(
        fc.oneof(
          structuredScenario.map((t) => ['run', t, 'yaml'] as const),
          mutatedPreset.map((t) => ['check', t, 'yaml'] as const),
          csvText.map((t) => ['import', t, 'csv'] as const),
          prometheusText.map((t) => ['import', t, 'json'] as const),
        ),
      ).map(
        ([command, text, ext]) =>
          () =>
            checkCli(command, text, ext),
      );
    case 'tune':
      return sample(fc.tuple(fc.oneof(federatedScenario, mutatedPreset), tuneArgs)).map(
        ([text, args]) =>
          () =>
            checkTune(text, [...args, '--max-work', '1000000']),
      );
  }
}

interface TargetFigures {
  inputs: number;
  crashes: number;
  invariants: number;
  hangs: number;
  slowestMs: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  const figures = new Map<Target, TargetFigures>(
    MIX.map(([t]) => [t, { inputs: 0, crashes: 0, invariants: 0, hangs: 0, slowestMs: 0 }]),
  );
  const examples: (Finding & { ms?: number })[] = [];
  const slowest: { target: Target; ms: number; input: string }[] = [];
  let done = 0;
  let batch = 0;
  const progress = () => {
    const all = [...figures.values()];
    const n = (k: keyof TargetFigures) => all.reduce((sum, f) => sum + f[k], 0);
    return `${n('crashes')} crashes, ${n('hangs')} hangs, ${n('invariants')} broken invariants; ${stats.valid} valid scenarios, ${stats.simulated} simulated`;
  };
  while (done < RUNS) {
    for (const [target, share] of MIX) {
      const n = Math.min(Math.max(1, Math.round(BATCH * share)), RUNS - done);
      if (n <= 0) break;
      const f = figures.get(target)!;
      for (const job of jobs(target, n, SEED + batch * 7919 + target.length)) {
        const t0 = performance.now();
        let found: Finding[];
        try {
          found = await job();
        } catch (e) {
          // The check itself failed: count it as a crash of the target.
          found = [{ kind: 'crash', target, message: String(e), input: '' }];
        }
        const ms = performance.now() - t0;
        f.inputs++;
        f.slowestMs = Math.max(f.slowestMs, ms);
        if (ms > HANG_SECONDS * 1000) {
          f.hangs++;
          slowest.push({ target, ms, input: '' });
        }
        for (const x of found) {
          if (x.kind === 'crash') f.crashes++;
          else f.invariants++;
          if (examples.filter((e) => e.message === x.message).length < 2 && examples.length < 50)
            examples.push({ ...x, input: x.input.slice(0, 4000) });
        }
      }
      done += n;
    }
    batch++;
    if (!process.argv.includes('--json') && batch % 20 === 0)
      process.stderr.write(
        `fuzz: ${done.toLocaleString('en-US')} / ${RUNS.toLocaleString('en-US')}: ${progress()}\n`,
      );
  }
  const all = [...figures.values()];
  const sum = (k: keyof TargetFigures) => all.reduce((n, f) => n + f[k], 0);
  const report = {
    seed: SEED,
    inputs: sum('inputs'),
    validScenarios: stats.valid,
    simulated: stats.simulated,
    crashes: sum('crashes'),
    hangs: sum('hangs'),
    invariants: sum('invariants'),
    hangSeconds: HANG_SECONDS,
    slowestMs: Math.round(Math.max(...all.map((f) => f.slowestMs))),
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
    seconds: Math.round((performance.now() - started) / 1000),
    targets: Object.fromEntries(
      [...figures].map(([t, f]) => [t, { ...f, slowestMs: Math.round(f.slowestMs) }]),
    ),
  };
  mkdirSync('reports/fuzz', { recursive: true });
  writeFileSync('reports/fuzz/findings.json', JSON.stringify({ report, examples }, null, 2));
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(report) + '\n');
  else {
    console.log(
      `fuzz: ${report.inputs.toLocaleString('en-US')} inputs (seed ${SEED}) in ${report.seconds} s: ` +
        `${report.crashes} crashes, ${report.hangs} hangs (> ${HANG_SECONDS} s), ${report.invariants} broken invariants; ` +
        `${stats.valid} valid scenarios, ${stats.simulated} simulated; ` +
        `slowest input ${report.slowestMs} ms, peak memory ${report.peakMB} MB`,
    );
    for (const [t, f] of figures)
      console.log(
        `  ${t}: ${f.inputs} inputs, ${f.crashes} crashes, ${f.hangs} hangs, ${f.invariants} invariants, slowest ${Math.round(f.slowestMs)} ms`,
      );
    for (const e of examples.slice(0, 10))
      console.log(`  ${e.kind} (${e.target}): ${e.message.slice(0, 200)}`);
    if (examples.length) console.log('  details: reports/fuzz/findings.json');
  }
  process.exitCode = report.crashes + report.hangs + report.invariants > 0 ? 1 : 0;
}

await main();
