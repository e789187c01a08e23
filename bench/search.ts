// The policy search's throughput (issue 10, issue 21 item 6): candidate runs of the default
// scenario per second on one core (the search prepared once in-process: one parse, the curves
// sampled once), and over a worker thread per core (`cli tune`'s pool: the app's pool and
// scheduler over threads), hence the speed-up. Also the same search without curve tapes (each
// candidate sampling its curves afresh), to show what sharing them saves. Reported, never asserted.

import { availableParallelism, loadavg } from 'node:os';
import { openSearch } from '../src/bridge/searchLanes.ts';
import { createThreadPool } from '../src/cli/threads.ts';
import { parseScenario } from '../src/scenario/index.ts';
import {
  evaluateCandidate,
  localEvaluator,
  podHoursObjective,
  prepareSearch,
  search,
  type BatchEvaluator,
  type Goals,
  type TuneBase,
} from '../src/tune/index.ts';

export interface SearchFigures {
  runs: number;
  /** one core, wall clock */
  perCore: number;
  /** one core, per second of this process's CPU time (less inflated on a shared machine) */
  perCpuSecond: number;
  /** one core, per CPU second, every candidate sampling its curves itself (no tapes) */
  perCpuSecondUnshared: number;
  allCores: number;
  /** the first generation (16 candidates) on fresh threads, per second: the cold figure */
  coldAllCores: number;
  cores: number;
  speedUp: number;
  /** the machine's 1-minute load average when measured (a shared machine slows every figure) */
  load: number;
}

const GOALS: Goals = {
  constraints: [
    { flag: 'max-unmet-demand-percent', limit: 0.5 },
    { flag: 'max-reversals', limit: 4 },
  ],
  objective: podHoursObjective(),
};

interface Rate {
  wall: number;
  cpu: number;
  cold: number;
}

async function rate(base: TuneBase, evaluate: BatchEvaluator, runs: number): Promise<Rate> {
  // Warm-up: JIT (and, for the pool, every thread's first runs) outside the timing.
  const w0 = performance.now();
  await search(base, GOALS, { seed: 99, budget: 16 }, evaluate);
  const cold = 16 / ((performance.now() - w0) / 1000);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await search(base, GOALS, { seed: 1, budget: runs }, evaluate);
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  if (r.candidates.length !== runs) throw new Error('the search stopped early');
  return { wall: runs / seconds, cpu: runs / ((c.user + c.system) / 1e6), cold };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export async function searchFigures(defaultText: string, threadUrl: URL): Promise<SearchFigures> {
  const maxWork = 20_000_000;
  const prepared = prepareSearch(parseScenario(defaultText), maxWork);
  if (!prepared.ok) throw new Error(prepared.error);
  const base = prepared.search.base;
  const runs = 96;
  const cores = Math.max(1, availableParallelism());
  // Shared (the search as it runs) and unshared (each candidate sampling its own curves), each
  // measured twice in turn after both warmed up, the better kept: the order must not favour one.
  const shared = localEvaluator(prepared.search.evaluate);
  const alone = localEvaluator((patch) => evaluateCandidate(base, patch));
  await rate(base, alone, 16);
  const pick = (a: Rate, b: Rate) => (a.cpu >= b.cpu ? a : b);
  let perCore = await rate(base, shared, runs);
  let unshared = await rate(base, alone, runs);
  perCore = pick(perCore, await rate(base, shared, runs));
  unshared = pick(unshared, await rate(base, alone, runs));
  let allCores = perCore.wall;
  let coldAllCores = perCore.cold;
  if (cores > 1) {
    const pool = createThreadPool(threadUrl);
    const abort = new AbortController();
    const opened = await openSearch(
      pool,
      { text: defaultText, maxWork },
      { workers: cores, signal: abort.signal },
    );
    if (!opened.ok) throw new Error(opened.error);
    const all = await rate(base, opened.session.evaluate, runs);
    allCores = all.wall;
    coldAllCores = all.cold;
    opened.session.close();
    pool.dispose();
  }
  return {
    runs,
    perCore: round1(perCore.wall),
    perCpuSecond: round1(perCore.cpu),
    perCpuSecondUnshared: round1(unshared.cpu),
    allCores: round1(allCores),
    coldAllCores: round1(coldAllCores),
    cores,
    speedUp: Math.round((allCores / perCore.wall) * 100) / 100,
    load: Math.round(loadavg()[0]! * 10) / 10,
  };
}
