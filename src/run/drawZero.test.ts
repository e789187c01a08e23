// Draw 0 is the scenario as written: its KPIs and replicas are the run's own, on every preset,
// though a draw keeps no replay snapshots and no series but those its KPIs read (draws.ts).

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { executeDrawsAt, executeRun, planScenario } from './index.ts';

const PRESETS = new URL('../presets/', import.meta.url);
const presets = readdirSync(PRESETS)
  .filter((f) => f.endsWith('.yaml'))
  .map((name) => ({ name, text: readFileSync(new URL(name, PRESETS), 'utf8') }));

describe('draw 0', () => {
  it.each(presets)('of $name has the run’s KPIs and spec replicas', ({ text }) => {
    const plan = planScenario(text).runs[0];
    if (!plan) throw new Error('no plan');
    const run = executeRun(plan, { tapes: false });
    if (!run.ok) throw new Error(run.error);
    const drawn = executeDrawsAt(plan, 2, 1, [0]);
    if (!drawn.ok) throw new Error(drawn.error);
    const zero = drawn.draws[0]!;
    expect(zero.kpis).toEqual(run.result.kpis);
    expect(Array.from(zero.specReplicas)).toEqual(Array.from(run.result.series.specReplicas));
  });
});
