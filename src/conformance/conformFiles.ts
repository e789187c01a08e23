// Running whole vector files: one line per failure, a closing "N passed, M failed".

import { parseVectorLine } from './vectorCase.ts';
import { checkCase } from './runCase.ts';

export interface ConformReport {
  passed: number;
  failed: number;
  lines: string[];
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/** Check every non-blank line of one JSONL text; malformed lines count as failures. */
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
    const parsed = parseVectorLine(line);
    if (!parsed.ok) {
      report.failed++;
      report.lines.push(`${where}: malformed case: ${parsed.error}`);
      return;
    }
    let diff;
    try {
      diff = checkCase(parsed.value, undefined, trace);
    } catch (e) {
      diff = { path: '(engine error)', expected: 'a result', actual: (e as Error).message };
    }
    if (diff) {
      report.failed++;
      report.lines.push(
        `${where}: FAIL ${parsed.value.name}: ${diff.path}: expected ${show(diff.expected)}, got ${show(diff.actual)}`,
      );
    } else {
      report.passed++;
    }
  });
}
