// `npm run bench [-- --json]`: speed figures against DESIGN.md §6 budgets. Reported, not asserted.

import { reconcileAutoscaler } from '../src/engine/controller/index.ts';
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

export function collectFigures(): Figure[] {
  return [reconcileFigure(10, 2), reconcileFigure(1000, 100)];
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
    process.stdout.write(
      `${f.name.padEnd(44)} ${String(f.value).padStart(10)} ${f.unit}  (budget ${f.budget} ${f.unit}, ${mark})\n`,
    );
  }
}
