// The policy search's slice: its form, its status (progress, result) and the workers it lost, in
// the store rather than in the dialog, so a search goes on when its dialog closes and shows where
// it is when it opens again. A search runs the generator here (src/tune/search.ts, pure) over the
// lanes the search service opens on the worker pool (src/bridge/searchLanes.ts); cancel is an
// AbortSignal per search, which aborts the job in flight on every lane.

import { SEARCH_DRAWS_DEFAULTS, searchDraws, searchDrawsProblem } from '../tune/drawsGoal.ts';
import { costObjective, podHoursObjective, type Goals } from '../tune/goals.ts';
import { search } from '../tune/search.ts';
import type { Clock } from '../bridge/types.ts';
import type {
  SearchActions,
  SearchForm,
  SearchService,
  SearchState,
  SearchStatus,
  SimState,
} from './types.ts';

/** Most runs a search in the app may ask for (the dialog's limit). */
export const MAX_APP_BUDGET = 5000;
/**
 * Most simulations (runs × draws) a search in the app may ask for: four times the largest plain
 * search. A draw of the default scenario costs ≈ 29 ms of CPU (README.md), so this is ≈ 10
 * CPU-minutes, ≈ 5 minutes on two cores; more is `cli tune`'s job (no page to keep responsive).
 */
export const MAX_APP_SIMULATIONS = MAX_APP_BUDGET * 4;
/** Most workers a search in the app starts. */
export const MAX_APP_WORKERS = 8;
/** Incidents kept for the dialog (the newest). */
const KEPT_INCIDENTS = 5;

/**
 * Unmet demand alone rewards a slow, cheap HPA (issue 25: one pod per 120 s, recovery +56 %):
 * the default goals pair it with how fast the service recovers and how much it flaps.
 */
export const DEFAULT_SEARCH_FORM: SearchForm = {
  constraints: [
    { flag: 'max-unmet-demand-percent', limit: 0.5 },
    { flag: 'max-recovery-seconds', limit: 120 },
    { flag: 'max-reversals', limit: 4 },
  ],
  minimize: 'pod-hours',
  price: 0.05,
  seed: 1,
  budget: 100,
  workers: 2,
  replicas: false,
  target: false,
  draws: SEARCH_DRAWS_DEFAULTS.count,
  percentile: SEARCH_DRAWS_DEFAULTS.percentile,
};

export interface SearchSliceDeps {
  get: () => SimState;
  set: (partial: Partial<SimState>) => void;
  service: SearchService | null;
  clock: Clock;
  /** the draws, percentile and seed a reviewer link carried (`&tune=`): the form starts there */
  shared?: { draws: number; percentile: number; seed: number } | null;
}

/** The form is fit to start a search with. */
export function searchFormValid(form: SearchForm): boolean {
  return (
    form.budget >= 1 &&
    form.budget <= MAX_APP_BUDGET &&
    form.constraints.every((c) => Number.isFinite(c.limit)) &&
    (form.minimize !== 'cost' || form.price > 0) &&
    searchFormProblem(form) === null
  );
}

/** Why the form's draws cannot be searched in the app (named by their fields), or null. */
export function searchFormProblem(form: SearchForm): string | null {
  const bad = searchDrawsProblem(form.draws, form.percentile);
  if (bad) return bad;
  // The seed draws the timing too: `cli tune --draws` takes it unsigned, so the app does.
  if (form.draws > 1 && !(form.seed >= 0 && form.seed <= 0xffffffff))
    return `Seed takes a whole number from 0 to 4294967295 with draws, got ${form.seed}`;
  const simulations = form.budget * form.draws;
  if (Number.isFinite(simulations) && simulations > MAX_APP_SIMULATIONS)
    return `Runs × draws is ${simulations.toLocaleString('en-US')} simulations, over the ${MAX_APP_SIMULATIONS.toLocaleString('en-US')} a search in the page runs: lower the runs or the draws, or run \`npx hpa-sim tune --draws ${form.draws}\``;
  return null;
}

export function goalsOf(form: SearchForm): Goals {
  return {
    constraints: form.constraints,
    objective:
      form.minimize === 'cost' ? costObjective(form.price, 'per pod-hour') : podHoursObjective(),
  };
}

export function createSearchSlice(deps: SearchSliceDeps): {
  initial: SearchState;
  actions: SearchActions;
} {
  const { get, set, service, clock } = deps;
  /** the running search's abort (null: none runs) */
  let running: AbortController | null = null;

  const update = (patch: Partial<SearchState>) => set({ search: { ...get().search, ...patch } });
  const status = (s: SearchStatus) => update({ status: s });

  async function start() {
    running?.abort();
    const form = get().search.form;
    if (!service) return status({ kind: 'error', error: 'searching needs the simulator' });
    if (!searchFormValid(form))
      return status({ kind: 'error', error: searchFormProblem(form) ?? 'the goals are not valid' });
    const abort = new AbortController();
    running = abort;
    const mine = () => running === abort;
    const text = get().text;
    const hpa = get().hpa;
    // The draws as `cli tune` makes them from its flags (src/tune/drawsGoal.ts): the same answer.
    const draws = searchDraws(form.draws, form.percentile, form.seed);
    update({ status: { kind: 'starting' }, incidents: [], text, draws });
    const workers = Math.max(1, Math.min(MAX_APP_WORKERS, form.workers, form.budget));
    const opened = await service.open(
      { text, maxWork: service.maxWork, draws, ...(hpa === null ? {} : { hpa }) },
      {
        workers,
        signal: abort.signal,
        onIncident: (i) => {
          if (mine())
            update({ incidents: [...get().search.incidents, i.message].slice(-KEPT_INCIDENTS) });
        },
      },
    );
    if (!opened.ok) {
      if (mine()) {
        running = null;
        status({ kind: 'error', error: opened.error });
      }
      return;
    }
    const session = opened.session;
    if (!mine()) return session.close();
    const t0 = clock.now();
    status({ kind: 'running', done: 0, total: form.budget, workers: session.workers });
    try {
      const result = await search(
        session.base,
        goalsOf(form),
        {
          seed: form.seed,
          budget: form.budget,
          space: { replicas: form.replicas, target: form.target },
        },
        session.evaluate,
        {
          signal: abort.signal,
          onProgress: (p) => {
            if (mine())
              status({ kind: 'running', done: p.done, total: p.total, workers: session.workers });
          },
        },
      );
      if (mine())
        status({
          kind: 'done',
          result,
          workers: session.workers,
          seconds: (clock.now() - t0) / 1000,
        });
    } catch (e) {
      if (mine()) status({ kind: 'error', error: (e as Error).message });
    } finally {
      if (mine()) running = null;
      session.close();
    }
  }

  return {
    initial: {
      status: { kind: 'idle' },
      form: {
        ...DEFAULT_SEARCH_FORM,
        workers: service?.defaultWorkers ?? 1,
        ...(deps.shared ?? {}),
      },
      incidents: [],
      text: null,
      draws: null,
    },
    actions: {
      startSearch: () => void start(),
      cancelSearch() {
        running?.abort();
        // A search still starting has nothing to show: it ends here.
        if (get().search.status.kind === 'starting') {
          running = null;
          status({ kind: 'idle' });
        }
      },
      editSearchForm: (patch) => update({ form: { ...get().search.form, ...patch } }),
    },
  };
}
