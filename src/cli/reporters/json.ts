// `--report json`: every autoscaler with its status, runs, checks and KPIs; every problem located.
import type { Fleet } from '../fleet.ts';
import { VERSION } from '../version.ts';

export function jsonReport(fleet: Fleet): string {
  const count = (s: string) => fleet.entries.filter((e) => e.status === s).length;
  return JSON.stringify({
    tool: 'hpa-sim',
    version: VERSION,
    summary: {
      autoscalers: fleet.entries.length,
      passed: count('passed'),
      failed: count('failed'),
      invalid: count('invalid'),
      foundInAllShards: fleet.found,
      filesRead: fleet.filesRead,
      filesSkipped: fleet.filesSkipped,
    },
    autoscalers: fleet.entries.map((e) => ({
      file: e.target.display,
      line: e.target.line,
      kind: e.target.kind,
      name: e.target.name,
      status: e.status,
      runs: e.runs.map((r) => ({
        key: r.key,
        role: r.role,
        name: r.name,
        gated: r.gated,
        checks: r.checks,
        kpis: r.kpis,
      })),
      problems: e.problems,
    })),
    problems: fleet.problems,
  });
}
