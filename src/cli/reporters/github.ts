// GitHub Actions workflow commands: `::error file=…,line=…,title=…::message` per missed
// threshold and per bad input, shown on the pull request's diff at the manifest's line; a
// `::notice` per autoscaler that meets every threshold would be noise, so only a summary line.
import type { Fleet } from '../fleet.ts';
import type { Problem } from '../problems.ts';

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts escapeData/escapeProperty
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function annotation(level: 'error' | 'warning' | 'notice', p: Problem, title: string): string {
  const props = [`file=${property(p.file)}`];
  if (p.line !== undefined) props.push(`line=${p.line}`);
  if (p.column !== undefined) props.push(`col=${p.column}`);
  props.push(`title=${property(title)}`);
  return `::${level} ${props.join(',')}::${data(p.message)}`;
}

export function githubReport(fleet: Fleet): string {
  const lines: string[] = [];
  for (const e of fleet.entries) {
    const title = `hpa-sim: ${e.target.kind} ${e.target.name}`;
    if (e.status === 'invalid') {
      for (const p of e.problems.filter((x) => x.severity === 'error'))
        lines.push(annotation('error', p, title));
      continue;
    }
    for (const r of e.runs.filter((x) => x.gated))
      for (const c of r.checks.filter((x) => !x.ok))
        lines.push(
          annotation(
            'error',
            {
              file: e.target.display,
              line: e.target.line,
              severity: 'error',
              message: `${r.role === 'hpa' ? '' : `${r.name}: `}${c.label} ${c.value} (${c.bound} ${c.limit})`,
            },
            `${title}: --${c.flag} not met`,
          ),
        );
  }
  for (const p of fleet.problems)
    if (p.severity !== 'info')
      lines.push(annotation(p.severity === 'error' ? 'error' : 'warning', p, 'hpa-sim: input'));
  return lines.join('\n');
}
