// "Export → Run set (.json)": the shown runs (the HPA's and each variant's figures, what each
// variant changes), the timing draws and the scenario text as one file you can keep
// (src/share/runSet.ts, versioned; its reader locates a malformed file), and the draws the latest
// Tune search judged at. Also "Every run's KPIs (.csv)", the same figures as a table.

import type { RunPayload } from '../worker/protocol.ts';
import type { DrawSetState } from '../store/index.ts';
import { RUN_SET_FORMAT, RUN_SET_VERSION, runSetJson } from '../share/runSet.ts';
import { kpisToCsv } from '../run/kpisCsv.ts';

export function runSetText(
  scenario: { name: string; text: string; hpa: string | null },
  runs: readonly RunPayload[],
  draws: DrawSetState,
  savedAt: Date,
  /** the draws the latest Tune search judged at (null: none, or one draw) */
  tune: { draws: number; percentile: number; seed: number } | null = null,
): string {
  return runSetJson({
    format: RUN_SET_FORMAT,
    version: RUN_SET_VERSION,
    savedAt: savedAt.toISOString(),
    scenario,
    runs: runs.flatMap((r) =>
      r.result
        ? [
            {
              key: r.key,
              name: r.label,
              role: r.kind,
              ...(r.changes ? { changes: r.changes } : {}),
              kpis: r.result.kpis,
            },
          ]
        : [],
    ),
    draws:
      draws.kind === 'done'
        ? {
            count: draws.set.count,
            seed: draws.set.seed,
            stats: draws.set.stats,
            draws: draws.set.draws,
          }
        : null,
    ...(tune ? { tune } : {}),
  });
}

/**
 * "Export → Every run's KPIs (.csv)": a row per shown run with a result, then each timing draw of
 * the HPA's run and the median, p95 and worst rows — the bytes `cli run --format kpis-csv` writes.
 */
export function kpisCsvText(runs: readonly RunPayload[], draws: DrawSetState): string {
  const done = runs.flatMap((r) => (r.result ? [{ ...r, result: r.result }] : []));
  const first = done[0];
  return kpisToCsv(
    done,
    first && draws.kind === 'done' && first.key === runs[0]?.key
      ? { run: first, draws: draws.set.draws, stats: draws.set.stats }
      : null,
  );
}
