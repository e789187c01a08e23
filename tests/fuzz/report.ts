// The long run's report: one process's figures, several processes' merged, and the summary
// printed. `run.ts` starts one process per core (`--procs`, each its own RSS and CPU clock, so
// the memory and hang invariants stay per input) and merges what they write here.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Finding, Target } from './checks.ts';

export interface TargetFigures {
  inputs: number;
  crashes: number;
  invariants: number;
  hangs: number;
  memory: number;
  /** CPU time of the slowest input, and the longest wall time */
  slowestMs: number;
  slowestWallMs: number;
  /** CPU time of all its inputs */
  cpuMs: number;
}

export const noFigures = (): TargetFigures => ({
  inputs: 0,
  crashes: 0,
  invariants: 0,
  hangs: 0,
  memory: 0,
  slowestMs: 0,
  slowestWallMs: 0,
  cpuMs: 0,
});

export interface Report {
  seed: number;
  processes: number;
  inputs: number;
  validScenarios: number;
  simulated: number;
  stoppedByMeter: number;
  crashes: number;
  hangs: number;
  invariants: number;
  memory: number;
  hangSeconds: number;
  memoryLimitMB: number;
  slowestMs: number;
  slowestWallMs: number;
  /** the largest RSS of any one process */
  peakMB: number;
  /** the most one input raised its process's RSS, the most a process kept alive (memory.ts) */
  inputMB?: number;
  liveMB?: number;
  /** wall time, and the CPU time of every process together */
  seconds: number;
  cpuSeconds: number;
  targets: Record<string, TargetFigures>;
  /** stopped before the end (the figures are how far it got) */
  stopped?: boolean;
}

export type Example = Finding & { ms?: number };
export interface Outcome {
  report: Report;
  examples: Example[];
}

const SUMMED = [
  'inputs',
  'validScenarios',
  'simulated',
  'stoppedByMeter',
  'crashes',
  'hangs',
  'invariants',
  'memory',
  'cpuSeconds',
] as const;
const MAXED = ['slowestMs', 'slowestWallMs', 'peakMB'] as const;

/** Several processes' outcomes as one (sums, maxima; the first examples of each). */
export function mergeOutcomes(parts: Outcome[], seconds: number): Outcome {
  if (parts.length === 0) throw new Error('no fuzz process wrote its figures');
  const report: Report = { ...parts[0]!.report, processes: parts.length, seconds, targets: {} };
  for (const k of SUMMED) report[k] = parts.reduce((n, p) => n + p.report[k], 0);
  for (const k of MAXED) report[k] = Math.max(...parts.map((p) => p.report[k]));
  for (const k of ['inputMB', 'liveMB'] as const)
    report[k] = Math.max(...parts.map((p) => p.report[k] ?? 0));
  report.cpuSeconds = Math.round(report.cpuSeconds);
  for (const p of parts)
    for (const [t, f] of Object.entries(p.report.targets)) {
      const m = (report.targets[t] ??= noFigures());
      for (const k of ['inputs', 'crashes', 'invariants', 'hangs', 'memory', 'cpuMs'] as const)
        m[k] += f[k];
      m.slowestMs = Math.max(m.slowestMs, f.slowestMs);
      m.slowestWallMs = Math.max(m.slowestWallMs, f.slowestWallMs);
    }
  const examples: Example[] = [];
  for (const e of parts.flatMap((p) => p.examples))
    if (examples.filter((x) => x.message === e.message).length < 2 && examples.length < 50)
      examples.push(e);
  return { report, examples };
}

/**
 * Run `procs` copies of this script, each on its share of the batches (`--shard i/N`), and merge
 * what they write. A copy that dies is a crash of the run, said with its exit status.
 */
export async function fanOut(procs: number, argv: readonly string[]): Promise<Outcome> {
  const started = performance.now();
  mkdirSync('reports/fuzz', { recursive: true });
  const files = Array.from({ length: procs }, (_, i) => `reports/fuzz/part-${i}.json`);
  files.forEach((f) => rmSync(f, { force: true }));
  const children = files.map((out, i) =>
    spawn(
      process.execPath,
      [...process.execArgv, process.argv[1]!, ...argv, '--shard', `${i}/${procs}`, '--out', out],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    ),
  );
  // Stopped (SIGTERM, Ctrl-C): each process has written its figures after its last batch; the
  // report says how far the run got.
  let stopped = false;
  const stop = () => {
    stopped = true;
    children.forEach((c) => c.kill('SIGTERM'));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const parts = await Promise.all(
    children.map(
      (child, i) =>
        new Promise<Outcome | null>((resolve, reject) =>
          child.on('exit', (code, signal) => {
            const part = existsSync(files[i]!)
              ? (JSON.parse(readFileSync(files[i]!, 'utf8')) as Outcome)
              : null;
            if (code === 0 || code === 1 || stopped) resolve(part);
            else reject(new Error(`fuzz process ${i}/${procs} ended with ${signal ?? code}`));
          }),
        ),
    ),
  );
  const merged = mergeOutcomes(
    parts.filter((p): p is Outcome => p !== null),
    Math.round((performance.now() - started) / 1000),
  );
  if (stopped) merged.report.stopped = true;
  return merged;
}

/** The summary (or the report as JSON), findings.json, and the exit status. */
export function printOutcome({ report, examples }: Outcome, json: boolean): void {
  mkdirSync('reports/fuzz', { recursive: true });
  writeFileSync('reports/fuzz/findings.json', JSON.stringify({ report, examples }, null, 2));
  if (json) process.stdout.write(JSON.stringify(report) + '\n');
  else {
    const r = report;
    console.log(
      `fuzz${r.stopped ? ' (stopped)' : ''}: ${r.inputs.toLocaleString('en-US')} inputs (seed ${r.seed}, ${r.processes} process(es)) in ${r.seconds} s wall, ${r.cpuSeconds} s CPU: ` +
        `${r.crashes} crashes, ${r.hangs} hangs (> ${r.hangSeconds} s), ${r.memory} over ${r.memoryLimitMB} MB, ${r.invariants} broken invariants; ` +
        `${r.validScenarios} valid scenarios, ${r.simulated} run, ${r.stoppedByMeter} of them stopped by the work meter (located); ` +
        `slowest input ${r.slowestMs} ms CPU (${r.slowestWallMs} ms wall), peak memory ${r.peakMB} MB (one process), ` +
        `at most ${r.inputMB ?? '?'} MB added by one input, ${r.liveMB ?? '?'} MB kept alive`,
    );
    for (const [t, f] of Object.entries(r.targets))
      console.log(
        `  ${t}: ${f.inputs} inputs, ${f.crashes} crashes, ${f.hangs} hangs, ${f.memory} memory, ${f.invariants} invariants, slowest ${Math.round(f.slowestMs)} ms CPU (${Math.round(f.slowestWallMs)} ms wall), ${(f.cpuMs / Math.max(1, f.inputs)).toFixed(1)} ms CPU per input`,
      );
    for (const e of examples.slice(0, 10))
      console.log(`  ${e.kind} (${e.target}): ${e.message.slice(0, 200)}`);
    if (examples.length) console.log('  details: reports/fuzz/findings.json');
  }
  process.exitCode = report.crashes + report.hangs + report.memory + report.invariants > 0 ? 1 : 0;
}

export type { Target };
