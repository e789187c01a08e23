// `npm run bench:worst`: the worst valid scenarios the work budget allows, one per cost it counts,
// each run in its own process so its peak memory (max RSS) is its own. Prints parse + simulate
// time (CPU and wall) and peak memory against the targets (5 s, 500 MB), and the estimate (worst
// and certain, scenario/budget.ts) beside what the engine's work meter measured, in the same
// units. Every run carries the budget: a fixed case past it is stopped by the meter (shown as
// "stopped at …"). Reported, never asserted.
//   --json          one JSON object instead of the table
//   --max-work N    a budget other than the default
//   --case K        (internal) run case K in this process and print its figures as JSON

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simulate, WorkMeter } from '../src/engine/simulation/index.ts';
import {
  DEFAULT_MAX_WORK,
  MICROSECONDS_PER_UNIT,
  estimateWork,
  parseScenario,
} from '../src/scenario/index.ts';
import { FIXED_CASES, WORST_CASES, worstWithinBudget } from './worstScenarios.ts';

const TARGET_SECONDS = 5;
const TARGET_MB = 500;

interface Figures {
  name: string;
  durationSeconds: number;
  units: number;
  /** what the engine's meter counted (units), and the certain lower bound the parse refuses on */
  measuredUnits: number;
  certainUnits: number;
  /** the estimate in seconds (units × 0.25 µs): the worst case, and what is certain */
  estimateSeconds: number;
  certainSeconds: number;
  syncs: number;
  cpuSeconds: number;
  wallSeconds: number;
  peakMB: number;
  resultMB: number;
  error?: string;
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}

/** Case `index`: the stretched worst cases first, then the fixed ones. */
function caseText(
  index: number,
  maxWork: number,
): { name: string; text: string; duration: number } | { name: string; error: string } {
  if (index < WORST_CASES.length) {
    const c = WORST_CASES[index]!;
    const worst = worstWithinBudget(c.shape, maxWork);
    if (!worst) return { name: c.name, error: 'no duration fits the budget' };
    return { name: c.name, text: worst.text, duration: worst.durationSeconds };
  }
  const f = FIXED_CASES[index - WORST_CASES.length]!;
  return { name: f.name, text: f.text(), duration: 0 };
}

const ZERO = {
  durationSeconds: 0,
  units: 0,
  measuredUnits: 0,
  certainUnits: 0,
  estimateSeconds: 0,
  certainSeconds: 0,
  syncs: 0,
  cpuSeconds: 0,
  wallSeconds: 0,
  peakMB: 0,
  resultMB: 0,
};

function runCase(index: number, maxWork: number): Figures {
  const c = caseText(index, maxWork);
  if ('error' in c) return { name: c.name, ...ZERO, error: c.error };
  // Every case runs with the budget on the engine's meter, as the app and the CLI run it.
  const budget = maxWork;
  const meter = new WorkMeter(budget);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const parsed = parseScenario(c.text, { maxWork: budget });
  const outcome = parsed.ok ? simulate(parsed.input!, { meter }) : null;
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  gc?.();
  const heap1 = process.memoryUsage().heapUsed;
  const estimate = parsed.ok ? estimateWork(parsed.input!) : null;
  const seconds = (units: number) => (units * MICROSECONDS_PER_UNIT) / 1e6;
  const figures: Figures = {
    name: c.name,
    durationSeconds: parsed.input?.durationSeconds ?? c.duration,
    units: estimate?.units ?? 0,
    measuredUnits: meter.units(),
    certainUnits: estimate?.certainUnits ?? 0,
    estimateSeconds: seconds(estimate?.units ?? 0),
    certainSeconds: seconds(estimate?.certainUnits ?? 0),
    syncs: outcome?.ok ? outcome.result.series.time.length : 0,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    wallSeconds: wall / 1000,
    peakMB: process.resourceUsage().maxRSS / 1024,
    resultMB: (heap1 - heap0) / 1e6,
  };
  if (!parsed.ok) figures.error = parsed.diagnostics[0]?.message ?? 'not valid';
  else if (outcome && !outcome.ok) figures.error = outcome.error;
  return figures;
}

function main(): void {
  const maxWork = Number(flag('max-work') ?? DEFAULT_MAX_WORK);
  const caseArg = flag('case');
  if (caseArg !== undefined) {
    process.stdout.write(JSON.stringify(runCase(Number(caseArg), maxWork)));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const all: Figures[] = [];
  const names = [...WORST_CASES.map((c) => c.name), ...FIXED_CASES.map((c) => c.name)];
  for (let i = 0; i < names.length; i++) {
    const r = spawnSync(
      process.execPath,
      ['--expose-gc', self, '--case', String(i), '--max-work', String(maxWork)],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    try {
      all.push(JSON.parse(r.stdout) as Figures);
    } catch {
      const why = (r.stderr || `exit ${r.status} ${r.signal ?? ''}`).trim().split('\n').pop();
      all.push({ name: names[i]!, ...ZERO, error: `the case process failed: ${why}` });
    }
  }
  const worstCpu = Math.max(0, ...all.map((f) => f.cpuSeconds));
  const worstPeak = Math.max(0, ...all.map((f) => f.peakMB));
  if (process.argv.includes('--json')) {
    process.stdout.write(
      JSON.stringify({ maxWork, targets: { seconds: TARGET_SECONDS, mb: TARGET_MB }, cases: all }) +
        '\n',
    );
    return;
  }
  const r1 = (n: number) => n.toFixed(1);
  console.log(`worst valid scenarios within a work budget of ${maxWork.toLocaleString('en-US')}`);
  console.log(
    'case | duration s | units: certain ≤ measured ≤ worst | estimate s (worst / certain) | syncs | cpu s | wall s | peak MB | result MB',
  );
  for (const f of all) {
    const cells = [
      f.name,
      f.durationSeconds,
      [f.certainUnits, f.measuredUnits, f.units]
        .map((u) => Math.round(u).toLocaleString('en-US'))
        .join(' ≤ '),
      `${r1(f.estimateSeconds)} / ${r1(f.certainSeconds)}`,
      f.syncs,
      r1(f.cpuSeconds),
      r1(f.wallSeconds),
      Math.round(f.peakMB),
      Math.round(f.resultMB),
    ];
    console.log(cells.join(' | ') + (f.error ? ` | ERROR ${f.error}` : ''));
  }
  console.log(
    `worst: ${r1(worstCpu)} s CPU (target ≤ ${TARGET_SECONDS} s), ${Math.round(worstPeak)} MB peak (target ≤ ${TARGET_MB} MB)`,
  );
}

main();
