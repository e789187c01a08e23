import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  candidateInput,
  evaluateCandidate,
  judge,
  localEvaluator,
  podHoursObjective,
  search,
  type BatchEvaluator,
  type Goals,
  type TuneBase,
} from './index.ts';
import { executeRun, hpaPlan } from '../run/index.ts';
import { estimateWork, parseScenario } from '../scenario/index.ts';
import { baseOf, shortDefaultText } from './testing/fixture.ts';

const defaultYaml = readFileSync(new URL('../presets/default.yaml', import.meta.url), 'utf8');
const short = shortDefaultText(defaultYaml);
const base = baseOf(short);
const goals: Goals = {
  constraints: [
    { flag: 'max-unmet-demand-percent', limit: 0.2 },
    { flag: 'max-reversals', limit: 4 },
  ],
  objective: podHoursObjective(),
};

/** Evaluates a batch the way a pool of `n` workers would: split in chunks, finished out of order. */
function pooled(b: TuneBase, n: number): BatchEvaluator {
  return async (items) => {
    const chunks = Array.from({ length: n }, (_, w) => items.filter((_, i) => i % n === w));
    const done = new Map<number, ReturnType<typeof evaluateCandidate>>();
    for (const chunk of [...chunks].reverse())
      for (const item of chunk) done.set(item.index, evaluateCandidate(b, item.patch));
    return items.map((i) => done.get(i.index)!);
  };
}

describe('search', () => {
  const options = { seed: 7, budget: 40, generationSize: 8 };
  const one = search(
    base,
    goals,
    options,
    localEvaluator((patch) => evaluateCandidate(base, patch)),
  );

  it('evaluates the budget, the current HPA first, every candidate with its KPIs', async () => {
    const r = await one;
    expect(r.candidates).toHaveLength(40);
    expect(r.candidates.map((c) => c.index)).toEqual([...Array(40).keys()]);
    expect(r.candidates[0]!.patch).toEqual({});
    expect(r.candidates.filter((c) => c.kpis).length).toBeGreaterThan(30);
    const keys = new Set(r.candidates.map((c) => JSON.stringify(c.patch)));
    expect(keys.size).toBe(40);
  });

  it('the recommendation, simulated again, meets every constraint and is the cheapest that does', async () => {
    const r = await one;
    expect(r.feasible).toBe(true);
    const best = r.candidates[r.best!]!;
    const prepared = candidateInput(base, best.patch);
    if (!prepared.ok) throw new Error(prepared.error);
    const run = executeRun(hpaPlan(prepared.input, 'x'));
    if (!run.ok) throw new Error(run.error);
    expect(judge(run.result.kpis, goals.constraints).every((c) => c.met)).toBe(true);
    expect(run.result.kpis.podHours).toBe(best.objective);
    for (const c of r.candidates)
      if (c.feasible) expect(c.objective!).toBeGreaterThanOrEqual(best.objective!);
  });

  it('the front holds exactly the runs no other run beats on both cost and overload', async () => {
    const r = await one;
    const done = r.candidates.filter((c) => c.objective !== null);
    const dominated = (a: (typeof done)[number]) =>
      done.some(
        (b) =>
          b.objective! <= a.objective! &&
          b.overload! <= a.overload! &&
          (b.objective! < a.objective! || b.overload! < a.overload!),
      );
    const expected = done.filter((c) => !dominated(c)).map((c) => c.index);
    // Exact duplicates of a point keep only the first index.
    const unique = expected.filter(
      (i, k) =>
        !expected
          .slice(0, k)
          .some(
            (j) =>
              r.candidates[j]!.objective === r.candidates[i]!.objective &&
              r.candidates[j]!.overload === r.candidates[i]!.overload,
          ),
    );
    expect(r.front).toEqual(unique);
    expect(r.front.length).toBeGreaterThan(0);
  });

  it('is deterministic for a seed, whatever the number of workers; another seed differs', async () => {
    const r = await one;
    const three = await search(base, goals, options, pooled(base, 3));
    expect(three).toEqual(r);
    const other = await search(base, goals, { ...options, seed: 8 }, pooled(base, 2));
    expect(other.candidates.map((c) => c.patch)).not.toEqual(r.candidates.map((c) => c.patch));
  });

  it('says when no candidate meets the constraints, and recommends the nearest miss', async () => {
    const impossible: Goals = { ...goals, constraints: [{ flag: 'max-pod-hours', limit: 1 }] };
    const r = await search(
      base,
      impossible,
      { seed: 1, budget: 9 },
      localEvaluator((patch) => evaluateCandidate(base, patch)),
    );
    expect(r.feasible).toBe(false);
    const best = r.candidates[r.best!]!;
    const cheapest = Math.min(
      ...r.candidates.filter((c) => c.objective !== null).map((c) => c.objective!),
    );
    expect(best.objective).toBe(cheapest);
  });

  it('stops between generations when cancelled and reports progress', async () => {
    const signal = { aborted: false };
    const seen: number[] = [];
    const r = await search(
      base,
      goals,
      { seed: 3, budget: 40, generationSize: 8 },
      localEvaluator((patch) => evaluateCandidate(base, patch)),
      {
        signal,
        onProgress: (p) => {
          seen.push(p.done);
          if (p.done >= 16) signal.aborted = true;
        },
      },
    );
    expect(r.cancelled).toBe(true);
    expect(r.candidates).toHaveLength(16);
    expect(seen).toEqual([8, 16]);
  });

  it('searches tolerance only when the feature gate allows it, and min/max and the target when asked', async () => {
    const off = baseOf(
      short.replace('spec:\n  duration', 'spec:\n  kubernetesVersion: "1.33"\n  duration'),
    );
    const withGate = await search(
      base,
      goals,
      { seed: 2, budget: 6 },
      localEvaluator((patch) => evaluateCandidate(base, patch)),
    );
    const without = await search(
      off,
      goals,
      { seed: 2, budget: 6 },
      localEvaluator((patch) => evaluateCandidate(off, patch)),
    );
    const up = (r: typeof withGate) =>
      r.candidates.slice(1).map((c) => (c.patch.behavior as { scaleUp: object }).scaleUp);
    expect(up(withGate).every((s) => 'tolerance' in s)).toBe(true);
    expect(up(without).some((s) => 'tolerance' in s)).toBe(false);
    const wide = await search(
      base,
      goals,
      { seed: 2, budget: 6, space: { replicas: true, target: true } },
      localEvaluator((patch) => evaluateCandidate(base, patch)),
    );
    for (const c of wide.candidates.slice(1)) {
      expect(c.patch.minReplicas as number).toBeLessThanOrEqual(c.patch.maxReplicas as number);
      expect(c.patch.metrics).toHaveLength(1);
    }
  });
});

describe('candidateInput', () => {
  it('applies the API rules to the patched HPA: defaults filled, invalid patches refused with the field', () => {
    const ok = candidateInput(base, { behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } });
    if (!ok.ok) throw new Error(ok.error);
    expect(ok.input.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(0);
    // The API server's defaults for the untouched direction.
    expect(ok.input.hpa.spec.behavior?.scaleUp?.policies).toHaveLength(2);
    expect(ok.input.workload).toBe(base.input.workload);
    const bad = candidateInput(base, {
      behavior: { scaleUp: { policies: [{ type: 'Pods', value: 0, periodSeconds: 15 }] } },
    });
    expect(bad).toEqual({ ok: false, error: expect.stringContaining('scaleUp.policies[0].value') });
    const minOverMax = candidateInput(base, { minReplicas: 30 });
    expect(minOverMax.ok).toBe(false);
    // The default scenario starts at 2 replicas: a minimum of 3 could not run in the same world.
    expect(candidateInput(base, { minReplicas: 3 })).toEqual({
      ok: false,
      error: 'the scenario starts at 2 replicas, outside minReplicas 3 … maxReplicas 20',
    });
  });

  it('refuses only a candidate certain to pass the work budget, as the scenario is refused', () => {
    const e = estimateWork(base.input);
    expect(e.units).toBeGreaterThan(e.certainUnits);
    // Between the certain cost and the worst case: the scenario itself would run, so must this.
    const between = { ...base, maxWork: Math.ceil((e.units + e.certainUnits) / 2) };
    expect(parseScenario(short, { maxWork: between.maxWork }).ok).toBe(true);
    expect(candidateInput(between, {}).ok).toBe(true);
    const evaluated = evaluateCandidate(between, {});
    // It runs, or the engine's meter stops it with a plain error; never refused up front.
    if (!evaluated.ok) expect(evaluated.error).not.toMatch(/would cost/);
  });

  it('refuses a candidate whose run would cost more than the work budget', () => {
    const small = { ...base, maxWork: 1000 };
    expect(candidateInput(small, {})).toEqual({
      ok: false,
      error: expect.stringContaining('work units'),
    });
  });
});
