// `npm run bench [-- --json]`: speed figures against the budgets of issue 7 / DESIGN.md §6.
// Reported, never asserted. Warm = median of runs after a warm-up in this process; cold = the
// first run in a fresh process (`--cold NAME` runs one scenario once in a child process).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ByPositionScratch,
  reconcileAutoscaler,
  type ReconcileOptions,
} from '../src/engine/controller/index.ts';
import {
  createSimulation,
  type SimulationInput,
  type SimulationResult,
} from '../src/engine/simulation/index.ts';
import { executeRun, hpaPlan, planScenario } from '../src/run/index.ts';
import { measure, round } from './measure.ts';
import { firstRunHere, freshWorkerFigures } from './freshWorker.ts';
import { searchFigures } from './search.ts';
import { BENCH_CONFIG, BENCH_NOW, cpuObservation } from './reconcileFixture.ts';
import { diurnalInput } from './simulationFixture.ts';

interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: number;
  detail?: Record<string, number>;
}

// The bundle runs from reports/bench: scripts/bench.mjs says where the checkout is.
const root = path.resolve(process.env.HPA_SIM_ROOT ?? process.cwd());

/** The scenarios timed as whole runs, by name (also the `--cold` argument). */
const SCENARIOS: Record<string, { input: () => SimulationInput; budget: number }> = {
  'simulate.default': { input: defaultInput, budget: 10 },
  // The run behind every frame of `bench:ui`'s curve drag: the default day with a ramp of traffic.
  'simulate.default.ramp': { input: () => defaultInput(RAMP_TRAFFIC), budget: 10 },
  'simulate.24h.15s.200pods': { input: () => diurnalInput(1, 200), budget: 20 },
  'simulate.7d.15s.1000pods': { input: () => diurnalInput(7, 1000), budget: 500 },
};

/** The traffic `bench:ui`'s curve drag writes into the default scenario (bench/ui.mjs). */
const RAMP_TRAFFIC =
  '  traffic: { type: ramp, points: [{ at: 0, value: 300 }, { at: 43200, value: 1200 }, { at: 86400, value: 300 }] }\n';

/** The default preset, with its `traffic:` block replaced when `traffic` is given. */
function defaultInput(traffic?: string): SimulationInput {
  let text = readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8');
  if (traffic !== undefined) {
    const start = text.indexOf('  traffic:');
    const end = text.indexOf('  load:', start);
    if (start < 0 || end < 0) throw new Error('the default preset has no traffic block to replace');
    text = text.slice(0, start) + traffic + text.slice(end);
  }
  const plan = planScenario(text).runs[0];
  if (!plan) throw new Error('the default preset does not parse');
  return plan.input;
}

type RecordLevel = 'compact' | 'full';

function runOnce(
  input: SimulationInput,
  record: RecordLevel = 'compact',
): { ms: number; cpuMs: number; result: SimulationResult } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = executeRun(hpaPlan(input, 'bench'), { record });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (!out.ok) throw new Error(out.error);
  return { ms, cpuMs: (c.user + c.system) / 1000, result: out.result };
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Least time the unmeasured warm-up runs take: V8 needs ~10 runs of a 20 ms scenario to settle. */
const WARMUP_MS = 600;

/**
 * Medians of `runs` runs after at least `warmup` unmeasured ones (and at least WARMUP_MS of
 * them, at most 100 runs): wall time, and the process's CPU time, which a machine shared with
 * other work inflates less (it includes GC helper threads).
 */
function warm(
  input: SimulationInput,
  warmup: number,
  runs: number,
  record: RecordLevel = 'compact',
): { ms: number; cpuMs: number } {
  const t0 = performance.now();
  for (let i = 0; i < 100 && (i < warmup || performance.now() - t0 < WARMUP_MS); i++)
    runOnce(input, record);
  const all = Array.from({ length: runs }, () => runOnce(input, record));
  return { ms: median(all.map((r) => r.ms)), cpuMs: median(all.map((r) => r.cpuMs)) };
}

/** The first run of `name` in a fresh Node process (JIT cold, nothing cached). */
function coldMs(name: string): number {
  const bundle = process.argv[1]!;
  const r = spawnSync(process.execPath, [bundle, '--cold', name], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cold run of ${name} failed: ${r.stderr}`);
  return Number(JSON.parse(r.stdout).ms);
}

/** Heap a result keeps alive (needs --expose-gc; 0 without it). */
function resultHeapMB(input: SimulationInput, record: RecordLevel = 'compact'): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return 0;
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = runOnce(input, record).result;
  gc();
  const mb = (process.memoryUsage().heapUsed - before) / 1e6;
  if (kept.series.time.length === 0) throw new Error('empty result');
  return mb;
}

/** The floor: a loop that only touches each pod once per sync, with the run's own pod counts. */
function baselineMs(result: SimulationResult): number {
  const counts = result.series.specReplicas;
  let max = 0;
  for (const c of counts) max = Math.max(max, c);
  const pods = Array.from({ length: max }, (_, i) => ({ cpu: i % 7, ready: i % 3 !== 0 }));
  const ms: number[] = [];
  let sink = 0;
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    for (let k = 0; k < counts.length; k++) {
      const n = counts[k]!;
      for (let i = 0; i < n; i++) {
        const p = pods[i]!;
        if (p.ready) sink += p.cpu;
      }
    }
    ms.push(performance.now() - t0);
  }
  if (sink < 0) throw new Error('unreachable');
  return ms.sort((a, b) => a - b)[3]!;
}

function simulationFigures(): Figure[] {
  const out: Figure[] = [];
  for (const [name, s] of Object.entries(SCENARIOS)) {
    const input = s.input();
    const long = name.includes('7d');
    const w = warm(input, long ? 1 : 3, long ? 3 : 15);
    // The same run keeping every sync's record (as the CLI does); a week of those is ~80 MB.
    const full = long ? null : warm(input, 1, 5, 'full');
    const result = runOnce(input).result;
    const base = baselineMs(result);
    out.push({
      name,
      value: round(w.ms, 1),
      unit: 'ms',
      budget: s.budget,
      detail: {
        cpuMs: round(w.cpuMs, 1),
        coldMs: round(coldMs(name), 1),
        baselineMs: round(base, 2),
        ratioToBaseline: round(w.ms / base, 1),
        syncs: result.series.time.length,
        ...(full ? { fullMs: round(full.ms, 1) } : {}),
      },
    });
  }
  out.push({
    name: 'simulate.7d.15s.1000pods.resultHeap',
    value: round(resultHeapMB(SCENARIOS['simulate.7d.15s.1000pods']!.input()), 1),
    unit: 'MB',
    budget: 20,
  });
  const day = SCENARIOS['simulate.24h.15s.200pods']!.input();
  out.push({
    name: 'simulate.24h.15s.200pods.resultHeap',
    value: round(resultHeapMB(day), 1),
    unit: 'MB',
    budget: 20,
    detail: { fullMB: round(resultHeapMB(day, 'full'), 1) },
  });
  return out;
}

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

async function main(): Promise<void> {
  const cold = process.argv.indexOf('--cold');
  if (cold >= 0) {
    const s = SCENARIOS[process.argv[cold + 1] ?? ''];
    if (!s) throw new Error(`no scenario ${process.argv[cold + 1]}`);
    process.stdout.write(JSON.stringify({ ms: runOnce(s.input()).ms }) + '\n');
    return;
  }
  const fresh = process.argv.indexOf('--fresh-worker');
  if (fresh >= 0 && process.argv[fresh + 1] !== undefined) {
    const warm = process.argv[fresh + 1] === 'warm';
    process.stdout.write(JSON.stringify(await firstRunHere(root, warm)) + '\n');
    return;
  }
  // `--first-run`: only a fresh simulator's first run (fresh processes, a few seconds).
  if (process.argv.includes('--first-run')) return printFreshWorker();
  const json = process.argv.includes('--json');
  // `--search`: only the search's figures (they take a while on their own); `--runs`: only the
  // whole runs (simulate.*), to compare engine changes quickly.
  const runsOnly = process.argv.includes('--runs');
  const figures = process.argv.includes('--search')
    ? []
    : runsOnly
      ? simulationFigures()
      : collectFigures();
  if (json) {
    const out: Record<string, unknown> = {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    };
    for (const f of figures)
      out[f.name] = { value: f.value, unit: f.unit, budget: f.budget, ...f.detail };
    if (!runsOnly) out['search.default'] = await tuneFigures();
    if (!runsOnly) out['worker.firstRun'] = freshWorkerFigures(process.argv[1]!);
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return;
  }
  for (const f of figures) {
    const mark = f.value <= f.budget ? 'within' : 'OVER';
    const d = f.detail;
    const cold =
      d?.coldMs !== undefined ? `; CPU ${d.cpuMs} ms; cold (fresh process) ${d.coldMs} ms` : '';
    const ratio =
      d?.ratioToBaseline !== undefined
        ? `; ${d.ratioToBaseline}× a loop touching each pod once per sync (${d.baselineMs} ms)`
        : '';
    const fullRecord =
      d?.fullMs !== undefined
        ? `; full records ${d.fullMs} ms`
        : d?.fullMB !== undefined
          ? `; full records ${d.fullMB} MB`
          : '';
    const label = f.unit === 'ms' ? 'warm median' : 'median';
    process.stdout.write(
      `${f.name.padEnd(42)} ${String(f.value).padStart(9)} ${f.unit} ${f.unit === 'MB' ? '' : label} (budget ${f.budget} ${f.unit}, ${mark}${cold}${ratio}${fullRecord})\n`,
    );
  }
  if (runsOnly) return;
  printFreshWorker();
  const s = await tuneFigures();
  process.stdout.write(
    `${'search.default.simsPerSecondPerCore'.padEnd(42)} ${String(s.perCore).padStart(9)} sims/s warm (target ≥ 120 per core, ${s.perCpuSecond >= 120 ? 'met' : 'NOT MET'} at ${s.perCpuSecond} per CPU second; ${s.perCpuSecondUnshared} per CPU second with each candidate sampling its own curves; ${s.runs} candidates of the 24 h default scenario; load ${s.load})\n` +
      `${'search.default.simsPerSecondAllCores'.padEnd(42)} ${String(s.allCores).padStart(9)} sims/s warm (${s.cores} worker threads: ${s.speedUp}× one core; cold, the first 16 on fresh threads: ${s.coldAllCores} sims/s)\n`,
  );
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
