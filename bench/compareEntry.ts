// The runs `npm run bench:compare` times in both builds (bench/compare.mjs bundles this file from
// each checkout): one compact run of a named scenario, as `npm run bench` times it; or `draws16`,
// 16 timing draws of the default scenario (one thread); or `search16`, 16 candidate runs of the
// default scenario's policy search (prepared once, as a search runs them); or `explore16`, 16
// candidates drawn at random from the search's space.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { executeDraws, executeRun, planScenario } from '../src/run/index.ts';
import { parseScenario } from '../src/scenario/index.ts';
import { prepareSearch, searchSpace } from '../src/tune/index.ts';
import { createRng } from '../src/tune/rng.ts';
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
/** What compare.mjs compares between the builds: KPIs and series. */
type Compared = Pick<SimulationResult, 'kpis' | 'series'>;

function text(root: string, rel: string): string {
  return readFileSync(path.join(root, rel), 'utf8');
}

/** 16 timing draws of the default scenario, parsed once (the figures compared: every draw's). */
function draws16(root: string): () => Compared {
  const plan = planScenario(text(root, FILES.default!)).runs[0];
  if (!plan) throw new Error('the default scenario does not plan');
  return () => {
    const r = executeDraws(plan, 16, 1);
    if (!r.ok) throw new Error(r.error);
    return { kpis: r.draws.map((d) => d.kpis), series: {} } as unknown as Compared;
  };
}

/**
 * 16 timing draws after an edit of the traffic: each call parses the default scenario with
 * another noise seed (a new world for every draw: no curve tape applies), then draws.
 */
function draws16Fresh(root: string): () => Compared {
  const base = text(root, FILES.default!);
  if (!base.includes('seed: 42')) throw new Error('the default scenario has no seed: 42');
  let edits = 0;
  return () => {
    const plan = planScenario(base.replace('seed: 42', `seed: ${1000 + (edits++ % 1000)}`)).runs[0];
    if (!plan) throw new Error('the default scenario does not plan');
    const r = executeDraws(plan, 16, 1);
    if (!r.ok) throw new Error(r.error);
    return { kpis: r.draws.map((d) => d.kpis), series: {} } as unknown as Compared;
  };
}

/**
 * 16 candidate runs of the default scenario's search, prepared once (curve tapes shared): each a
 * different scale-down window and scale-up target, as the search's candidates differ.
 */
function search16(root: string): () => Compared {
  const prepared = prepareSearch(parseScenario(text(root, FILES.default!)), 20_000_000);
  if (!prepared.ok) throw new Error(prepared.error);
  const patches = Array.from({ length: 16 }, (_, i) => ({
    behavior: { scaleDown: { stabilizationWindowSeconds: 30 * i } },
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 40 + 3 * i } },
      },
    ],
  }));
  return () => {
    const kpis = patches.map((p) => prepared.search.evaluate(p));
    return { kpis, series: {} } as unknown as Compared;
  };
}

/**
 * 16 candidates drawn at random from the search's own space (seed 1, its exploring phase):
 * windows up to 30 min and every policy shape, where search16 varies two fields only.
 */
function explore16(root: string): () => Compared {
  const prepared = prepareSearch(parseScenario(text(root, FILES.default!)), 20_000_000);
  if (!prepared.ok) throw new Error(prepared.error);
  const space = searchSpace(prepared.search.base);
  // the search's own generator, seed 1: the same genomes in both builds
  const rng = createRng(1);
  const patches = Array.from({ length: 16 }, () =>
    space.toPatch(space.dimensions.map((d) => rng.int(d.values.length))),
  );
  return () => {
    const kpis = patches.map((p) => prepared.search.evaluate(p));
    return { kpis, series: {} } as unknown as Compared;
  };
}

export function runner(name: string, root: string): () => Compared {
  if (name === 'draws16') return draws16(root);
  if (name === 'explore16') return explore16(root);
  if (name === 'draws16fresh') return draws16Fresh(root);
  if (name === 'search16') return search16(root);
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
