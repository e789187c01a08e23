// The draws a search runs, from the app's form or `cli tune`'s flags (drawsGoal.ts), and the
// draws a search refuses before it starts (prepared.ts): too costly for the work budget; and a
// multi-cluster scenario's search over draws (each model's total drawn).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateWork, parseScenario } from '../scenario/index.ts';
import { searchDraws, searchDrawsLabel, searchDrawsProblem } from './drawsGoal.ts';
import { executeDraws } from '../run/index.ts';
import { pessimisticKpis } from './drawn.ts';
import { plansOf } from './judged.ts';
import { prepareSearch } from './prepared.ts';
import { baseOf, shortDefaultText } from './testing/fixture.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const text = shortDefaultText(read('../presets/default.yaml'), 2);

describe('searchDraws', () => {
  it('one draw is one plain run; more are drawn from the search’s seed', () => {
    expect(searchDraws(1, 95, 7)).toBeNull();
    expect(searchDraws(16, 95, 7)).toEqual({ count: 16, seed: 7, percentile: 95 });
  });
  it('says what a candidate is judged at, and "1 draw" plainly', () => {
    expect(searchDrawsLabel(1, 100)).toBe('1 draw (each candidate runs once, as written)');
    expect(searchDrawsLabel(16, 100)).toBe('the worst of 16 draws');
    expect(searchDrawsLabel(16, 95)).toBe('p95 of 16 draws');
  });
  it('names the field of a bad value', () => {
    expect(searchDrawsProblem(257, 100)).toBe('Draws takes a whole number from 1 to 256, got 257');
    expect(searchDrawsProblem(4, 0)).toBe(
      'Percentile takes a number above 0 and at most 100, got 0',
    );
    expect(searchDrawsProblem(Number.NaN, 100)).toMatch(/got nothing$/);
    expect(searchDrawsProblem(4, 50)).toBeNull();
  });
});

describe('a search over draws refused before it starts', () => {
  it('when the current HPA’s draws together pass the work budget, saying how many fit', () => {
    const one = estimateWork(baseOf(text).input).certainUnits;
    const maxWork = Math.ceil(one * 3.5);
    const refused = prepareSearch(parseScenario(text), maxWork, {
      count: 4,
      seed: 1,
      percentile: 100,
    });
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.error).toMatch(/^draws 4: 4 whole runs need .* at most 3 fit/);
    // The app's form and cli tune share it: the fix in the scenario first, the flag as an aside.
    expect(!refused.ok && refused.error).toMatch(
      /; fewer draws or a shorter spec\.duration fit \(the command line's --max-work/,
    );
    expect(
      prepareSearch(parseScenario(text), maxWork, { count: 3, seed: 1, percentile: 100 }).ok,
    ).toBe(true);
  });
  it('for a multi-cluster scenario whose draws pass the budget, naming the model', () => {
    const parsed = parseScenario(read('../presets/multicluster/failover.yaml'));
    const refused = prepareSearch(parsed, 1000, { count: 4, seed: 1, percentile: 100 });
    expect(!refused.ok && refused.error).toMatch(/^\w[\w-]* model: draws 4: 4 whole runs need /);
  });
});

describe('a multi-cluster search over draws', () => {
  it("judges each model's total at the percentile of its draws, as check --draws does", () => {
    const parsed = parseScenario(read('../presets/multicluster/failover.yaml'));
    const goal = { count: 3, seed: 5, percentile: 100 };
    const prepared = prepareSearch(parsed, 20_000_000, goal);
    if (!prepared.ok) throw new Error(prepared.error);
    const evaluated = prepared.search.evaluate({});
    if (!evaluated.ok) throw new Error(evaluated.error);
    const totals = plansOf(prepared.search.base.input, prepared.search.base.name);
    expect(totals.length).toBeGreaterThan(0);
    expect(evaluated.runs.map((r) => r.key)).toEqual(totals.map((p) => p.key));
    for (const [i, plan] of totals.entries()) {
      expect(plan.federation?.member).toBeNull();
      const drawn = executeDraws(plan, goal.count, goal.seed);
      if (!drawn.ok) throw new Error(drawn.error);
      const run = evaluated.runs[i]!;
      expect(run.spread?.count).toBe(3);
      expect(run.kpis).toEqual(
        pessimisticKpis(
          drawn.draws.map((d) => d.kpis),
          100,
        ),
      );
    }
  });
});
