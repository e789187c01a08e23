// `npm run fuzz`: the long fuzz run. Generates inputs for every target (scenario parse + simulate,
// CSV and Prometheus importers, share links, the CLI, `tune` against `check`), runs the checks of
// checks.ts on each, and reports crashes, hangs (inputs over --hang-seconds of CPU time, 5 by
// default: measured and counted, never asserted; the wall time is reported beside it), memory
// over --memory-mb (1,024 by default: an input's own peak RSS, or what the process keeps alive;
// memory.ts), broken invariants and peak memory. The first
// findings of each kind are written to
// reports/fuzz/findings.json. Exit status 1 when anything was found.
//   FUZZ_RUNS=N or --runs N   inputs in all (default 100,000)
//   --seed N                   fast-check seed (default: the time), printed for replay
//   --json                     one JSON object instead of the summary
//   --procs N                  processes (default: one per core), each on every N-th batch with
//                              its own RSS and CPU clock; the figures are merged (report.ts)
//   --only t1,t2               run only these targets (the same batches and seeds: a replay)
//   --memory-log FILE          after each of this process's batches, collect garbage and append
//                              `batch walked rssMB heapMB externalMB` (is memory accumulating?),
//                              and `peak batch target index MB` after an input that raised the
//                              process's peak RSS by over 50 MB (its whole text in FILE.N.txt)
import { appendFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
import { changesScenario, nodesScenario, releaseScenario } from './families/world.ts';
import {
  fanOut,
  noFigures,
  printOutcome,
  type Example,
  type Outcome,
  type Report,
  type TargetFigures,
} from './report.ts';
import {
  inputOverBound,
  inputStarts,
  keptOverBound,
  liveAfterCollection,
  peakSinceStart,
} from './memory.ts';
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
  ['scenario', 0.2],
  ['federation', 0.08],
  ['keda', 0.09],
  ['stream', 0.05],
  ['variants', 0.06],
  ['releases', 0.06],
  ['changes', 0.06],
  ['nodes', 0.05],
  ['csv', 0.04],
  ['prometheus', 0.04],
  ['import', 0.1],
  ['link', 0.05],
  ['cli', 0.12],
  // tune runs a search and a check per input (about a second): one per batch.
  ['tune', 0.002],
];

/** RSS past this after an input is a finding (the issue's bound: 1 GB). */
const MEMORY_LIMIT_MB = Number(flag('memory-mb') ?? 1024);

/** One input and its check (the input kept to report a hang). */
type Job = { input: string; whole: () => string; run: () => Finding[] | Promise<Finding[]> };
const job = (input: unknown, run: Job['run']): Job => {
  const text = () => (typeof input === 'string' ? input : JSON.stringify(input));
  return { input: text().slice(0, 4000), whole: text, run };
};

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
  releaseScenario,
  changesScenario,
  nodesScenario,
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
    case 'releases':
      return scenarios(releaseScenario);
    case 'changes':
      return scenarios(changesScenario);
    case 'nodes':
      return scenarios(nodesScenario);
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
      return sample(
        fc.tuple(
          fc.oneof(
            federatedScenario,
            mutatedPreset,
            releaseScenario,
            changesScenario,
            nodesScenario,
          ),
          tuneArgs,
        ),
      ).map(([text, args]) =>
        job(`tune ${args.join(' ')}\n${text}`, () =>
          checkTune(text, [...args, '--max-work', '1000000']),
        ),
      );
  }
}

/** This process's share of the batches (`--shard i/N`, given by the parent), or all of them. */
const SHARD = (flag('shard') ?? '0/1').split('/').map(Number) as [number, number];
const PROCS = SHARD[1] > 1 ? 1 : Number(flag('procs') ?? availableParallelism());

async function main(): Promise<void> {
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const figures = new Map<Target, TargetFigures>(MIX.map(([t]) => [t, noFigures()]));
  const examples: Example[] = [];
  let done = 0;
  let batch = 0;
  // The process's peak RSS, the most one input added to it, the most kept alive (MB).
  let peakMB = 0;
  let inputMB = 0;
  let liveMB = 0;
  let lastTarget: Target = 'scenario';
  let ran = 0;
  const progress = () => {
    const all = [...figures.values()];
    const n = (k: keyof TargetFigures) => all.reduce((sum, f) => sum + f[k], 0);
    return `${n('crashes')} crashes, ${n('hangs')} hangs, ${n('memory')} over memory, ${n('invariants')} broken invariants; ${stats.valid} valid scenarios, ${stats.simulated} simulated, ${stats.stopped} stopped by the work meter (located)`;
  };
  /** What this process found so far (written after each of its batches: a stopped run keeps it). */
  const outcome = (): Outcome => {
    const all = [...figures.values()];
    const sum = (k: keyof TargetFigures) => all.reduce((n, f) => n + f[k], 0);
    const cpu = process.cpuUsage(cpu0);
    const report: Report = {
      seed: SEED,
      processes: 1,
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
      peakMB: Math.round(Math.max(peakMB, process.memoryUsage().rss / 1024 / 1024)),
      inputMB: Math.round(inputMB),
      liveMB: Math.round(liveMB),
      seconds: Math.round((performance.now() - started) / 1000),
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
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
    return { report, examples };
  };
  const [shard, shards] = SHARD;
  const partFile = flag('out');
  const only = flag('only')?.split(',');
  const memoryLog = flag('memory-log');
  while (done < RUNS) {
    // Every process walks the same batches (the same seeds) and runs its own share of them.
    const mine = batch % shards === shard;
    for (const [target, share] of MIX) {
      const n = Math.min(Math.max(1, Math.round(BATCH * share)), RUNS - done);
      if (n <= 0) break;
      done += n;
      if (!mine || (only && !only.includes(target))) continue;
      const f = figures.get(target)!;
      lastTarget = target;
      for (const [index, next] of jobs(target, n, SEED + batch * 7919 + target.length).entries()) {
        const before = inputStarts();
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
        if (ms > HANG_SECONDS * 1000 && examples.length < 50)
          examples.push({
            kind: 'hang',
            target,
            message: `no answer within ${HANG_SECONDS} s of CPU (${Math.round(ms)} ms CPU, ${Math.round(wallMs)} ms wall)`,
            input: next.input,
            ms,
          });
        if (ms > HANG_SECONDS * 1000) f.hangs++;
        const peak = peakSinceStart();
        peakMB = Math.max(peakMB, peak);
        inputMB = Math.max(inputMB, peak - before);
        if (memoryLog && peak - before > 50) {
          appendFileSync(memoryLog, `peak ${batch} ${target} ${index} ${Math.round(peak)}\n`);
          writeFileSync(`${memoryLog}.${batch}-${target}-${index}.txt`, next.whole());
        }
        // The input's own peak (memory.ts: not the slack earlier inputs left in the process).
        const over = inputOverBound(before, peak, MEMORY_LIMIT_MB);
        if (over) found.push({ kind: 'memory', target, message: over, input: next.input });
        for (const x of found) {
          if (x.kind === 'crash') f.crashes++;
          else if (x.kind === 'memory') f.memory++;
          else f.invariants++;
          if (examples.filter((e) => e.message === x.message).length < 2 && examples.length < 50)
            examples.push({ ...x, input: x.input.slice(0, 4000) });
        }
      }
    }
    if (mine) {
      // What the process keeps alive across inputs (memory.ts), after each of its batches.
      const live = liveAfterCollection();
      liveMB = Math.max(liveMB, live);
      const kept = keptOverBound(live, MEMORY_LIMIT_MB);
      if (kept) {
        // counted under the batch's last target: the process, not one input, keeps it
        figures.get(lastTarget)!.memory++;
        if (examples.length < 50)
          examples.push({ kind: 'memory', target: lastTarget, message: kept, input: '' });
      }
      if (memoryLog) {
        const m = process.memoryUsage();
        const mb = (x: number) => Math.round(x / 1024 / 1024);
        appendFileSync(
          memoryLog,
          `${batch} ${done} ${mb(m.rss)} ${mb(m.heapUsed)} ${mb(m.external)}\n`,
        );
      }
    }
    batch++;
    if (mine) ran++;
    if (mine && partFile) writeFileSync(partFile, JSON.stringify(outcome()));
    if (!process.argv.includes('--json') && mine && ran % (partFile ? 4 : 20) === 0)
      process.stderr.write(
        `fuzz${shards > 1 ? ` [${shard + 1}/${shards}]` : ''}: ${done.toLocaleString('en-US')} / ${RUNS.toLocaleString('en-US')} walked: ${progress()}\n`,
      );
  }
  const out = flag('out');
  if (out) writeFileSync(out, JSON.stringify(outcome()));
  else printOutcome(outcome(), process.argv.includes('--json'));
}

// The yaml package's Node build reads process.env.LOG_TOKENS once per token, and process.env is
// a call into the C library each time: a plain copy makes every parse about a fifth cheaper here
// (nothing under test reads the environment at run time).
process.env = { ...process.env };
if (PROCS > 1) {
  const argv = process.argv
    .slice(2)
    .filter((a, i, all) => a !== '--procs' && all[i - 1] !== '--procs');
  printOutcome(
    await fanOut(PROCS, [...argv, '--seed', String(SEED), '--runs', String(RUNS), '--procs', '1']),
    process.argv.includes('--json'),
  );
} else await main();
