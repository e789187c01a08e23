// `npm run bench:worst`: the worst valid scenarios the work budget allows, one per cost it counts,
// each run in its own process so its peak memory (max RSS) is its own. Prints parse + simulate
// time (CPU and wall) and peak memory against the targets (5 s, 500 MB). Reported, never asserted.
//   --json          one JSON object instead of the table
//   --max-work N    a budget other than the default
//   --case K        (internal) run case K in this process and print its figures as JSON

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simulate } from '../src/engine/simulation/index.ts';
import { DEFAULT_MAX_WORK, parseScenario } from '../src/scenario/index.ts';
import { WORST_CASES, worstWithinBudget } from './worstScenarios.ts';

const TARGET_SECONDS = 5;
const TARGET_MB = 500;

interface Figures {
  name: string;
  durationSeconds: number;
  units: number;
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

function runCase(index: number, maxWork: number): Figures {
  const c = WORST_CASES[index]!;
  const worst = worstWithinBudget(c.shape, maxWork);
  const base = { name: c.name, durationSeconds: 0, units: 0, syncs: 0 };
  if (!worst) {
    const zero = { cpuSeconds: 0, wallSeconds: 0, peakMB: 0, resultMB: 0 };
    return { ...base, ...zero, error: 'no duration fits the budget' };
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const parsed = parseScenario(worst.text, { maxWork });
  const outcome = parsed.ok ? simulate(parsed.input!) : null;
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  gc?.();
  const heap1 = process.memoryUsage().heapUsed;
  const figures: Figures = {
    ...base,
    durationSeconds: worst.durationSeconds,
    units: worst.units,
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
  for (let i = 0; i < WORST_CASES.length; i++) {
    const r = spawnSync(
      process.execPath,
      ['--expose-gc', self, '--case', String(i), '--max-work', String(maxWork)],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    try {
      all.push(JSON.parse(r.stdout) as Figures);
    } catch {
      const why = (r.stderr || `exit ${r.status} ${r.signal ?? ''}`).trim().split('\n').pop();
      all.push({
        name: WORST_CASES[i]!.name,
        durationSeconds: 0,
        units: 0,
        syncs: 0,
        cpuSeconds: 0,
        wallSeconds: 0,
        peakMB: 0,
        resultMB: 0,
        error: `the case process failed: ${why}`,
      });
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
  console.log('case | duration s | units | syncs | cpu s | wall s | peak MB | result MB');
  for (const f of all) {
    const cells = [
      f.name,
      f.durationSeconds,
      Math.round(f.units).toLocaleString('en-US'),
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
