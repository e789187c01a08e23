// SARIF 2.1.0 (node-sarif-builder): one rule per threshold, plus bad input; a result per missed
// threshold at the autoscaler's line, and per error at its own line and column.
import {
  SarifBuilder,
  SarifResultBuilder,
  SarifRuleBuilder,
  SarifRunBuilder,
} from 'node-sarif-builder';
import { THRESHOLDS } from '../../tune/index.ts';
import type { Fleet } from '../fleet.ts';
import type { Problem } from '../problems.ts';
import { VERSION } from '../version.ts';

/** A URI for a path as shown: relative paths stay relative (GitHub resolves them to the repo). */
function uri(file: string): string {
  return file.split('\\').join('/').replace(/^\.\//, '');
}

export function sarifReport(fleet: Fleet): string {
  const sarif = new SarifBuilder();
  const run = new SarifRunBuilder().initSimple({
    toolDriverName: 'hpa-sim',
    toolDriverVersion: VERSION,
  });
  for (const t of THRESHOLDS) {
    const rule = new SarifRuleBuilder().initSimple({
      ruleId: t.flag,
      shortDescriptionText: `${t.label}: ${t.bound === 'max' ? 'at most' : 'at least'} the --${t.flag} threshold`,
    });
    run.addRule(rule);
  }
  run.addRule(
    new SarifRuleBuilder().initSimple({
      ruleId: 'invalid-manifest',
      shortDescriptionText:
        'the manifest cannot be simulated: the API server (or its webhook) would refuse it, or it cannot be read',
    }),
  );
  const add = (p: Problem, ruleId: string) => {
    const line = p.line ?? 1;
    run.addResult(
      new SarifResultBuilder().initSimple({
        level: p.severity === 'error' ? 'error' : p.severity === 'warning' ? 'warning' : 'note',
        messageText: p.message,
        ruleId,
        fileUri: uri(p.file),
        startLine: line,
        startColumn: p.column ?? 1,
        endLine: line,
        endColumn: (p.column ?? 1) + 1,
      }),
    );
  };
  for (const e of fleet.entries) {
    const at = { file: e.target.display, line: e.target.line };
    if (e.status === 'invalid') {
      e.problems.filter((p) => p.severity === 'error').forEach((p) => add(p, 'invalid-manifest'));
      continue;
    }
    for (const r of e.runs.filter((x) => x.gated))
      for (const c of r.checks.filter((x) => !x.ok))
        add(
          {
            ...at,
            severity: 'error',
            message:
              `${e.target.kind} ${e.target.name}: ${r.role === 'hpa' ? '' : `${r.name}: `}${c.label} is ${c.value}, over the ${c.bound} ${c.limit} of --${c.flag}`.replace(
                'over the min',
                'under the min',
              ),
          },
          c.flag,
        );
  }
  for (const p of fleet.problems.filter((x) => x.severity === 'error')) add(p, 'invalid-manifest');
  sarif.addRun(run);
  return JSON.stringify(sarif.buildSarifOutput(), null, 2);
}
