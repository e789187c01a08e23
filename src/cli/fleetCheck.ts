// `check` over a fleet: a line per autoscaler (PASS, FAIL with the thresholds it misses, or its
// errors), a summary, and the reports asked for. The text goes to stderr when a report takes
// stdout, so `--report sarif > out.sarif` stays a clean file.

import { writeFileSync } from 'node:fs';
import type { Io } from './args.ts';
import {
  fleetExit,
  judgeFile,
  mergeFleet,
  selectionFiles,
  type Fleet,
  type Selection,
} from './fleet.ts';
import type { Limits } from './judge.ts';
import { problemLine } from './problems.ts';
import { renderReport, type ReportRequest } from './reporters/index.ts';

/** The fleet judged here, file by file (the synchronous path: `main()`, one worker). */
export function judgeFleet(sel: Selection, limits: Limits, hpa: string | undefined): Fleet {
  const walked = selectionFiles(sel);
  const strict = sel.strictSingle === true && walked.files.length === 1;
  return mergeFleet(
    walked,
    walked.files.map((f) => judgeFile(f, strict, sel.shard, limits, hpa)),
  );
}

export function fleetCheck(
  sel: Selection,
  limits: Limits,
  hpa: string | undefined,
  reports: readonly ReportRequest[],
  io: Io,
): number {
  return reportFleet(judgeFleet(sel, limits, hpa), sel, reports, io);
}

/** The verdicts as text (a line per autoscaler, a summary) and the reports; the exit status. */
export function reportFleet(
  fleet: Fleet,
  sel: Selection,
  reports: readonly ReportRequest[],
  io: Io,
): number {
  const toStdout = reports.some((r) => r.file === null);
  const say = toStdout ? io.err : io.out;
  for (const p of fleet.problems) io.err(problemLine(p));
  for (const e of fleet.entries) {
    const where = `${e.target.display}:${e.target.line}`;
    const who = `${e.target.kind} ${e.target.name}`;
    if (e.status === 'invalid') {
      // The verdict is a line of the report; its errors are diagnostics, on stderr like every
      // other error (a CI log or `2>errors.txt` gets them whatever takes stdout).
      say(`ERROR ${where} ${who}`);
      e.problems.forEach((p) => io.err(problemLine(p)));
      continue;
    }
    const misses = e.runs
      .filter((r) => r.gated)
      .flatMap((r) =>
        r.checks
          .filter((c) => !c.ok)
          .map(
            (c) =>
              `${e.runs.length > 1 ? `${r.name}: ` : ''}${c.label} ${c.value} (${c.bound} ${c.limit})`,
          ),
      );
    say(
      `${e.status === 'passed' ? 'PASS' : 'FAIL'} ${where} ${who}${misses.length ? `: ${misses.join('; ')}` : ''}`,
    );
  }
  const n = (s: string) => fleet.entries.filter((e) => e.status === s).length;
  const shard = sel.shard
    ? ` (shard ${sel.shard.index + 1}/${sel.shard.count} of ${fleet.found})`
    : '';
  const skipped = fleet.filesSkipped ? `; ${fleet.filesSkipped} with no autoscaler skipped` : '';
  if (fleet.found === 0)
    io.err(
      `hpa-sim: error: no HorizontalPodAutoscaler, ScaledObject or FederatedHPA in ${fleet.filesRead} file(s) read under ${sel.paths.join(' ')}`,
    );
  say(
    `${fleet.entries.length} autoscaler(s)${shard} in ${fleet.filesRead} file(s)${skipped}: ${n('passed')} met every threshold, ${n('failed')} did not, ${n('invalid')} invalid`,
  );
  for (const r of reports) {
    const text = renderReport(r.format, fleet);
    if (r.file === null) io.out(text);
    else {
      try {
        writeFileSync(r.file, text + '\n');
      } catch (e) {
        io.err(
          `${r.file}: error: cannot write the ${r.format} report (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
        );
        return 2;
      }
    }
  }
  return fleetExit(fleet);
}
