// `npm run bench:profile -- search96`: the policy search as `npm run bench` times it (96
// candidates of the default scenario, one core), to see what the search adds to its runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseScenario } from '../src/scenario/index.ts';
import {
  localEvaluator,
  podHoursObjective,
  prepareSearch,
  search,
  type Goals,
} from '../src/tune/index.ts';

const GOALS: Goals = {
  constraints: [
    { flag: 'max-unmet-demand-percent', limit: 0.5 },
    { flag: 'max-reversals', limit: 4 },
  ],
  objective: podHoursObjective(),
};

export function searchRunner(root: string): () => Promise<number> {
  const text = readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8');
  const prepared = prepareSearch(parseScenario(text), 20_000_000);
  if (!prepared.ok) throw new Error(prepared.error);
  const evaluate = localEvaluator(prepared.search.evaluate);
  return async () => {
    const r = await search(prepared.search.base, GOALS, { seed: 1, budget: 96 }, evaluate);
    return r.candidates.length;
  };
}
