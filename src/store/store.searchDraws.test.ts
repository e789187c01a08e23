// The app's Tune over timing draws (issue 25 item 3) against `cli tune --draws N --percentile P`:
// the store's search slice on the page's path (the search service over a pool of workers running
// the real simulator API) and the CLI with the same seed, draws and percentile give the same
// candidates, KPIs at the percentile, spread and recommendation.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSearchService } from '../bridge/index.ts';
import { createWorkerPool, type WorkerPool } from '../bridge/pool.ts';
import { ControlledApi, FakeWorker } from '../bridge/testing/fakes.ts';
import { mainAsync } from '../cli/main.ts';
import type { CandidateResult, SearchResult } from '../tune/search.ts';
import { shortDefaultText } from '../tune/testing/fixture.ts';
import { createSimulatorApi } from '../worker/api.ts';
import { settle } from './testing/fakes.ts';
import { setup } from './testing/setup.ts';
import { DEFAULT_SEARCH_FORM, MAX_APP_SIMULATIONS, searchFormProblem } from './searchSlice.ts';
import type { SearchForm } from './types.ts';

const defaultYaml = readFileSync(new URL('../presets/default.yaml', import.meta.url), 'utf8');
const text = shortDefaultText(defaultYaml, 2);
const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-app-cli-draws-'));
const file = join(dir, 'web.yaml');
writeFileSync(file, text);

let pool: WorkerPool | null = null;
afterEach(() => pool?.dispose());

/** The app's search: the store's slice over the page's search service on a pool of workers. */
async function appSearch(form: Partial<SearchForm>): Promise<SearchResult> {
  pool = createWorkerPool({
    createWorker: () => new FakeWorker(new ControlledApi(), createSimulatorApi()),
    loadFallbackApi: async () => createSimulatorApi(),
  });
  const { store, actions } = setup({ defaultText: text, search: createSearchService(pool) });
  actions.editSearchForm({ ...form, workers: 2 });
  actions.startSearch();
  for (let i = 0; i < 5000 && !['done', 'error'].includes(store.getState().search.status.kind); i++)
    await settle();
  const status = store.getState().search.status;
  if (status.kind !== 'done') throw new Error(`the app's search ended ${JSON.stringify(status)}`);
  return status.result;
}

/** `cli tune --format json` with the app's default goals as flags. */
async function cliTune(...argv: string[]) {
  const out: string[] = [];
  const goals = DEFAULT_SEARCH_FORM.constraints.flatMap((c) => [`--${c.flag}`, String(c.limit)]);
  const code = await mainAsync(
    ['tune', file, ...goals, '--workers', '1', '--format', 'json', ...argv],
    (s) => out.push(s),
    () => {},
  );
  expect(code).toBeLessThan(2);
  return JSON.parse(out.join('\n')) as {
    recommended: number;
    draws: unknown;
    candidates: (Pick<CandidateResult, 'index' | 'patch' | 'kpis' | 'feasible' | 'objective'> & {
      constraints: unknown;
      spread?: unknown;
    })[];
  };
}

// The CLI lists constraints in its flags' order, the app in the form's.
const byFlag = (list: unknown) =>
  [...(list as { flag: string }[])].sort((a, b) => a.flag.localeCompare(b.flag));

const view = (r: SearchResult) =>
  r.candidates.map((c) => ({
    index: c.index,
    patch: c.patch,
    kpis: c.kpis,
    constraints: byFlag(c.constraints),
    feasible: c.feasible,
    objective: c.objective,
    spread: c.runs?.[0]?.spread,
  }));

describe('Tune over timing draws: the app and cli tune', () => {
  it('the same seed, draws and percentile give the same answer', async () => {
    const app = await appSearch({ budget: 12, seed: 3, draws: 4, percentile: 75 });
    const cli = await cliTune(
      '--budget',
      '12',
      '--seed',
      '3',
      '--draws',
      '4',
      '--percentile',
      '75',
    );
    expect(cli.draws).toEqual({ count: 4, seed: 3, percentile: 75 });
    // Judged over the draws: every candidate carries its range over the 4 draws.
    expect(app.candidates[0]!.runs![0]!.spread?.count).toBe(4);
    expect(app.best).toBe(cli.recommended);
    expect(view(app)).toEqual(
      cli.candidates.map((c) => ({
        index: c.index,
        patch: c.patch,
        kpis: c.kpis,
        constraints: byFlag(c.constraints),
        feasible: c.feasible,
        objective: c.objective,
        spread: c.spread,
      })),
    );
  });

  it('1 draw, the default, is the CLI without --draws (and with --draws 1)', async () => {
    const app = await appSearch({ budget: 6, seed: 5 });
    expect(app.candidates[0]!.runs![0]!.spread).toBeUndefined();
    for (const extra of [[], ['--draws', '1']]) {
      const cli = await cliTune('--budget', '6', '--seed', '5', ...extra);
      expect(app.best).toBe(cli.recommended);
      expect(app.candidates.map((c) => c.kpis)).toEqual(cli.candidates.map((c) => c.kpis));
    }
  });
});

describe('the Tune form’s draws', () => {
  const form = (patch: Partial<SearchForm>) => ({ ...DEFAULT_SEARCH_FORM, ...patch });
  it('default to the CLI’s: 1 draw, judged at the worst', () => {
    expect([DEFAULT_SEARCH_FORM.draws, DEFAULT_SEARCH_FORM.percentile]).toEqual([1, 100]);
    expect(searchFormProblem(DEFAULT_SEARCH_FORM)).toBeNull();
  });
  it('refuse bad draws, a bad percentile and a seed the CLI cannot draw from, by field', () => {
    expect(searchFormProblem(form({ draws: 0 }))).toBe(
      'Draws takes a whole number from 1 to 256, got 0',
    );
    expect(searchFormProblem(form({ draws: 4, percentile: 101 }))).toBe(
      'Percentile takes a number above 0 and at most 100, got 101',
    );
    expect(searchFormProblem(form({ draws: 4, seed: -1 }))).toMatch(/^Seed takes a whole number/);
  });
  it('refuse more simulations than a page runs, saying what to do instead', () => {
    const runs = MAX_APP_SIMULATIONS / 16;
    expect(searchFormProblem(form({ budget: runs, draws: 16 }))).toBeNull();
    expect(searchFormProblem(form({ budget: runs + 1, draws: 16 }))).toBe(
      `Runs × draws is ${((runs + 1) * 16).toLocaleString('en-US')} simulations, over the ${MAX_APP_SIMULATIONS.toLocaleString('en-US')} a search in the page runs: lower the runs or the draws, or run \`npx hpa-sim tune --draws 16\``,
    );
  });
});
