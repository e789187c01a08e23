// Running whole case files: one line per failure, a closing "N passed, M failed". A line is an
// HPA controller vector or a federation case (recognised by its `kind`); files may mix both.

import { parseCaseLine } from './caseLine.ts';
import { checkCase } from './runCase.ts';
import { checkFederationCase } from './runFederationCase.ts';

export interface ConformReport {
  passed: number;
  failed: number;
  lines: string[];
  /** malformed lines (bad input, not a failed vector): `file:line:1: error: malformed case: …` */
  errors: string[];
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/** Check every non-blank line of one JSONL text; malformed lines count as failures (and errors). */
export function conformText(
  fileName: string,
  text: string,
  report: ConformReport,
  trace = false,
): void {
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `${fileName}:${i + 1}`;
    const parsed = parseCaseLine(line);
    if (!parsed.ok) {
      report.failed++;
      report.errors.push(`${where}:1: error: malformed case: ${parsed.error}`);
      return;
    }
    let diff;
    try {
      // Federation cases have no intermediate values, so --trace changes nothing for them.
      diff =
        parsed.value.family === 'hpa'
          ? checkCase(parsed.value.case, undefined, trace)
          : checkFederationCase(parsed.value.case);
    } catch (e) {
      diff = { path: '(engine error)', expected: 'a result', actual: (e as Error).message };
    }
    if (diff) {
      report.failed++;
      report.lines.push(
        `${where}: FAIL ${parsed.value.case.name}: ${diff.path}: expected ${show(diff.expected)}, got ${show(diff.actual)}`,
      );
    } else {
      report.passed++;
    }
  });
}
