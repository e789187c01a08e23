/**
 * The scenario YAML editor: Monaco with monaco-yaml (completion and hover docs from the scenario
 * schemas) and our own diagnostics as markers. Loaded lazily: import `LazyScenarioEditor` from
 * `./index.ts`, never this module directly (it pulls in Monaco, ~0.84 MB gzip).
 */
import './monacoEnvironment.ts';
import './editor.css';
import { monaco } from './monaco.ts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { leaveHandoff, takeHandoff } from './handoff.ts';
import { MARKER_OWNER, severityName, toMarkers } from './markers.ts';
import { SCENARIO_FILE_SUFFIX } from './scenarioSchema.ts';
import { minimalReplacement } from './textEdit.ts';
import { registerQuickFixes } from './quickFixes.ts';
import { nextTabMode, type TabEvent, type TabMode } from './tabFocus.ts';
import {
  DEFAULT_ARIA_LABEL,
  editorBoxClass,
  type EditorMarker,
  type EditorTheme,
  type ScenarioEditorProps,
  type ScenarioEditorTestHook,
} from './types.ts';
import { ensureYamlLanguage } from './yamlLanguage.ts';
import { EDITOR_OPTIONS } from './editorOptions.ts';

type CodeEditor = monaco.editor.IStandaloneCodeEditor;
type TextModel = monaco.editor.ITextModel;

let modelCount = 0;
/** Bounds the memory held for echo detection (texts share storage with the parent's state). */
const MAX_PENDING_ECHOES = 64;

/**
 * Monaco's own themes with one change: vs-dark's comment green (#608b4e on #1e1e1e, 4.2:1) fails
 * WCAG AA contrast; VS Code's later #6a9955 passes (5:1).
 */
function defineThemes(): void {
  monaco.editor.defineTheme('hpa-sim-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: [{ token: 'comment', foreground: '6a9955' }],
    colors: {},
  });
}
const monacoTheme = (theme: EditorTheme): string => (theme === 'dark' ? 'hpa-sim-dark' : 'vs');

/** `text` with the model's line breaks, as `model.getValue()` returns it. */
function withModelEol(model: TextModel, text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?|\n/g, model.getEOL()) : text;
}

/**
 * Replaces the model's text by the smallest edit, as one undo step. `source` tells Monaco (and
 * our change listener) who edits.
 */
function replaceText(editor: CodeEditor, model: TextModel, text: string, source: string): void {
  const replacement = minimalReplacement(model.getValue(), withModelEol(model, text));
  if (!replacement) return;
  const range = monaco.Range.fromPositions(
    model.getPositionAt(replacement.start),
    model.getPositionAt(replacement.end),
  );
  model.pushStackElement();
  editor.executeEdits(source, [{ range, text: replacement.text, forceMoveMarkers: true }]);
  model.pushStackElement();
}

function readMarkers(model: TextModel): EditorMarker[] {
  return monaco.editor.getModelMarkers({ resource: model.uri }).map((m) => ({
    owner: m.owner,
    severity: severityName(m.severity),
    message: m.message,
    line: m.startLineNumber,
    column: m.startColumn,
    endLine: m.endLineNumber,
    endColumn: m.endColumn,
  }));
}

export default function ScenarioEditor({
  value,
  onChange,
  diagnostics,
  diagnosticsText,
  theme,
  ariaLabel = DEFAULT_ARIA_LABEL,
  onReady,
  onUndo,
  onRedo,
  onTabMode,
  className,
}: ScenarioEditorProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<CodeEditor | null>(null);
  /** True while we apply a `value` change: such edits are not reported through onChange. */
  const applyingValue = useRef(false);
  /**
   * Texts reported through onChange that have not come back as `value` yet. A `value` among them
   * is our own echo, possibly late (the user typed on before the parent re-rendered): it must
   * not overwrite the newer text in the editor.
   */
  const echoes = useRef<string[]>([]);
  const [ready, setReady] = useState(false);

  // The latest props, for the listeners and for the editor's creation.
  const props = {
    value,
    onChange,
    onReady,
    onUndo,
    onRedo,
    onTabMode,
    diagnostics,
    diagnosticsText,
    theme,
    ariaLabel,
  };
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  // Create the editor once per mount.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const initial = latest.current;
    // Taken before the editor is made: making it can take a second on a busy machine, and the
    // handoff's age is measured from the fallback's unmount to this mount, not to the editor.
    const handoff = takeHandoff();
    ensureYamlLanguage(monaco);
    defineThemes();
    modelCount += 1;
    const model = monaco.editor.createModel(
      initial.value,
      'yaml',
      monaco.Uri.parse(`file:///scenario-${modelCount}${SCENARIO_FILE_SUFFIX}`),
    );
    model.updateOptions({ tabSize: 2, indentSize: 2, insertSpaces: true });
    const editor = monaco.editor.create(container, {
      ...EDITOR_OPTIONS,
      model,
      theme: monacoTheme(initial.theme),
      ariaLabel: initial.ariaLabel,
    });
    editorRef.current = editor;
    monaco.editor.setModelMarkers(model, MARKER_OWNER, toMarkers(initial.diagnostics));
    const quickFixes = registerQuickFixes(monaco, model, () => ({
      diagnostics: latest.current.diagnostics,
      text: latest.current.diagnosticsText,
    }));

    // Tab's mode (tabFocus.ts). A pointer press just before the focus means a click into the text.
    let tabMode: TabMode = 'moves';
    let pointerFocus = false;
    const tab = (event: TabEvent) => {
      const next = nextTabMode(tabMode, event);
      if (next === tabMode) return;
      tabMode = next;
      editor.updateOptions({ tabFocusMode: next === 'moves' });
      container.dataset.tabMode = next;
      latest.current.onTabMode?.(next);
    };
    container.dataset.tabMode = tabMode;
    const onPointerDown = () => (pointerFocus = true);
    container.addEventListener('pointerdown', onPointerDown, true);
    const focusSub = editor.onDidFocusEditorText(() => {
      tab(pointerFocus ? 'focus-pointer' : 'focus-keyboard');
      pointerFocus = false;
    });
    const keySub = editor.onKeyDown((e) => {
      if (e.keyCode === monaco.KeyCode.Escape) tab('escape');
    });

    const subscription = model.onDidChangeContent(() => {
      if (applyingValue.current) return;
      if (editor.hasTextFocus()) tab('typed');
      const text = model.getValue();
      const pending = echoes.current;
      pending.push(text);
      if (pending.length > MAX_PENDING_ECHOES)
        pending.splice(0, pending.length - MAX_PENDING_ECHOES);
      latest.current.onChange(text);
    });

    // One undo history: the page's, when it gives one (Monaco's own stack would hold only the
    // typing, in a different order from the toolbar's).
    const history = (which: 'undo' | 'redo') => () => {
      const own = which === 'undo' ? latest.current.onUndo : latest.current.onRedo;
      if (own) own();
      else editor.trigger('keyboard', which, null);
    };
    const { KeyMod, KeyCode } = monaco;
    editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, history('undo'));
    editor.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, history('redo'));
    editor.addCommand(KeyMod.WinCtrl | KeyCode.KeyY, history('redo'));
    editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, history('redo'));

    if (handoff) {
      editor.focus();
      const start = model.getPositionAt(handoff.selectionStart);
      const end = model.getPositionAt(handoff.selectionEnd);
      editor.setSelection(monaco.Selection.fromPositions(start, end));
      editor.revealPositionInCenterIfOutsideViewport(end);
    }

    const hook: ScenarioEditorTestHook = {
      setValue: (text) => replaceText(editor, model, text, 'test-hook'),
      getValue: () => model.getValue(),
      markers: () => readMarkers(model),
      focus: () => editor.focus(),
      setCursor: (line, column) => {
        editor.setPosition({ lineNumber: line, column });
        editor.revealPositionInCenterIfOutsideViewport({ lineNumber: line, column });
        editor.focus();
      },
      getCursor: () => {
        const position = editor.getPosition();
        return { line: position?.lineNumber ?? 1, column: position?.column ?? 1 };
      },
    };
    window.__hpaSimEditor = hook;

    setReady(true);
    latest.current.onReady?.();

    return () => {
      // Remounted at once (React StrictMode in development, hot reload): keep the focus.
      const selection = editor.hasTextFocus() ? editor.getSelection() : null;
      if (selection) {
        leaveHandoff({
          selectionStart: model.getOffsetAt(selection.getStartPosition()),
          selectionEnd: model.getOffsetAt(selection.getEndPosition()),
        });
      }
      if (window.__hpaSimEditor === hook) delete window.__hpaSimEditor;
      subscription.dispose();
      focusSub.dispose();
      keySub.dispose();
      container.removeEventListener('pointerdown', onPointerDown, true);
      quickFixes.dispose();
      editorRef.current = null;
      editor.dispose();
      model.dispose();
      setReady(false);
    };
  }, []);

  // A new `value` from outside (preset, store undo, share link): apply it as one undoable edit.
  // A layout effect: applied before the browser paints, and before the user can type again.
  useLayoutEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    const pending = echoes.current;
    const echo = pending.lastIndexOf(value);
    if (echo >= 0) {
      pending.splice(0, echo + 1);
      return;
    }
    pending.length = 0;
    applyingValue.current = true;
    try {
      replaceText(editor, model, value, 'hpa-sim-value');
    } finally {
      applyingValue.current = false;
    }
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model) monaco.editor.setModelMarkers(model, MARKER_OWNER, toMarkers(diagnostics));
  }, [diagnostics]);

  useEffect(() => {
    // Monaco themes are global: the last editor to set one wins (there is one editor).
    monaco.editor.setTheme(monacoTheme(theme));
  }, [theme]);

  useEffect(() => {
    editorRef.current?.updateOptions({ ariaLabel });
  }, [ariaLabel]);

  return (
    <div
      ref={containerRef}
      className={editorBoxClass(className)}
      data-testid="scenario-editor"
      data-editor-ready={ready ? 'true' : 'false'}
      data-theme={theme}
    />
  );
}
