// `check` (and `run`) over many autoscalers: the paths expanded, every file scanned for
// autoscalers, this shard's share judged, each with its own verdict. `judgeFiles` is the unit of
// work a fleet worker thread runs (fleetPool.ts): plain data in and out, so the verdicts are the
// same with one thread or many.

import type { Kpis } from '../engine/simulation/index.ts';
import type { Diagnostic } from '../scenario/index.ts';
import { judgeParsed, type Check, type Limits } from './judge.ts';
import type { Problem } from './problems.ts';
import { scanFile, shardOf, type Target } from './targets.ts';
import { expandPaths } from './walk.ts';

export type Status = 'passed' | 'failed' | 'invalid';

/** Where an autoscaler is and what it is: its Target without the parse. */
export type TargetRef = Omit<Target, 'parsed' | 'text'>;

export interface FleetRun {
  key: string;
  role: 'hpa' | 'variant' | 'cluster' | 'model';
  name: string;
  gated: boolean;
  checks: Check[];
  kpis: Kpis;
}

export interface FleetEntry {
  target: TargetRef;
  status: Status;
  runs: FleetRun[];
  federated: boolean;
  /** why it is invalid (errors), and the parse's warnings */
  problems: Problem[];
}

export interface Fleet {
  entries: FleetEntry[];
  /** problems outside any autoscaler: a path that does not exist, an unreadable file */
  problems: Problem[];
  filesRead: number;
  filesSkipped: number;
  /** autoscalers found in every shard */
  found: number;
}

export interface Selection {
  paths: readonly string[];
  shard?: { index: number; count: number };
  /** the file named alone is read even without an autoscaler word (its errors are reported) */
  strictSingle?: boolean;
}

/** One file's share of a fleet: its judged autoscalers and its own problems. */
export interface FileVerdicts {
  entries: FleetEntry[];
  problems: Problem[];
  skipped: boolean;
  found: number;
}

/** Every file of the selection, in order, each once (`-` for stdin), and the walk's problems. */
export function selectionFiles(sel: Selection): { files: string[]; problems: Problem[] } {
  const expanded = expandPaths(sel.paths);
  return { files: expanded.files, problems: expanded.problems };
}

const mineIn = (shard: Selection['shard']) => (id: string) =>
  !shard || shardOf(id, shard.count) === shard.index;

/** Scan one file and judge this shard's autoscalers in it (`only`: names kept, --hpa). */
export function judgeFile(
  file: string,
  strict: boolean,
  shard: Selection['shard'],
  limits: Limits,
  only: string | undefined,
): FileVerdicts {
  const mine = mineIn(shard);
  const scan = scanFile(file, strict);
  const targets = scan.targets
    .filter((t) => mine(t.id))
    .filter((t) => only === undefined || t.name === only || t.name.endsWith(`/${only}`));
  return {
    entries: targets.map((t) => judgeTarget(t, limits)),
    // A file's own problems are reported by the shard its name falls in, once over all shards.
    problems: mine(`${scan.display}#`) ? scan.problems : [],
    skipped: scan.skipped,
    found: scan.targets.length,
  };
}

/** The verdicts of every file, merged in file order into a fleet. */
export function mergeFleet(
  walked: { files: string[]; problems: Problem[] },
  perFile: readonly FileVerdicts[],
): Fleet {
  return {
    entries: perFile.flatMap((f) => f.entries),
    problems: [...walked.problems, ...perFile.flatMap((f) => f.problems)],
    filesRead: walked.files.length,
    filesSkipped: perFile.filter((f) => f.skipped).length,
    found: perFile.reduce((n, f) => n + f.found, 0),
  };
}

/** Every autoscaler of the selection (this shard's), found but not run (`run` over many). */
export function collectTargets(sel: Selection): {
  targets: Target[];
  problems: Problem[];
  filesRead: number;
  filesSkipped: number;
  found: number;
} {
  const walked = selectionFiles(sel);
  const problems = [...walked.problems];
  const targets: Target[] = [];
  let skipped = 0;
  let found = 0;
  const mine = mineIn(sel.shard);
  for (const file of walked.files) {
    const scan = scanFile(file, sel.strictSingle === true && walked.files.length === 1);
    if (scan.skipped) skipped++;
    if (mine(`${scan.display}#`)) problems.push(...scan.problems);
    found += scan.targets.length;
    targets.push(...scan.targets.filter((t) => mine(t.id)));
  }
  return { targets, problems, filesRead: walked.files.length, filesSkipped: skipped, found };
}

export function locate(display: string, d: Diagnostic): Problem {
  return {
    file: display,
    line: d.line,
    column: d.column,
    severity: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'info',
    message: d.path ? `${d.message} (${d.path})` : d.message,
  };
}

function refOf(t: Target): TargetRef {
  const { parsed: _parsed, text: _text, ...ref } = t;
  return ref;
}

/** One autoscaler judged: invalid (its errors), or passed/failed with every run's checks. */
export function judgeTarget(target: Target, limits: Limits): FleetEntry {
  const p = target.parsed;
  const ref = refOf(target);
  const errors = p.diagnostics.filter((d) => d.severity === 'error');
  const warnings = p.diagnostics
    .filter((d) => d.severity === 'warning')
    .map((d) => locate(target.display, d));
  const invalid = (problems: Problem[]): FleetEntry => ({
    target: ref,
    status: 'invalid',
    runs: [],
    federated: false,
    problems,
  });
  if (!p.ok || errors.length > 0 || !p.input)
    return invalid(
      errors.length
        ? errors.map((d) => locate(target.display, d))
        : [
            {
              file: target.display,
              line: target.line,
              severity: 'error',
              message: 'the scenario is not valid',
            },
          ],
    );
  const j = judgeParsed(p, limits);
  if (!j.ok)
    return invalid([
      { file: target.display, line: target.line, severity: 'error', message: j.error },
    ]);
  return {
    target: ref,
    status: j.passed ? 'passed' : 'failed',
    runs: j.runs.map((r) => ({
      key: r.key,
      role: r.role,
      name: r.name,
      gated: r.gated,
      checks: r.checks,
      kpis: r.result.kpis,
    })),
    federated: j.federated,
    problems: warnings,
  };
}

/** 0 every gated check met, 1 some not, 2 bad input anywhere (it wins: the gate saw too little). */
export function fleetExit(fleet: Fleet): number {
  if (fleet.problems.some((p) => p.severity === 'error')) return 2;
  if (fleet.entries.some((e) => e.status === 'invalid')) return 2;
  if (fleet.found === 0) return 2;
  return fleet.entries.some((e) => e.status === 'failed') ? 1 : 0;
}
