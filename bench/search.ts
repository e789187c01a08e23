// The policy search's throughput (issue 10): full simulations of the default scenario per second
// on one core (the search evaluating in-process), and with a worker thread per core (`cli tune`'s
// pool), hence the speed-up. Reported, never asserted.

import { availableParallelism } from 'node:os';
import { createPool } from '../src/cli/tunePool.ts';
import { parseScenario } from '../src/scenario/index.ts';
import {
  podHoursObjective,
  search,
  tuneBase,
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
  allCores: number;
  cores: number;
  speedUp: number;
}

const GOALS: Goals = {
  constraints: [
    { flag: 'max-unmet-demand-percent', limit: 0.5 },
    { flag: 'max-reversals', limit: 4 },
  ],
  objective: podHoursObjective(),
};

async function rate(
  base: TuneBase,
  evaluate: BatchEvaluator,
  runs: number,
): Promise<{ wall: number; cpu: number }> {
  // Warm-up: JIT (and, for the pool, every thread's first run) outside the timing.
  await search(base, GOALS, { seed: 99, budget: 8 }, evaluate);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await search(base, GOALS, { seed: 1, budget: runs }, evaluate);
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  if (r.candidates.length !== runs) throw new Error('the search stopped early');
  return { wall: runs / seconds, cpu: runs / ((c.user + c.system) / 1e6) };
}

export async function searchFigures(defaultText: string, workerUrl: URL): Promise<SearchFigures> {
  const prepared = tuneBase(parseScenario(defaultText), 20_000_000);
  if (!prepared.ok) throw new Error(prepared.error);
  const base = prepared.base;
  const runs = 48;
  const cores = Math.max(1, availableParallelism());
  const one = createPool(base, 1, workerUrl);
  const perCore = await rate(base, one.evaluate, runs);
  await one.close();
  const all = createPool(base, cores, workerUrl);
  const allCores = cores > 1 ? (await rate(base, all.evaluate, runs)).wall : perCore.wall;
  await all.close();
  return {
    runs,
    perCore: Math.round(perCore.wall * 10) / 10,
    perCpuSecond: Math.round(perCore.cpu * 10) / 10,
    allCores: Math.round(allCores * 10) / 10,
    cores,
    speedUp: Math.round((allCores / perCore.wall) * 100) / 100,
  };
}
