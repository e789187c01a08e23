/**
 * The scenario YAML editor panel. Monaco is loaded lazily: nothing here imports it.
 *
 *   <LazyScenarioEditor value={text} onChange={setText} diagnostics={diagnostics} theme="dark" />
 */
export {
  deferScenarioEditor,
  LazyScenarioEditor,
  preloadScenarioEditor,
  whenScenarioEditorReady,
} from './LazyScenarioEditor.tsx';
export { ScenarioEditorFallback } from './ScenarioEditorFallback.tsx';
export type {
  EditorMarker,
  EditorTheme,
  ScenarioEditorProps,
  ScenarioEditorTestHook,
} from './types.ts';
export { tabModeHint, type TabMode } from './tabFocus.ts';
