/**
 * The scenario editor as the app mounts it: a plain textarea at first paint, swapped for Monaco
 * once its chunk has loaded (and kept, still editable, if that chunk cannot load).
 */
import { useEffect, useState, type ComponentType } from 'react';
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

type EditorComponent = ComponentType<ScenarioEditorProps>;

let settleReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (settleReady = resolve));

/**
 * Resolves once the first Monaco editor is ready (or its chunk failed to load and the textarea
 * stays): the end of the page's start-up, for work that should not compete with it.
 */
export function whenScenarioEditorReady(): Promise<void> {
  return ready;
}

/** The editor once its module has loaded (or the plain one, when it failed to). */
let loaded: EditorComponent | null = null;

function loadComponent(): Promise<EditorComponent> {
  return loadEditor().then(
    (module) => (loaded = module.default),
    (error: unknown): EditorComponent => {
      console.warn('hpa-sim: the code editor failed to load; editing as plain text.', error);
      settleReady();
      return PlainTextEditor;
    },
  );
}

/**
 * Mount this. The textarea until Monaco's module has loaded, then Monaco, swapped by a state
 * update rather than a Suspense boundary: React holds back a Suspense boundary's reveal for up
 * to 300 ms after any boundary last changed (its fallback throttle), and the curve panel's own
 * lazy boundary changes as the first result arrives, just before the editor is let load (with
 * Monaco's module already evaluated, `npm run bench:ui -- --profile --fresh-worker` showed
 * 230–300 ms between the first result's render and the editor's creation: the throttle's wait).
 */
export function LazyScenarioEditor(props: ScenarioEditorProps) {
  const [Editor, setEditor] = useState<EditorComponent | null>(() => loaded);
  useEffect(() => {
    if (Editor) return;
    let mounted = true;
    void loadComponent().then((component) => {
      if (mounted) setEditor(() => component);
    });
    return () => {
      mounted = false;
    };
  }, [Editor]);
  if (Editor)
    return (
      <Editor
        {...props}
        onReady={() => {
          settleReady();
          props.onReady?.();
        }}
      />
    );
  return (
    <ScenarioEditorFallback
      value={props.value}
      onChange={props.onChange}
      theme={props.theme}
      className={props.className}
      onUndo={props.onUndo}
      onRedo={props.onRedo}
    />
  );
}
