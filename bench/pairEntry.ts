// The pairs `npm run bench:compare -- --pair NAME` alternates within this checkout
// (bench/compare.mjs pairMode). Apart from compareEntry.ts on purpose: that file is copied into an
// older REF's tree when it lacks a scenario, and must import only what every REF has.

import { executeRun } from '../src/run/index.ts';
import type { SimulationResult } from '../src/engine/simulation/index.ts';
import { kedaBaselineRun, kedaInput } from './kedaFixture.ts';

type Compared = Pick<SimulationResult, 'kpis' | 'series'>;

/**
 * `--pair NAME` (compare.mjs): two runs of one build whose CPU ratio a budget names, `subject`
 * over `baseline`. keda: issue 22's 24 h ScaledObject with three triggers against the HPA KEDA
 * creates, fed the same live values, without KEDA (kedaFixture.ts; within 1.5×).
 */
export function pair(name: string): { subject: () => Compared; baseline: () => Compared } {
  if (name !== 'keda') throw new Error(`no pair ${name} (keda)`);
  const withKeda = kedaInput();
  const alone = kedaInput(false);
  return {
    subject: () => {
      const out = executeRun(
        { key: 'main', kind: 'hpa', group: 'main', label: 'bench', colour: 0, input: withKeda },
        { record: 'compact' },
      );
      if (!out.ok) throw new Error(out.error);
      return out.result;
    },
    baseline: () => kedaBaselineRun(alone),
  };
}
