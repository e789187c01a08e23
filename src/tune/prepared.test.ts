// A prepared search (one parse, the curves sampled once and replayed from tapes) gives each
// candidate exactly what running that candidate alone gives, and so the same search.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/index.ts';
import {
  evaluateCandidate,
  localEvaluator,
  podHoursObjective,
  prepareSearch,
  search,
  searchSpace,
  type Goals,
} from './index.ts';
import { createRng } from './rng.ts';
import { shortDefaultText } from './testing/fixture.ts';

const defaultYaml = readFileSync(new URL('../presets/default.yaml', import.meta.url), 'utf8');
const text = shortDefaultText(defaultYaml);

function prepared() {
  const p = prepareSearch(parseScenario(text), 20_000_000);
  if (!p.ok) throw new Error(p.error);
  return p.search;
}

describe('prepareSearch', () => {
  it('evaluates every candidate bit for bit as running it alone does', () => {
    const s = prepared();
    const space = searchSpace(s.base, { replicas: true, target: true });
    const rng = createRng(4);
    const patches = [
      {},
      ...Array.from({ length: 24 }, () =>
        space.toPatch(space.dimensions.map((d) => rng.int(d.values.length))),
      ),
    ];
    let ran = 0;
    for (const patch of patches) {
      const shared = s.evaluate(patch);
      // toEqual compares numbers with Object.is: NaN to NaN, and 0 is not -0.
      expect(shared).toEqual(evaluateCandidate(s.base, patch));
      if (shared.ok) ran++;
    }
    expect(ran).toBeGreaterThan(8);
  });

  it('gives the same search as evaluating each candidate afresh', async () => {
    const s = prepared();
    const goals: Goals = {
      constraints: [{ flag: 'max-unmet-demand-percent', limit: 0.2 }],
      objective: podHoursObjective(),
    };
    const options = { seed: 5, budget: 24, generationSize: 8 };
    const shared = await search(s.base, goals, options, localEvaluator(s.evaluate));
    const alone = await search(
      s.base,
      goals,
      options,
      localEvaluator((patch) => evaluateCandidate(s.base, patch)),
    );
    expect(shared).toEqual(alone);
  });

  it('says why a scenario cannot be tuned', () => {
    const v1 = prepareSearch(
      parseScenario(
        'apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: { name: web }\nspec:\n  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }\n  maxReplicas: 5\n  targetCPUUtilizationPercentage: 60\n',
      ),
      20_000_000,
    );
    expect(v1).toEqual({ ok: false, error: expect.stringContaining('autoscaling/v2') });
  });
});
