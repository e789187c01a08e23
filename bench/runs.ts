// Whole runs for `npm run bench`: the named scenarios (also `--cold NAME`) and any scenario file
// (`--file FILE`, also `--cold-file FILE`), each timed the same way: warm medians of wall and CPU
// time, the first run in a fresh process (cold), and the ratio of its CPU time to the warmed
// touch-each-pod anchor's. Reported, never asserted.

import { kedaBaselineRun, kedaInput } from './kedaFixture.ts';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SimulationInput, SimulationResult } from '../src/engine/simulation/index.ts';
import { executeRun, hpaPlan, planScenario, runScenario, TapeShelf } from '../src/run/index.ts';
import { round } from './measure.ts';
import { diurnalInput, withNodes } from './simulationFixture.ts';
import { anchorCpuMs, timed, warmMedians } from './timing.ts';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: number;
  detail?: Record<string, number>;
  /** a whole run's budgets (value is its warm CPU ms) */
  budgets?: Budgets;
}

// The bundle runs from reports/bench: scripts/bench.mjs says where the checkout is.
export const root = path.resolve(process.env.HPA_SIM_ROOT ?? process.cwd());

/** DESIGN.md §6's budgets of a run: warm CPU ms, cold ms, warm CPU as a multiple of the anchor. */
export interface Budgets {
  warm?: number;
  cold?: number;
  ratio?: number;
}

/** A scenario timed as a whole run; `run`: how, when not as the app runs it (runOnce). */
interface Scenario {
  input: () => SimulationInput;
  budgets: Budgets;
  run?: (input: SimulationInput, record: RecordLevel) => SimulationResult;
}

/** The scenarios timed as whole runs, by name (also the `--cold` argument). */
const SCENARIOS: Record<string, Scenario> = {
  'simulate.default': { input: defaultInput, budgets: { warm: 8 } },
  // The run behind every frame of `bench:ui`'s curve drag: the default day with a ramp of traffic.
  'simulate.default.ramp': { input: () => defaultInput(RAMP_TRAFFIC), budgets: { warm: 8 } },
  'simulate.24h.15s.200pods': { input: () => diurnalInput(1, 200), budgets: { warm: 15 } },
  // No pod can join the steady group (a start-up burst outlasting the run), ~1,000 rescales.
  'simulate.24h.churn': {
    input: () => fileInput('bench/scenarios/churn.yaml'),
    budgets: { ratio: 30 },
  },
  'simulate.7d.15s.1000pods': {
    input: () => diurnalInput(7, 1000),
    budgets: { cold: 500, ratio: 10 },
  },
  // The same runs with a node pool under cluster-autoscaler (issue 24: 1.3× the run without).
  'simulate.24h.15s.200pods.nodes': {
    input: () => withNodes(diurnalInput(1, 200)),
    budgets: { warm: 20 },
  },
  'simulate.7d.15s.1000pods.nodes': {
    input: () => withNodes(diurnalInput(7, 1000)),
    budgets: { cold: 650 },
  },
  // A ScaledObject with three triggers for a day, and the HPA KEDA creates fed the same live
  // values without KEDA (issue 22: within 1.5×; `npm run bench:compare -- --pair keda`).
  'simulate.keda.24h.3triggers': { input: () => kedaInput(), budgets: { warm: 30 } },
  'simulate.keda.24h.3triggers.hpaOnly': {
    input: () => kedaInput(false),
    run: kedaBaselineRun,
    budgets: { warm: 30 },
  },
};

/** The traffic `bench:ui`'s curve drag writes into the default scenario (bench/ui.mjs). */
const RAMP_TRAFFIC =
  '  traffic: { type: ramp, points: [{ at: 0, value: 300 }, { at: 43200, value: 1200 }, { at: 86400, value: 300 }] }\n';

function fileInput(rel: string): SimulationInput {
  const plan = planScenario(readFileSync(path.join(root, rel), 'utf8')).runs[0];
  if (!plan) throw new Error(`${rel} does not parse`);
  return plan.input;
}

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

/**
 * One run as the app runs it. Warm runs of the same input take the process's shelf of curve
 * tapes (src/run/tapeShelf.ts), as an edit of the HPA does; `newWorld` gives the run an empty
 * shelf, as an edit of the traffic does (it samples its curves and records them).
 */
function runOnce(
  input: SimulationInput,
  record: RecordLevel = 'compact',
  newWorld = false,
): SimulationResult {
  const out = executeRun(hpaPlan(input, 'bench'), {
    record,
    ...(newWorld ? { tapes: new TapeShelf() } : {}),
  });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

/** How a named scenario runs: its own way, else as the app runs it. */
function runOf(s: Scenario): (input: SimulationInput, record?: RecordLevel) => SimulationResult {
  return s.run ? (input, record = 'compact') => s.run!(input, record) : runOnce;
}

/** Every run of a scenario file, as the app runs it (parse, plan, each run compact). */
function runFile(text: string): SimulationResult[] {
  const out = runScenario(text);
  if (!out.summary.ok) {
    const d = out.summary.diagnostics[0];
    const where = d ? `line ${d.line}, column ${d.column}: ${d.message}` : 'no diagnostic';
    throw new Error(`not a valid scenario (${where})`);
  }
  const results: SimulationResult[] = [];
  for (const r of out.runs) {
    if (!r.ok) throw new Error(`run ${r.key}: ${r.error}`);
    // A federation's total is its members added up, not a run of its own.
    if (r.federation?.member === null) continue;
    results.push(r.result);
  }
  return results;
}

/** A file's path as the user typed it: npm runs scripts from the package root (INIT_CWD: theirs). */
export function userPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** The first run in a fresh Node process (JIT cold, nothing cached): wall and CPU ms. */
function cold(args: string[]): { ms: number; cpuMs: number } {
  const bundle = process.argv[1]!;
  const r = spawnSync(process.execPath, [bundle, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cold run (${args.join(' ')}) failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { ms: number; cpuMs: number };
}

/** `--cold NAME` / `--cold-file FILE`: one run, timed, as JSON on stdout. */
export function coldChild(argv: string[]): boolean {
  const named = argv.indexOf('--cold');
  const file = argv.indexOf('--cold-file');
  if (named < 0 && file < 0) return false;
  let t: { ms: number; cpuMs: number };
  if (named >= 0) {
    const s = SCENARIOS[argv[named + 1] ?? ''];
    if (!s) throw new Error(`no scenario ${argv[named + 1]}`);
    const input = s.input();
    t = timed(() => runOf(s)(input));
  } else {
    const text = readFileSync(argv[file + 1]!, 'utf8');
    t = timed(() => runFile(text));
  }
  process.stdout.write(JSON.stringify({ ms: t.ms, cpuMs: t.cpuMs }) + '\n');
  return true;
}

function rescales(results: SimulationResult[]): number {
  let n = 0;
  for (const r of results) for (const x of r.series.rescaled) n += x;
  return n;
}

/** The figure of one timed thing: warm, cold, the anchor and the ratio to it. */
function figure(
  name: string,
  budgets: Budgets,
  w: { ms: number; cpuMs: number },
  c: { ms: number; cpuMs: number },
  results: SimulationResult[],
  extra: Record<string, number> = {},
): Figure {
  const anchor = anchorCpuMs(results.map((r) => r.series.specReplicas));
  return {
    name,
    value: round(w.cpuMs, 1),
    unit: 'ms',
    budget: budgets.warm ?? Infinity,
    budgets,
    detail: {
      wallMs: round(w.ms, 1),
      coldMs: round(c.ms, 1),
      coldCpuMs: round(c.cpuMs, 1),
      anchorCpuMs: round(anchor, 3),
      ratioToAnchor: round(w.cpuMs / anchor, 1),
      syncs: results.reduce((a, r) => a + r.series.time.length, 0),
      rescales: rescales(results),
      ...extra,
    },
  };
}

/** Whole runs of the named scenarios. */
export function simulationFigures(only?: string): Figure[] {
  const out: Figure[] = [];
  for (const [name, s] of Object.entries(SCENARIOS)) {
    if (only !== undefined && !name.includes(only)) continue;
    const input = s.input();
    const long = name.includes('7d');
    const once = runOf(s);
    const w = warmMedians(() => once(input), long ? 1 : 3, long ? 3 : 15);
    // The same run keeping every sync's record (as the CLI does); a week of those is ~80 MB.
    const full = long ? null : warmMedians(() => once(input, 'full'), 1, 5);
    // A run over a world no run before it had (the traffic edited): no tape to replay.
    const fresh = s.run ? null : warmMedians(() => runOnce(input, 'compact', true), 3, 15);
    out.push(
      figure(name, s.budgets, w, cold(['--cold', name]), [once(input)], {
        ...(full ? { fullCpuMs: round(full.cpuMs, 1) } : {}),
        ...(fresh ? { newWorldCpuMs: round(fresh.cpuMs, 1) } : {}),
      }),
    );
  }
  if (only === undefined) out.push(...heapFigures());
  return out;
}

/** `--file FILE`: every run of the file, as the app runs it, timed like the named scenarios. */
export function fileFigure(file: string, text: string): Figure {
  const results = runFile(text);
  const w = warmMedians(() => runFile(text), 3, 15);
  // What the parse (and plan) alone takes of it: an edit in the app pays both.
  const parse = warmMedians(() => planScenario(text), 3, 15);
  return figure(path.basename(file), {}, w, cold(['--cold-file', file]), results, {
    runs: results.length,
    parseCpuMs: round(parse.cpuMs, 1),
  });
}

/** Heap a result keeps alive (needs --expose-gc; 0 without it). */
function resultHeapMB(input: SimulationInput, record: RecordLevel = 'compact'): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return 0;
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = runOnce(input, record);
  gc();
  const mb = (process.memoryUsage().heapUsed - before) / 1e6;
  if (kept.series.time.length === 0) throw new Error('empty result');
  return mb;
}

function heapFigures(): Figure[] {
  const day = SCENARIOS['simulate.24h.15s.200pods']!.input();
  return [
    {
      name: 'simulate.7d.15s.1000pods.resultHeap',
      value: round(resultHeapMB(SCENARIOS['simulate.7d.15s.1000pods']!.input()), 1),
      unit: 'MB',
      budget: 20,
    },
    {
      name: 'simulate.24h.15s.200pods.resultHeap',
      value: round(resultHeapMB(day), 1),
      unit: 'MB',
      budget: 20,
      detail: { fullMB: round(resultHeapMB(day, 'full'), 1) },
    },
  ];
}
