// `npm run fuzz`: the long fuzz run. Generates inputs for every target (scenario parse + simulate,
// CSV and Prometheus importers, share links, the CLI, `tune` against `check`), runs the checks of
// checks.ts on each, and reports crashes, hangs (inputs over --hang-seconds of CPU time, 5 by
// default: measured and counted, never asserted; the wall time is reported beside it), RSS over
// --memory-mb (1,024 by default) after an input, broken invariants and peak memory. The first
// findings of each kind are written to
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
import { checkCliArgs } from './checkCli.ts';
import {
  checkCsv,
  checkLink,
  checkPrometheus,
  checkScenario,
  checkTrafficImport,
  SIMULATE_MAX_WORK,
  stats,
  type Finding,
  type Target,
} from './checks.ts';
import { checkArgs, runArgs } from './families/cliFlags.ts';
import { federationScenario } from './families/federation.ts';
import { importArgs, importText, trafficRequest } from './families/imports.ts';
import { kedaScenario } from './families/keda.ts';
import { withShapes } from './families/shapes.ts';
import { jsonStream, listDump } from './families/streams.ts';
import { variantsScenario } from './families/variants.ts';
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
  ['scenario', 0.24],
  ['federation', 0.1],
  ['keda', 0.1],
  ['stream', 0.06],
  ['variants', 0.08],
  ['csv', 0.06],
  ['prometheus', 0.06],
  ['import', 0.12],
  ['link', 0.06],
  ['cli', 0.12],
  // tune runs a search and a check per input (about a second): one per batch.
  ['tune', 0.002],
];

/** RSS past this after an input is a finding (the bound: 1 GB). */
const MEMORY_LIMIT_MB = Number(flag('memory-mb') ?? 1024);

/** One input and its check (the input kept to report a hang). */
type Job = { input: string; run: () => Finding[] | Promise<Finding[]> };
const job = (input: unknown, run: Job['run']): Job => ({
  input: (typeof input === 'string' ? input : JSON.stringify(input)).slice(0, 4000),
  run,
});

/** A scenario family, and the same with wrong shapes and YAML tags put into it. */
const family = (arb: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: arb, weight: 3 }, { arbitrary: withShapes(arb), weight: 1 });

/** Every scenario family, for the CLI's run and check. */
const anyScenario = fc.oneof(
  structuredScenario,
  mutatedPreset,
  federationScenario,
  kedaScenario,
  variantsScenario,
);

function jobs(target: Target, n: number, seed: number): Job[] {
  const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: n, seed });
  const scenarios = (arb: fc.Arbitrary<string>) =>
    sample(family(arb)).map((t) => job(t, () => checkScenario(t, undefined, target)));
  switch (target) {
    case 'scenario':
      return sample(fc.oneof(scenarioText, withShapes(structuredScenario))).map((t) =>
        job(t, () => checkScenario(t)),
      );
    case 'federation':
      return scenarios(federationScenario);
    case 'keda':
      return sample(
        fc.tuple(family(kedaScenario), fc.constantFrom(undefined, '', 'worker', 'keda-hpa-worker')),
      ).map(([t, hpa]) =>
        job(t, () => checkScenario(t, undefined, 'keda', hpa === undefined ? {} : { hpa })),
      );
    case 'stream':
      return sample(
        fc.tuple(fc.oneof(jsonStream, listDump), fc.constantFrom(undefined, '', 'web-7', 'api')),
      ).map(([t, hpa]) =>
        job(t, () => checkScenario(t, undefined, 'stream', hpa === undefined ? {} : { hpa })),
      );
    case 'variants':
      return scenarios(variantsScenario);
    case 'csv':
      return sample(csvText).map((t) => job(t, () => checkCsv(t)));
    case 'prometheus':
      return sample(prometheusText).map((t) => job(t, () => checkPrometheus(t)));
    case 'import':
      return sample(
        fc.oneof(
          fc.tuple(importText, importArgs).map(([input, args]) => ({ input, args })),
          trafficRequest.map((request) => ({ request })),
        ),
      ).map((x) =>
        job(x, () =>
          'request' in x
            ? checkTrafficImport(x.request)
            : checkCliArgs(['import', ...x.args], x.input.text, x.input.ext, 'import'),
        ),
      );
    case 'link':
      return sample(fc.tuple(linkPayload, fc.option(mutatedPreset))).map(([p, t]) =>
        job(p, () => checkLink(p, t ?? undefined)),
      );
    case 'cli':
      return sample(
        fc.oneof(
          fc.tuple(runArgs, anyScenario),
          fc.tuple(checkArgs, anyScenario),
          fc.tuple(
            fc.constant(['run', '--max-work', String(SIMULATE_MAX_WORK)]),
            fc.oneof(jsonStream, listDump),
          ),
        ),
      ).map(([args, text]) =>
        job(`${args.join(' ')}\n${text}`, () =>
          checkCliArgs(args, text, text.trimStart().startsWith('{') ? 'json' : 'yaml'),
        ),
      );
    case 'tune':
      return sample(fc.tuple(fc.oneof(federatedScenario, mutatedPreset), tuneArgs)).map(
        ([text, args]) =>
          job(`tune ${args.join(' ')}\n${text}`, () =>
            checkTune(text, [...args, '--max-work', '1000000']),
          ),
      );
  }
}

interface TargetFigures {
  inputs: number;
  crashes: number;
  invariants: number;
  hangs: number;
  memory: number;
  /** CPU time of the slowest input, and the longest wall time */
  slowestMs: number;
  slowestWallMs: number;
  /** CPU time of all its inputs */
  cpuMs: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  const figures = new Map<Target, TargetFigures>(
    MIX.map(([t]) => [
      t,
      {
        inputs: 0,
        crashes: 0,
        invariants: 0,
        hangs: 0,
        memory: 0,
        slowestMs: 0,
        slowestWallMs: 0,
        cpuMs: 0,
      },
    ]),
  );
  const examples: (Finding & { ms?: number })[] = [];
  const slowest: { target: Target; ms: number; input: string }[] = [];
  let done = 0;
  let batch = 0;
  const progress = () => {
    const all = [...figures.values()];
    const n = (k: keyof TargetFigures) => all.reduce((sum, f) => sum + f[k], 0);
    return `${n('crashes')} crashes, ${n('hangs')} hangs, ${n('memory')} over memory, ${n('invariants')} broken invariants; ${stats.valid} valid scenarios, ${stats.simulated} simulated, ${stats.stopped} stopped by the work meter (located)`;
  };
  while (done < RUNS) {
    for (const [target, share] of MIX) {
      const n = Math.min(Math.max(1, Math.round(BATCH * share)), RUNS - done);
      if (n <= 0) break;
      const f = figures.get(target)!;
      for (const next of jobs(target, n, SEED + batch * 7919 + target.length)) {
        const t0 = performance.now();
        const cpu0 = process.cpuUsage();
        let found: Finding[];
        try {
          found = await next.run();
        } catch (e) {
          // The check itself failed: count it as a crash of the target.
          found = [{ kind: 'crash', target, message: String(e), input: '' }];
        }
        const wallMs = performance.now() - t0;
        const used = process.cpuUsage(cpu0);
        // The process's CPU time: on a machine shared with other work the wall clock runs several
        // times slower than the input's own cost (both are reported).
        const ms = (used.user + used.system) / 1000;
        f.inputs++;
        f.cpuMs += ms;
        f.slowestMs = Math.max(f.slowestMs, ms);
        f.slowestWallMs = Math.max(f.slowestWallMs, wallMs);
        if (ms > HANG_SECONDS * 1000) {
          f.hangs++;
          slowest.push({ target, ms, input: next.input });
          if (examples.length < 50)
            examples.push({
              kind: 'hang',
              target,
              message: `no answer within ${HANG_SECONDS} s of CPU (${Math.round(ms)} ms CPU, ${Math.round(wallMs)} ms wall)`,
              input: next.input,
              ms,
            });
        }
        let rssMB = process.memoryUsage().rss / 1024 / 1024;
        // Garbage left by earlier inputs is not this one's: collect it before judging.
        const gc = (globalThis as { gc?: () => void }).gc;
        if (rssMB > MEMORY_LIMIT_MB && gc) {
          gc();
          rssMB = process.memoryUsage().rss / 1024 / 1024;
        }
        if (rssMB > MEMORY_LIMIT_MB)
          found.push({
            kind: 'memory',
            target,
            message: `RSS ${Math.round(rssMB)} MB after this input (bound ${MEMORY_LIMIT_MB} MB)`,
            input: '',
          });
        for (const x of found) {
          if (x.kind === 'crash') f.crashes++;
          else if (x.kind === 'memory') f.memory++;
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
    stoppedByMeter: stats.stopped,
    crashes: sum('crashes'),
    hangs: sum('hangs'),
    invariants: sum('invariants'),
    memory: sum('memory'),
    hangSeconds: HANG_SECONDS,
    memoryLimitMB: MEMORY_LIMIT_MB,
    slowestMs: Math.round(Math.max(...all.map((f) => f.slowestMs))),
    slowestWallMs: Math.round(Math.max(...all.map((f) => f.slowestWallMs))),
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
    seconds: Math.round((performance.now() - started) / 1000),
    targets: Object.fromEntries(
      [...figures].map(([t, f]) => [
        t,
        {
          ...f,
          slowestMs: Math.round(f.slowestMs),
          slowestWallMs: Math.round(f.slowestWallMs),
          cpuMs: Math.round(f.cpuMs),
        },
      ]),
    ),
  };
  mkdirSync('reports/fuzz', { recursive: true });
  writeFileSync('reports/fuzz/findings.json', JSON.stringify({ report, examples }, null, 2));
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(report) + '\n');
  else {
    console.log(
      `fuzz: ${report.inputs.toLocaleString('en-US')} inputs (seed ${SEED}) in ${report.seconds} s: ` +
        `${report.crashes} crashes, ${report.hangs} hangs (> ${HANG_SECONDS} s), ${report.memory} over ${MEMORY_LIMIT_MB} MB, ${report.invariants} broken invariants; ` +
        `${stats.valid} valid scenarios, ${stats.simulated} run, ${stats.stopped} of them stopped by the work meter (located); ` +
        `slowest input ${report.slowestMs} ms CPU (${report.slowestWallMs} ms wall), peak memory ${report.peakMB} MB`,
    );
    for (const [t, f] of figures)
      console.log(
        `  ${t}: ${f.inputs} inputs, ${f.crashes} crashes, ${f.hangs} hangs, ${f.memory} memory, ${f.invariants} invariants, slowest ${Math.round(f.slowestMs)} ms CPU (${Math.round(f.slowestWallMs)} ms wall), ${(f.cpuMs / Math.max(1, f.inputs)).toFixed(1)} ms CPU per input`,
      );
    for (const e of examples.slice(0, 10))
      console.log(`  ${e.kind} (${e.target}): ${e.message.slice(0, 200)}`);
    if (examples.length) console.log('  details: reports/fuzz/findings.json');
  }
  process.exitCode = report.crashes + report.hangs + report.memory + report.invariants > 0 ? 1 : 0;
}

await main();
