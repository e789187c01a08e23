// The scenario pane: its name and description, the HPA picker, the assumed-world notice, the
// editor and the problems under it. Its parts read the text and the parse themselves, so an edit
// re-renders them and not the page; during a curve drag the editor shows the text on release
// only: Monaco's edit and re-render cost 10-20 ms, a drag sends a text per frame.
import { memo, useMemo, useState } from 'react';
import { LazyScenarioEditor, tabModeHint, type TabMode } from '../panels/editor/index.ts';
import type { Diagnostic } from '../run/index.ts';
import { applyFix } from '../scenario/edit/index.ts';
import {
  getScenarioText,
  useActions,
  useDefaultSimulation,
  useDefaultWorld,
  useDiagnostics,
  useDiagnosticsCurrent,
  useDiagnosticsText,
  useHpaChoice,
  useParsedDescription,
  useParsedName,
  useParseWithHpaChoices,
  useScenarioTextUnlessGesture,
  useScenarioTextWhile,
  useTrimmedText,
} from '../store/index.ts';
import { AssumedWorld } from './paste/AssumedWorld.tsx';
import { HpaPicker } from './paste/HpaPicker.tsx';
import { TrimOffer } from './paste/TrimOffer.tsx';
import { NotesBadge } from './NotesBadge.tsx';
import { ProblemsList } from './ProblemsList.tsx';
import { useHeldWhile } from './useHeldWhile.ts';

/** Memoized: during a drag the pane re-renders per frame and the editor only when it shows more. */
const Editor = memo(LazyScenarioEditor);

/** Applies `d`'s fix to the current text as one undo step (nothing when it no longer fits). */
function applyDiagnosticFix(d: Diagnostic, edit: (text: string) => void): void {
  if (!d.fix) return;
  const fixed = applyFix(getScenarioText(), d.fix);
  if (fixed !== null) edit(fixed);
}

/** The scenario's "what to notice", two lines until "more" (the editor keeps its height). */
function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  // About two lines of the pane at its default width: shorter texts need no "more".
  const long = text.length > 90;
  return (
    <p className={`scenario-desc${long && !open ? ' clamped' : ''}`}>
      {text}
      {long ? (
        <>
          {' '}
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'less' : 'more'}
          </button>
        </>
      ) : null}
    </p>
  );
}

/**
 * The editor with the text it shows: during a curve drag the text on release only (the store's
 * text per frame is not read then, so neither this nor Monaco re-renders per frame).
 */
function PaneEditor({
  theme,
  onTabMode,
}: {
  theme: 'light' | 'dark';
  onTabMode: (mode: TabMode) => void;
}) {
  const live = useScenarioTextUnlessGesture();
  // Mounted mid-drag (never seen): the text as it is.
  const editorText = useHeldWhile(live, live === null) ?? getScenarioText();
  const diagnostics = useDiagnostics();
  const diagnosticsText = useDiagnosticsText();
  const actions = useActions();
  return (
    <Editor
      className="editor-host"
      value={editorText}
      onChange={actions.editScenarioText}
      onUndo={actions.undo}
      onRedo={actions.redo}
      diagnostics={diagnostics}
      diagnosticsText={diagnosticsText ?? undefined}
      theme={theme}
      onTabMode={onTabMode}
    />
  );
}

/** A too-large text's offer, reading the text's length only while it is offered. */
function PaneTrimOffer() {
  const trimmed = useTrimmedText();
  const text = useScenarioTextWhile(trimmed !== undefined);
  const actions = useActions();
  return <TrimOffer trimmed={trimmed} textLength={text.length} onEdit={actions.editByStep} />;
}

/** The problems, with their fixes while the diagnostics are the text's own. */
function PaneProblems() {
  const diagnostics = useDiagnostics();
  const current = useDiagnosticsCurrent();
  const actions = useActions();
  return (
    <ProblemsList
      diagnostics={diagnostics}
      // A fix is located in the text it was computed for: offered only while that is the text.
      onFix={current ? (d) => applyDiagnosticFix(d, actions.editByStep) : undefined}
    />
  );
}

/**
 * Memoized: a new result re-renders the page, and this pane only when its own values change. Its
 * parts read what they show (strings and flags where they can), so an edit, its parse and each
 * frame of a drag re-render only those whose values changed: the editor, the problems.
 */
export const EditorPane = memo(function EditorPane({ theme }: { theme: 'light' | 'dark' }) {
  const diagnostics = useDiagnostics();
  const name = useParsedName();
  const description = useParsedDescription();
  const pickerParse = useParseWithHpaChoices();
  const hpaChoice = useHpaChoice();
  const defaultSimulation = useDefaultSimulation();
  const defaultWorld = useDefaultWorld();
  const actions = useActions();
  const [tabMode, setTabMode] = useState<TabMode>('moves');
  const notes = useMemo(() => diagnostics.filter((d) => d.severity === 'info'), [diagnostics]);
  return (
    <section className="pane editor" aria-label="Scenario">
      <div className="scenario-meta">
        <div className="scenario-head">
          <strong>{name || 'Scenario'}</strong>
          <NotesBadge notes={notes} />
        </div>
        {description ? <Description key={description} text={description} /> : null}
        <HpaPicker parse={pickerParse} choice={hpaChoice} onChoose={actions.chooseHpa} />
      </div>
      <PaneTrimOffer />
      <AssumedWorld
        snippet={defaultSimulation}
        world={defaultWorld}
        getText={getScenarioText}
        onEdit={actions.editByStep}
      />
      <PaneEditor theme={theme} onTabMode={setTabMode} />
      <p className="editor-keys" data-tab-mode={tabMode}>
        {tabModeHint(tabMode)}
      </p>
      <PaneProblems />
    </section>
  );
});
