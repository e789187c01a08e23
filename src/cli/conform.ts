// `hpa-sim conform [--trace] FILE...`: run conformance vectors, print failures and "N passed, M failed".

import { readFileSync } from 'node:fs';
import { conformText, type ConformReport } from '../conformance/conformFiles.ts';

export function conformCommand(
  args: string[],
  out: (s: string) => void,
  err: (s: string) => void,
): number {
  const trace = args.includes('--trace');
  const files = args.filter((a) => a !== '--trace');
  if (files.length === 0) {
    err(
      'hpa-sim: error: conform needs files: hpa-sim conform [--trace] FILE.jsonl [FILE.jsonl ...]',
    );
    return 2;
  }
  const report: ConformReport = { passed: 0, failed: 0, lines: [], errors: [] };
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch (e) {
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      err(`${f}: error: cannot read the file (${why})`);
      return 2;
    }
    conformText(f, text, report, trace);
  }
  // A malformed line is bad input: a located error on stderr, and exit 2 (as every command).
  for (const e of report.errors) err(e);
  for (const l of report.lines) out(l);
  out(`${report.passed} passed, ${report.failed} failed`);
  if (report.errors.length) return 2;
  return report.failed === 0 && report.passed > 0 ? 0 : 1;
}
