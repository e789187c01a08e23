// JUnit XML (junit-report-builder, the writer Jenkins-style consumers expect): a test suite per
// file, a test case per autoscaler × threshold, failed with the runs that miss it; an autoscaler
// the scenario layer refuses is one test case in error; a file that cannot be read, one more.
import builder from 'junit-report-builder';
import type { Fleet, FleetEntry } from '../fleet.ts';
import { problemLine } from '../problems.ts';

export function junitReport(fleet: Fleet): string {
  const report = builder.newBuilder().name('hpa-sim check');
  const byFile = new Map<string, FleetEntry[]>();
  for (const e of fleet.entries) {
    const list = byFile.get(e.target.display) ?? [];
    list.push(e);
    byFile.set(e.target.display, list);
  }
  for (const [file, entries] of byFile) {
    const suite = report.testSuite().name(file);
    for (const e of entries) {
      const className = `${file}#${e.target.name}`;
      if (e.status === 'invalid') {
        suite
          .testCase()
          .className(className)
          .name(`${e.target.kind} ${e.target.name} is valid`)
          .error(e.problems.map(problemLine).join('\n'), 'InvalidManifest');
        continue;
      }
      const gated = e.runs.filter((r) => r.gated);
      const flags = gated[0]?.checks ?? [];
      flags.forEach((c0, i) => {
        const tc = suite
          .testCase()
          .className(className)
          .name(`${c0.label} (${c0.bound} ${c0.limit})`);
        const misses = gated
          .map((r) => ({ r, c: r.checks[i]! }))
          .filter(({ c }) => !c.ok)
          .map(({ r, c }) => `${r.name}: ${c.label} ${c.value} (${c.bound} ${c.limit})`);
        const seen = gated.map((r) => `${r.name}: ${r.checks[i]!.value}`).join('; ');
        if (misses.length) tc.failure(misses.join('; '), 'ThresholdNotMet');
        else tc.standardOutput(seen);
      });
    }
  }
  const problems = fleet.problems.filter((p) => p.severity === 'error');
  if (problems.length) {
    const suite = report.testSuite().name('input');
    for (const p of problems)
      suite
        .testCase()
        .className(p.file)
        .name(`${p.file} is readable`)
        .error(problemLine(p), 'BadInput');
  }
  // The builder totals skipped tests on <testsuites> too, an attribute the JUnit schema Jenkins
  // reads (junit-4.xsd) does not define there; the suites keep their own counts.
  return report.build().replace(/(<testsuites\b[^>]*?) skipped="\d+"/, '$1');
}
