// `npm run bench [-- --json] [--runs [NAME] | --search | --file FILE]`: speed figures against
// the budgets of DESIGN.md §6. Reported, never asserted. Whole runs (runs.ts): warm = median CPU
// time after a warm-up in this process, cold = the first run in a fresh process, and the ratio
// to a warmed loop that touches each pod once per sync.

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  ByPositionScratch,
  reconcileAutoscaler,
  type ReconcileOptions,
} from '../src/engine/controller/index.ts';
import { createSimulation } from '../src/engine/simulation/index.ts';
import { measure, round } from './measure.ts';
import { coldChild, fileFigure, root, simulationFigures, userPath, type Figure } from './runs.ts';
import { firstRunHere, freshWorkerFigures } from './freshWorker.ts';
import { searchFigures } from './search.ts';
import { drawFigures, poolDrawFigures } from './draws.ts';
import { drawsProfile } from './drawsProfile.ts';
import { machineCores } from '../src/cli/threads.ts';
import { BENCH_CONFIG, BENCH_NOW, cpuObservation } from './reconcileFixture.ts';
import { diurnalInput } from './simulationFixture.ts';

function reconcileFigure(
  name: string,
  budget: number,
  fixture: () => {
    obs: Parameters<typeof reconcileAutoscaler>[0];
    memory: Parameters<typeof reconcileAutoscaler>[1];
    now: number;
  },
  trace: ReconcileOptions['trace'] = true,
): Figure {
  const { obs, memory, now } = fixture();
  // As inside a run: the caller keeps one scratch for every reconcile.
  const options: ReconcileOptions = { trace, scratch: new ByPositionScratch() };
  let sink = 0;
  const once = () => {
    sink += reconcileAutoscaler(obs, memory, now, BENCH_CONFIG, options).replicas;
  };
  // A first pass unreported: measure()'s own warm-up stops after ~5 ms, too early for the JIT
  // on a loaded machine (the first figure of a process came out 4-6× the later ones).
  measure(once, 200);
  const t = measure(once);
  if (sink === 0) throw new Error('bench fixture produced no replicas');
  return {
    name,
    value: round(t.medianMicros),
    unit: 'µs',
    budget,
    detail: {
      p95: round(t.p95Micros),
      samples: t.samples,
      iterationsPerSample: t.iterationsPerSample,
    },
  };
}

/**
 * A reconcile as it happens inside a real run: the 24 h / 200-pod day at its peak (14:00), its
 * pods one by one (as a full trace reads them) or with the steady group as one entry (as a
 * compact run's sync hands them over).
 */
function inRunFixture(grouped = false) {
  const created = createSimulation(diurnalInput(1, 200));
  if (!created.ok) throw new Error(created.error);
  const sim = created.simulation;
  const t = 50_400;
  sim.stepTo(t - 1);
  const obs = sim.cluster.observation(t, sim.world, grouped);
  if (grouped && obs.pods.length >= 100) throw new Error('the steady group did not form');
  return { obs, memory: sim.cluster.memory, now: t };
}

export function collectFigures(): Figure[] {
  return [
    reconcileFigure('reconcile.cpu.behavior.10pods.median', 2, () => ({
      ...cpuObservation(10),
      now: BENCH_NOW,
    })),
    reconcileFigure('reconcile.cpu.behavior.1000pods.median', 100, () => ({
      ...cpuObservation(1000),
      now: BENCH_NOW,
    })),
    reconcileFigure('reconcile.inRun.24h.200pods.peak.median', 50, () => inRunFixture()),
    // What a compact run asks for: only the numbers its series keep.
    reconcileFigure(
      'reconcile.inRun.24h.200pods.peak.lean.median',
      50,
      () => inRunFixture(),
      'lean',
    ),
    reconcileFigure(
      'reconcile.inRun.24h.200pods.peak.grouped.lean.median',
      50,
      () => inRunFixture(true),
      'lean',
    ),
    ...simulationFigures(),
  ];
}

/** One figure as a line: a whole run with its warm, cold and anchor figures, or a measure. */
function line(f: Figure): string {
  const d = f.detail ?? {};
  const name = f.name.padEnd(42);
  if (f.budgets !== undefined) {
    const b = f.budgets;
    const mark = (v: number, budget: number | undefined, unit: string) =>
      budget === undefined ? '' : ` (budget ${budget}${unit}, ${v <= budget ? 'within' : 'OVER'})`;
    const full = d.fullCpuMs !== undefined ? `; full records ${d.fullCpuMs} ms CPU` : '';
    const fresh =
      d.newWorldCpuMs !== undefined
        ? `; a new world each run (no tape to replay) ${d.newWorldCpuMs} ms CPU`
        : '';
    const parse =
      d.parseCpuMs !== undefined ? `; ${d.runs} runs, parse ${d.parseCpuMs} ms CPU` : '';
    return (
      `${name} ${String(f.value).padStart(9)} ms CPU warm median${mark(f.value, b.warm, ' ms')}; ` +
      `wall ${d.wallMs} ms; cold (fresh process) ${d.coldMs} ms wall, ${d.coldCpuMs} ms CPU${mark(d.coldMs!, b.cold, ' ms')}; ` +
      `${d.ratioToAnchor}× the touch-each-pod loop (${d.anchorCpuMs} ms CPU)${mark(d.ratioToAnchor!, b.ratio, '×')}; ` +
      `${d.syncs} syncs, ${d.rescales} rescales${full}${fresh}${parse}\n`
    );
  }
  const mark = f.value <= f.budget ? 'within' : 'OVER';
  const fullRecord = d.fullMB !== undefined ? `; full records ${d.fullMB} MB` : '';
  const label = f.unit === 'MB' ? '' : 'median';
  return `${name} ${String(f.value).padStart(9)} ${f.unit} ${label} (budget ${f.budget} ${f.unit}, ${mark}${fullRecord})\n`;
}

/** `--file`: a file that cannot be read or parsed is a one-line, located message, not a stack. */
function timeFile(file: string): Figure {
  const at = userPath(file);
  let text: string;
  try {
    text = readFileSync(at, 'utf8');
  } catch (e) {
    process.stderr.write(`bench: cannot read ${at}: ${(e as Error).message}\n`);
    process.exit(1);
  }
  try {
    return fileFigure(at, text);
  } catch (e) {
    process.stderr.write(`bench: ${at}: ${(e as Error).message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const argv = process.argv;
  if (coldChild(argv)) return;
  const fresh = argv.indexOf('--fresh-worker');
  if (fresh >= 0 && argv[fresh + 1] !== undefined) {
    const warm = argv[fresh + 1] === 'warm';
    process.stdout.write(JSON.stringify(await firstRunHere(root, warm)) + '\n');
    return;
  }
  // `--first-run`: only a fresh simulator's first run (fresh processes, a few seconds).
  if (argv.includes('--first-run')) return printFreshWorker();
  // `--draws`: only the timing draws' figures (one core, and over the app's lanes).
  if (argv.includes('--draws')) return printDraws();
  if (argv.includes('--draws-profile')) {
    const text = readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8');
    process.stdout.write(JSON.stringify(drawsProfile(text)) + '\n');
    return;
  }
  const json = argv.includes('--json');
  // `--search`: only the search's figures (they take a while on their own); `--runs [NAME]`:
  // only the whole runs (simulate.*, those whose name holds NAME), to compare engine changes
  // quickly; `--file FILE`: every run of a scenario file, timed like them.
  const runs = argv.indexOf('--runs');
  const only =
    runs >= 0 && argv[runs + 1] && !argv[runs + 1]!.startsWith('--') ? argv[runs + 1] : undefined;
  const file = argv.indexOf('--file');
  if (file >= 0 && !argv[file + 1]) throw new Error('--file needs a scenario file');
  const runsOnly = runs >= 0 || file >= 0;
  const figures =
    file >= 0
      ? [timeFile(argv[file + 1]!)]
      : argv.includes('--search')
        ? []
        : runsOnly
          ? simulationFigures(only)
          : collectFigures();
  const load = loadavg().map((x) => round(x, 2));
  if (json) {
    const out: Record<string, unknown> = {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      loadAverage: load,
    };
    for (const f of figures)
      out[f.name] = { value: f.value, unit: f.unit, budget: f.budget, ...f.budgets, ...f.detail };
    if (!runsOnly) out['search.default'] = await tuneFigures();
    if (!runsOnly) out['worker.firstRun'] = freshWorkerFigures(argv[1]!);
    if (!runsOnly) out['draws.default.16'] = defaultDraws();
    if (!runsOnly) out['draws.default.16.lanes'] = await laneDraws();
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return;
  }
  process.stdout.write(`load average ${load.join(', ')} (wall figures need an idle machine)\n`);
  for (const f of figures) process.stdout.write(line(f));
  if (runsOnly) return;
  printFreshWorker();
  const s = await tuneFigures();
  process.stdout.write(
    `${'search.default.simsPerSecondPerCore'.padEnd(42)} ${String(s.perCore).padStart(9)} sims/s warm (target ≥ 120 per core, ${s.perCpuSecond >= 120 ? 'met' : 'NOT MET'} at ${s.perCpuSecond} per CPU second; ${s.perCpuSecondUnshared} per CPU second with each candidate sampling its own curves; ${s.runs} candidates of the 24 h default scenario; load ${s.load})\n` +
      `${'search.default.simsPerSecondAllCores'.padEnd(42)} ${String(s.allCores).padStart(9)} sims/s warm (${s.cores} worker threads: ${s.speedUp}× one core; cold, the first 16 on fresh threads: ${s.coldAllCores} sims/s)\n`,
  );
  await printDraws();
}

/** The draws' two figures: one core, one after another; and the app's lanes (a thread per core). */
async function printDraws(): Promise<void> {
  const d = defaultDraws();
  process.stdout.write(
    `${'draws.default.16'.padEnd(42)} ${String(d.cpuMs).padStart(9)} ms CPU (target 150 ms on 2 cores; wall ${d.ms} ms; ${d.perSecond} draws per CPU second on one core: ${d.draws} timing draws of the 24 h default scenario, one after another)\n`,
  );
  const l = await laneDraws();
  process.stdout.write(
    `${'draws.default.16.lanes'.padEnd(42)} ${String(l.ms).padStart(9)} ms wall (target 150 ms on 2 cores, ${l.ms <= 150 ? 'met' : 'NOT MET'}; the app's path after an edit: ${l.lanes} simulator threads, each parsing the new text once and taking chunks of draws; the same text drawn again ${l.sameTextMs} ms; after an edit of the traffic (new worlds, no tape) ${l.newWorldMs} ms; the first set on fresh threads ${l.coldMs} ms; load ${round(loadavg()[0]!, 2)})\n` +
      `${'draws.default.16.lanes.breakdown'.padEnd(42)} ${l.breakdown.lanes.map((x, k) => `lane ${k}: done at ${x.doneMs} ms, ${x.chunks} chunks (parse ${x.parseMs}, draws ${x.drawsMs})`).join('; ')}; summary call ${l.breakdown.summaryMs} ms\n`,
  );
}

/** The same 16 draws over a simulator thread per core, as the app's draw lanes run them. */
function laneDraws() {
  const text = readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8');
  return poolDrawFigures(text, new URL('./simulatorThread.mjs', import.meta.url), machineCores());
}

/** 16 timing draws of the default scenario on this thread. */
function defaultDraws() {
  return drawFigures(readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8'));
}

/** A fresh simulator's first run, warmed up as the spare is and never warmed (freshWorker.ts). */
function printFreshWorker(): void {
  const w = freshWorkerFigures(process.argv[1]!);
  process.stdout.write(
    `${'worker.firstRun.default'.padEnd(42)} ${String(w.warm.firstMs).padStart(9)} ms CPU (a fresh simulator's first run after the spare's warm-up, ${w.warm.warmUpMs} ms CPU; budget 60 ms, ${w.warm.firstMs <= 60 ? 'within' : 'OVER'}; its next run ${w.warm.nextMs} ms; never warmed: first ${w.cold.firstMs} ms, next ${w.cold.nextMs} ms; fresh Node processes, medians of 3)\n`,
  );
}

/** The search's figures; the worker thread is bundled beside this bench by scripts/bench.mjs. */
function tuneFigures() {
  const text = readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8');
  return searchFigures(text, new URL('./simulatorThread.mjs', import.meta.url));
}

await main();
