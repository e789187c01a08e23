// `--report FORMAT[=FILE],…`: the machine-readable verdicts of `check`.
import type { Fleet } from '../fleet.ts';
import { githubReport } from './github.ts';
import { jsonReport } from './json.ts';
import { junitReport } from './junit.ts';
import { sarifReport } from './sarif.ts';

export const REPORT_FORMATS = ['junit', 'sarif', 'json', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportRequest {
  format: ReportFormat;
  /** null: standard output */
  file: string | null;
}

export function parseReports(
  raw: string,
): { ok: true; reports: ReportRequest[] } | { ok: false; error: string } {
  const reports: ReportRequest[] = [];
  for (const part of raw.split(',')) {
    const eq = part.indexOf('=');
    const format = (eq < 0 ? part : part.slice(0, eq)).trim();
    const file = eq < 0 ? null : part.slice(eq + 1).trim();
    if (!(REPORT_FORMATS as readonly string[]).includes(format))
      return {
        ok: false,
        error: `--report takes ${REPORT_FORMATS.join(', ')} (FORMAT=FILE writes a file), got "${format}"`,
      };
    if (file === '') return { ok: false, error: `--report ${format}= needs a file name` };
    reports.push({ format: format as ReportFormat, file });
  }
  if (reports.filter((r) => r.file === null).length > 1)
    return {
      ok: false,
      error:
        '--report: at most one report on standard output; name files for the others (junit=junit.xml)',
    };
  return { ok: true, reports };
}

export function renderReport(format: ReportFormat, fleet: Fleet): string {
  switch (format) {
    case 'junit':
      return junitReport(fleet);
    case 'sarif':
      return sarifReport(fleet);
    case 'json':
      return jsonReport(fleet);
    case 'github':
      return githubReport(fleet);
  }
}
