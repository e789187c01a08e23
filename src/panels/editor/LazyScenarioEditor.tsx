/**
 * The scenario editor as the app mounts it: a plain textarea at first paint, swapped for Monaco
 * once its chunk has loaded (and kept, still editable, if that chunk cannot load).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { ScenarioEditorFallback } from './ScenarioEditorFallback.tsx';
import { FAILED_ARIA_LABEL, type ScenarioEditorProps } from './types.ts';

type EditorModule = { default: ComponentType<ScenarioEditorProps> };

let loading: Promise<EditorModule> | null = null;
/** Loading waits for this (see deferScenarioEditor); open unless a page holds it. */
let gate: Promise<void> = Promise.resolve();
let openGate: (() => void) | null = null;

/**
 * Holds Monaco's loading until the returned function is called (idempotent). The page holds it
 * while its first result is drawn: Monaco's module takes the page's thread for a second or so on
 * a busy machine, and the charts should not wait behind it. Meanwhile the textarea edits.
 */
export function deferScenarioEditor(): () => void {
  if (!openGate && !loading) gate = new Promise<void>((resolve) => (openGate = resolve));
  return () => {
    openGate?.();
    openGate = null;
  };
}

function loadEditor(): Promise<EditorModule> {
  loading ??= gate
    .then(() => import('./ScenarioEditor.tsx'))
    .catch((error: unknown) => {
      loading = null; // a later call may try again
      throw error;
    });
  return loading;
}

/**
 * Starts loading Monaco (idempotent; never rejects: true once loaded, false if it failed). Call
 * it early so the editor is ready sooner; `LazyScenarioEditor` loads it anyway.
 */
export function preloadScenarioEditor(): Promise<boolean> {
  return loadEditor().then(
    () => true,
    () => false,
  );
}

/** Editing without Monaco: the textarea, labelled so nobody waits for it to become Monaco. */
function PlainTextEditor(props: ScenarioEditorProps) {
  return (
    <ScenarioEditorFallback
      value={props.value}
      onChange={props.onChange}
      theme={props.theme}
      className={props.className}
      ariaLabel={FAILED_ARIA_LABEL}
      onUndo={props.onUndo}
      onRedo={props.onRedo}
    />
  );
}

const MonacoEditor = lazy(() =>
  loadEditor().catch((error: unknown): EditorModule => {
    console.warn('hpa-sim: the code editor failed to load; editing as plain text.', error);
    return { default: PlainTextEditor };
  }),
);

/** Mount this (no Suspense boundary needed around it). */
export function LazyScenarioEditor(props: ScenarioEditorProps) {
  return (
    <Suspense
      fallback={
        <ScenarioEditorFallback
          value={props.value}
          onChange={props.onChange}
          theme={props.theme}
          className={props.className}
          onUndo={props.onUndo}
          onRedo={props.onRedo}
        />
      }
    >
      <MonacoEditor {...props} />
    </Suspense>
  );
}
