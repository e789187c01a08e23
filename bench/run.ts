// `npm run bench [-- --json]`: speed figures against DESIGN.md §6 budgets. Reported, not asserted.

import { reconcileAutoscaler } from '../src/engine/controller/index.ts';
import type { SimulationResult } from '../src/engine/simulation/index.ts';
import { executeRun } from '../src/run/index.ts';
import { diurnalInput } from './simulationFixture.ts';
import { measure, round } from './measure.ts';
import { BENCH_CONFIG, BENCH_NOW, cpuObservation } from './reconcileFixture.ts';

interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: number;
  detail?: Record<string, number>;
}

function reconcileFigure(pods: number, budget: number): Figure {
  const { obs, memory } = cpuObservation(pods);
  let sink = 0;
  const t = measure(() => {
    sink += reconcileAutoscaler(obs, memory, BENCH_NOW, BENCH_CONFIG).replicas;
  });
  if (sink === 0) throw new Error('bench fixture produced no replicas');
  return {
    name: `reconcile.cpu.behavior.${pods}pods.median`,
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

/** Time one simulation run (best of `runs`), and the heap its result keeps alive. */
function simulationRun(
  days: number,
  peakPods: number,
  runs: number,
): { ms: number; heapMB: number; result: SimulationResult } {
  let best = Infinity;
  let result: SimulationResult | null = null;
  let heapMB = 0;
  for (let i = 0; i < runs; i++) {
    result = null;
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const out = executeRun({
      key: 'main',
      role: 'hpa',
      name: 'bench',
      input: diurnalInput(days, peakPods),
    });
    const ms = performance.now() - t0;
    if (!out.ok) throw new Error(out.error);
    result = out.result;
    (globalThis as { gc?: () => void }).gc?.();
    heapMB = Math.max(heapMB, (process.memoryUsage().heapUsed - before) / 1e6);
    best = Math.min(best, ms);
  }
  return { ms: best, heapMB, result: result! };
}

/** The floor: a loop that only touches each pod once per sync, with the run's own pod counts. */
function baselineMs(result: SimulationResult): number {
  const counts = result.series.specReplicas;
  const max = Math.max(...counts);
  const pods = Array.from({ length: max }, (_, i) => ({ cpu: i % 7, ready: i % 3 !== 0 }));
  let best = Infinity;
  let sink = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let k = 0; k < counts.length; k++) {
      const n = counts[k]!;
      for (let i = 0; i < n; i++) {
        const p = pods[i]!;
        if (p.ready) sink += p.cpu;
      }
    }
    best = Math.min(best, performance.now() - t0);
  }
  if (sink < 0) throw new Error('unreachable');
  return best;
}

function simulationFigures(): Figure[] {
  const day = simulationRun(1, 200, 3);
  const week = simulationRun(7, 1000, 1);
  const weekBase = baselineMs(week.result);
  const dayBase = baselineMs(day.result);
  return [
    {
      name: 'simulate.24h.15s.200pods',
      value: round(day.ms, 1),
      unit: 'ms',
      budget: 20,
      detail: {
        baselineMs: round(dayBase, 2),
        ratioToBaseline: round(day.ms / dayBase, 1),
        syncs: day.result.series.time.length,
      },
    },
    {
      name: 'simulate.7d.15s.1000pods',
      value: round(week.ms, 1),
      unit: 'ms',
      budget: 500,
      detail: {
        baselineMs: round(weekBase, 2),
        ratioToBaseline: round(week.ms / weekBase, 1),
        syncs: week.result.series.time.length,
      },
    },
    {
      name: 'simulate.7d.15s.1000pods.resultHeap',
      value: round(week.heapMB, 1),
      unit: 'MB',
      budget: 200,
    },
  ];
}

export function collectFigures(): Figure[] {
  return [reconcileFigure(10, 2), reconcileFigure(1000, 100), ...simulationFigures()];
}

const json = process.argv.includes('--json');
const figures = collectFigures();
if (json) {
  const out: Record<string, unknown> = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
  for (const f of figures)
    out[f.name] = { value: f.value, unit: f.unit, budget: f.budget, ...f.detail };
  process.stdout.write(JSON.stringify(out, null, 2) + '\n');
} else {
  for (const f of figures) {
    const mark = f.value <= f.budget ? 'within' : 'OVER';
    const d = f.detail;
    const extra =
      d?.ratioToBaseline !== undefined
        ? `; ${d.ratioToBaseline}× a loop touching each pod once per sync (${d.baselineMs} ms)`
        : '';
    process.stdout.write(
      `${f.name.padEnd(44)} ${String(f.value).padStart(10)} ${f.unit}  (budget ${f.budget} ${f.unit}, ${mark}${extra})\n`,
    );
  }
}
