// `check` (and `run`) over many autoscalers: the paths expanded, every file scanned for
// autoscalers, this shard's share judged, each with its own verdict.

import type { Diagnostic } from '../scenario/index.ts';
import { judgeParsed, type Limits, type RunVerdict } from './judge.ts';
import type { Problem } from './problems.ts';
import { scanFile, shardOf, type Target } from './targets.ts';
import { expandPaths } from './walk.ts';

export type Status = 'passed' | 'failed' | 'invalid';

export interface FleetEntry {
  target: Target;
  status: Status;
  runs: RunVerdict[];
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

/** Every autoscaler of the selection (this shard's), found but not run. */
export function collectTargets(sel: Selection): {
  targets: Target[];
  problems: Problem[];
  filesRead: number;
  filesSkipped: number;
  found: number;
} {
  const expanded = expandPaths(sel.paths);
  const problems = [...expanded.problems];
  const targets: Target[] = [];
  let skipped = 0;
  let found = 0;
  const mine = (id: string) => !sel.shard || shardOf(id, sel.shard.count) === sel.shard.index;
  for (const file of expanded.files) {
    const scan = scanFile(file, sel.strictSingle === true && expanded.files.length === 1);
    if (scan.skipped) skipped++;
    // A file's own problems are reported by the shard its name falls in, once over all shards.
    if (mine(`${scan.display}#`)) problems.push(...scan.problems);
    found += scan.targets.length;
    targets.push(...scan.targets.filter((t) => mine(t.id)));
  }
  return { targets, problems, filesRead: expanded.files.length, filesSkipped: skipped, found };
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

/** One autoscaler judged: invalid (its errors), or passed/failed with every run's checks. */
export function judgeTarget(target: Target, limits: Limits): FleetEntry {
  const p = target.parsed;
  const errors = p.diagnostics.filter((d) => d.severity === 'error');
  const warnings = p.diagnostics
    .filter((d) => d.severity === 'warning')
    .map((d) => locate(target.display, d));
  const invalid = (problems: Problem[]): FleetEntry => ({
    target,
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
    target,
    status: j.passed ? 'passed' : 'failed',
    runs: j.runs,
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
