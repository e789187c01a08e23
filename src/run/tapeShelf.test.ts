// The shelf of recent worlds' curve tapes: a run of a world seen before replays its samples and
// the KPIs' pieces, and gives the same run bit for bit; a new world runs live.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seriesArrays } from '../engine/simulation/seriesShape.ts';
import type { SimulationResult } from '../engine/simulation/index.ts';
import { executeDraws, executeRun, planScenario } from './index.ts';
import { DRAW_TAPES, TapeShelf } from './tapeShelf.ts';
import type { RunPlan } from './types.ts';

const DEFAULT = readFileSync(new URL('../presets/default.yaml', import.meta.url), 'utf8');

function planOf(text: string): RunPlan {
  const plan = planScenario(text).runs[0];
  if (!plan) throw new Error('no plan');
  return plan;
}

function run(plan: RunPlan, tapes: TapeShelf | false): SimulationResult {
  const out = executeRun(plan, { tapes });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

/** Every series' bytes (NaN payloads, -0) and the KPIs, as one comparable value. */
function bits(r: SimulationResult): unknown {
  return {
    series: seriesArrays(r.series).map((a) =>
      Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64'),
    ),
    kpis: JSON.stringify(r.kpis),
  };
}

/** The default scenario with its HPA's target changed: an edit of the HPA, the same world. */
const edited = (target: number) =>
  DEFAULT.replace('averageUtilization: 60', `averageUtilization: ${target}`);

describe('the tape shelf', () => {
  it('runs a new world live, records it when seen again, then replays it, bit for bit', () => {
    const shelf = new TapeShelf();
    const plans = [60, 45, 75, 50].map((t) => planOf(edited(t)));
    const results = plans.map((p) => run(p, shelf));
    expect(shelf.counts).toEqual({ live: 1, recorded: 1, replayed: 2 });
    for (let i = 0; i < plans.length; i++)
      expect(bits(results[i]!)).toEqual(bits(run(plans[i]!, false)));
  });

  it('does not take the tapes of a world whose traffic or scrape schedule differs', () => {
    const shelf = new TapeShelf();
    const base = planOf(DEFAULT);
    run(base, shelf);
    run(base, shelf);
    const otherTraffic = planOf(DEFAULT.replace('seed: 42', 'seed: 43'));
    const r = run(otherTraffic, shelf);
    expect(shelf.counts).toEqual({ live: 2, recorded: 1, replayed: 0 });
    expect(bits(r)).toEqual(bits(run(otherTraffic, false)));
  });

  it('keeps its latest worlds, and drops the oldest tapes past its total', () => {
    const shelf = new TapeShelf(2, 250_000, 100_000);
    const seeds = [1, 2, 3].map((s) => planOf(DEFAULT.replace('seed: 42', `seed: ${s}`)));
    for (const p of seeds) run(p, shelf);
    run(seeds[0]!, shelf); // forgotten: live again
    expect(shelf.counts.live).toBe(4);
    run(seeds[0]!, shelf); // records
    run(seeds[2]!, shelf); // records; the total holds one world's tapes, so 0's go
    run(seeds[0]!, shelf); // records again
    expect(shelf.counts).toEqual({ live: 4, recorded: 3, replayed: 0 });
  });

  it('gives timing draws drawn again the same figures', () => {
    const plan = planOf(DEFAULT);
    // The page's shelf is the module's: another test file in this worker may have drawn these
    // worlds already (the unit files share one module graph).
    DRAW_TAPES.clear();
    const before = DRAW_TAPES.counts.replayed;
    const sets = [0, 1, 2].map(() => executeDraws(plan, 4, 7));
    for (const s of sets) if (!s.ok) throw new Error(s.error);
    const kpis = sets.map((s) => (s.ok ? s.draws.map((d) => JSON.stringify(d.kpis)) : []));
    expect(kpis[1]).toEqual(kpis[0]);
    expect(kpis[2]).toEqual(kpis[0]);
    // the third set replayed its four worlds
    expect(DRAW_TAPES.counts.replayed - before).toBe(4);
  });
});
