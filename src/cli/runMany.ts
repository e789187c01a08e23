// `run` over several paths, directories or globs: each autoscaler found runs as `run FILE --hpa
// NAME` would, under a heading (table) or as one JSON object a line (json). One file keeps
// `run`'s own reading: its first autoscaler, or --hpa's.

import { statSync } from 'node:fs';
import type { Io } from './args.ts';
import { collectTargets } from './fleet.ts';
import { problemLine } from './problems.ts';
import { isGlob } from './walk.ts';

/** A command line that names more than one file's worth of manifests. */
export function namesMany(paths: readonly string[]): boolean {
  if (paths.length !== 1) return paths.length > 1;
  const p = paths[0]!;
  if (p === '-') return false;
  try {
    return statSync(p).isDirectory();
  } catch {
    return isGlob(p);
  }
}

export function runMany(
  paths: readonly string[],
  flags: string[],
  format: string,
  runOne: (argv: string[], io: Io) => number,
  io: Io,
): number {
  if (format === 'csv' || format === 'runs-csv' || format === 'kpis-csv')
    return io.usage(`--format ${format} takes one autoscaler: name one file (and --hpa NAME)`);
  const found = collectTargets({ paths });
  found.problems.forEach((p) => io.err(problemLine(p)));
  let worst = found.problems.some((p) => p.severity === 'error') ? 2 : 0;
  if (found.found === 0) {
    io.err(
      `hpa-sim: error: no HorizontalPodAutoscaler, ScaledObject or FederatedHPA in ${found.filesRead} file(s)`,
    );
    return 2;
  }
  found.targets.forEach((t, i) => {
    if (format !== 'json')
      io.out(`${i ? '\n' : ''}== ${t.display}:${t.line} ${t.kind} ${t.name} ==`);
    const code = runOne([t.file, ...flags, '--hpa', t.selector], io);
    worst = Math.max(worst, code);
  });
  return worst;
}
