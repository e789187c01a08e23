// The runs `npm run bench:compare` times in both builds (bench/compare.mjs bundles this file from
// each checkout): one compact run of a named scenario, as `npm run bench` times it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { executeRun, planScenario } from '../src/run/index.ts';
import type { SimulationResult } from '../src/engine/simulation/index.ts';
import { diurnalInput, withNodes } from './simulationFixture.ts';

const FILES: Record<string, string> = {
  default: 'src/presets/default.yaml',
  churn: 'bench/scenarios/churn.yaml',
};

/**
 * A function running the scenario `name` once (default, churn, 24h200: a day of 200 pods,
 * 24h200nodes: the same on a node pool under cluster-autoscaler).
 */
export function runner(name: string, root: string): () => SimulationResult {
  let input;
  if (name === '24h200') input = diurnalInput(1, 200);
  else if (name === '24h200nodes') input = withNodes(diurnalInput(1, 200));
  else {
    const rel = FILES[name];
    if (!rel) throw new Error(`no scenario ${name} (default, churn, 24h200, 24h200nodes)`);
    const plan = planScenario(readFileSync(path.join(root, rel), 'utf8')).runs[0];
    if (!plan) throw new Error(`${rel} does not plan`);
    input = plan.input;
  }
  return () => {
    const out = executeRun(
      { key: 'main', kind: 'hpa', group: 'main', label: 'bench', colour: 0, input },
      { record: 'compact' },
    );
    if (!out.ok) throw new Error(out.error);
    return out.result;
  };
}
