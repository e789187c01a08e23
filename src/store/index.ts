// The app state: one vanilla zustand store combined from slices (scenario, runs, focus, prefs,
// search), actions named as domain events, one-value hooks for components. See README.md.

export { createSimStore, type SimStore } from './createSimStore.ts';
export { getStore, initStore } from './current.ts';
export * from './hooks.ts';
export {
  selectCanRedo,
  selectCanUndo,
  selectErrorCount,
  selectIsStale,
  selectShownStale,
} from './selectors.ts';
export { STORAGE_KEYS } from './tabStorage.ts';
export { startBrowserStore } from './browser.ts';
export { startEmbedStore } from './embed.ts';
export type * from './types.ts';
export { draftTitle } from './drafts.ts';
export { clampWidth, DEFAULT_LAYOUT, WIDTH_LIMITS, type LayoutPrefs } from './layoutPrefs.ts';
export {
  MAX_APP_BUDGET,
  MAX_APP_SIMULATIONS,
  MAX_APP_WORKERS,
  searchFormProblem,
  searchFormValid,
} from './searchSlice.ts';
export { useDrawSet, type DrawSetState } from './drawSet.ts';
export {
  federationView,
  federationGroups,
  type ClusterLaneView,
  type FederationModelView,
  type FederationView,
} from './federationView.ts';
export { SPEEDS, rescaleFrom, type PlaybackState, type Speed, type Ticker } from './playback.ts';
