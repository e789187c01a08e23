// The store (zustand, vanilla: no React here, so it runs in Node tests): the slices combined.
// Each slice is a file that owns its part of the state and the actions that write it
// (README.md: who writes what); the state stays flat, so a hook reads one field. The slices call
// each other through the small links they are given (scenario → runs → focus), never by setting
// each other's fields.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { systemClock } from '../bridge/types.ts';
import { createFocusSlice } from './focusSlice.ts';
import { openTab } from './openTab.ts';
import { createPrefsSlice } from './prefsSlice.ts';
import { createRunsSlice, type RunsSlice } from './runsSlice.ts';
import { createScenarioSlice } from './scenarioSlice.ts';
import { createSearchSlice } from './searchSlice.ts';
import type { SimActions, SimState, StoreDeps } from './types.ts';

export type SimStore = StoreApi<SimState>;

export function createSimStore(deps: StoreDeps): SimStore {
  const clock = deps.clock ?? systemClock;
  const now = deps.wallClock ?? Date.now;
  const tab = openTab(deps, clock, now);
  let runs: RunsSlice | null = null;

  const store = createStore<SimState>()((set, get) => {
    const ctx = { get, set };
    const focus = createFocusSlice(ctx, deps.client, deps);
    // The scenario asks for runs; the runs slice is made next (the link is read when called).
    const scenario = createScenarioSlice(ctx, deps, tab, clock, now, {
      requestRun: (text, curve) => runs!.requestRun(text, curve),
      hold: () => runs!.hold(),
      focus,
    });
    runs = createRunsSlice(ctx, deps.client, tab.guard, tab.held, {
      parsed: scenario.parsed,
      noticed: scenario.noticed,
      hpaAbsent: scenario.hpaAbsent,
      focus,
    });
    const prefs = createPrefsSlice(ctx, deps.storage);
    const search = createSearchSlice({
      get,
      set,
      service: deps.search ?? null,
      clock,
      // A reviewer link's search settings apply to the link's text only.
      shared: deps.sharedText != null ? (deps.sharedTune ?? null) : null,
    });
    // A new slice (e.g. opening a run set) adds its file here: its state and its actions.
    const actions: SimActions = {
      ...scenario.actions,
      ...runs.actions,
      ...focus.actions,
      ...prefs.actions,
      ...search.actions,
    };
    return {
      ...scenario.initial,
      ...runs.initial,
      ...focus.initial,
      ...prefs.initial,
      search: search.initial,
      actions,
    };
  });

  // The first run goes through the same path as every later one (unless the text is held).
  if (!tab.held) runs!.requestRun(store.getState().text);
  return store;
}
