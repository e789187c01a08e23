// The search slice: a search of the current text runs in the store, reports progress and its
// result, survives whatever the dialog does (the dialog only reads the slice), and cancels cleanly.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SearchOpen } from '../bridge/searchLanes.ts';
import { parseScenario } from '../scenario/index.ts';
import { feedEvaluator, LaneError, prepareSearch, type SearchLane } from '../tune/index.ts';
import { shortDefaultText } from '../tune/testing/fixture.ts';
import { settle } from './testing/fakes.ts';
import { setup } from './testing/setup.ts';
import type { SearchService } from './types.ts';

const defaultYaml = readFileSync(new URL('../presets/default.yaml', import.meta.url), 'utf8');
const text = shortDefaultText(defaultYaml, 2);

/**
 * A search service on this thread: lanes that evaluate in-process, `hold` (when given) keeping
 * every job waiting until released or aborted.
 */
function service(hold?: { released: Promise<void> }) {
  const opened: { text: string; workers: number }[] = [];
  const s: SearchService = {
    defaultWorkers: 3,
    maxWork: 20_000_000,
    async open(request, options): Promise<SearchOpen> {
      opened.push({ text: request.text, workers: options.workers });
      const p = prepareSearch(parseScenario(request.text), request.maxWork);
      if (!p.ok) return p;
      const lane: SearchLane = {
        evaluate: async (patch, signal) => {
          if (hold)
            await Promise.race([
              hold.released,
              new Promise((_, reject) =>
                signal.addEventListener('abort', () => reject(new LaneError('aborted', 'x'))),
              ),
            ]);
          return p.search.evaluate(patch);
        },
      };
      return {
        ok: true,
        session: {
          base: p.search.base,
          workers: options.workers,
          evaluate: feedEvaluator([lane], { signal: options.signal }),
          close: () => {},
        },
      };
    },
  };
  return { s, opened };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await settle();
  expect(check()).toBe(true);
}

describe('the search slice', () => {
  it('searches the current text with the form, reporting progress, then the result', async () => {
    const { s, opened } = service();
    const { store, actions } = setup({ defaultText: text, search: s });
    expect(store.getState().search.form.workers).toBe(3);
    actions.editSearchForm({ budget: 20, workers: 8 });
    const kinds: string[] = [];
    store.subscribe((st) => kinds.push(st.search.status.kind));
    actions.startSearch();
    await until(() => store.getState().search.status.kind === 'done');
    const status = store.getState().search.status;
    if (status.kind !== 'done') throw new Error('not done');
    expect(status.result.candidates).toHaveLength(20);
    expect(status.result.cancelled).toBe(false);
    expect(opened).toEqual([{ text, workers: 8 }]);
    expect(kinds).toContain('starting');
    expect(kinds).toContain('running');
    expect(store.getState().search.text).toBe(text);
  });

  it('cancel ends a running search as cancelled, keeping what it found', async () => {
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    const { s } = service({ released });
    const { store, actions } = setup({ defaultText: text, search: s });
    actions.editSearchForm({ budget: 40 });
    actions.startSearch();
    await until(() => store.getState().search.status.kind === 'running');
    actions.cancelSearch();
    release();
    await until(() => store.getState().search.status.kind === 'done');
    const status = store.getState().search.status;
    expect(status.kind === 'done' && status.result.cancelled).toBe(true);
  });

  it('a new search replaces the running one; a text that cannot be tuned says why', async () => {
    const { s } = service();
    const { store, actions } = setup({ defaultText: 'kind: Nothing', search: s });
    actions.startSearch();
    await until(() => store.getState().search.status.kind === 'error');
    expect(store.getState().search.status).toEqual({
      kind: 'error',
      error: 'the scenario is not valid',
    });
    actions.editSearchForm({ budget: 0 });
    actions.startSearch();
    expect(store.getState().search.status).toEqual({
      kind: 'error',
      error: 'the goals are not valid',
    });
  });

  it('without a search service, a search says so', () => {
    const { store, actions } = setup({ defaultText: text });
    actions.startSearch();
    expect(store.getState().search.status).toEqual({
      kind: 'error',
      error: 'searching needs the simulator',
    });
  });
});
