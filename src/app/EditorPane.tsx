// The scenario pane: its name and description, the HPA picker, the assumed-world notice, the
// editor and the problems under it. It reads the text itself, so an edit re-renders this pane
// and not the page; during a curve drag the editor shows the text on release only: Monaco's edit
// and re-render cost 10-20 ms, a drag sends a text per frame.
import { memo, useMemo, useState } from 'react';
import { LazyScenarioEditor, tabModeHint, type TabMode } from '../panels/editor/index.ts';
import type { Diagnostic } from '../run/index.ts';
import { applyFix } from '../scenario/edit/index.ts';
import {
  getScenarioText,
  useActions,
  useDiagnostics,
  useDiagnosticsText,
  useGestureActive,
  useHpaChoice,
  useParseSummary,
  useScenarioText,
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

/** Memoized: a new result re-renders the page, and this pane only when its own values change. */
export const EditorPane = memo(function EditorPane({ theme }: { theme: 'light' | 'dark' }) {
  const text = useScenarioText();
  const gesture = useGestureActive();
  const editorText = useHeldWhile(text, gesture);
  const diagnostics = useDiagnostics();
  const diagnosticsText = useDiagnosticsText();
  const parse = useParseSummary();
  const hpaChoice = useHpaChoice();
  const actions = useActions();
  const [tabMode, setTabMode] = useState<TabMode>('moves');
  const notes = useMemo(() => diagnostics.filter((d) => d.severity === 'info'), [diagnostics]);
  return (
    <section className="pane editor" aria-label="Scenario">
      <div className="scenario-meta">
        <div className="scenario-head">
          <strong>{parse?.name || 'Scenario'}</strong>
          <NotesBadge notes={notes} />
        </div>
        {parse?.description ? (
          <Description key={parse.description} text={parse.description} />
        ) : null}
        <HpaPicker parse={parse} choice={hpaChoice} onChoose={actions.chooseHpa} />
      </div>
      <TrimOffer parse={parse} textLength={text.length} onEdit={actions.editByStep} />
      <AssumedWorld parse={parse} getText={getScenarioText} onEdit={actions.editByStep} />
      <Editor
        className="editor-host"
        value={editorText}
        onChange={actions.editScenarioText}
        onUndo={actions.undo}
        onRedo={actions.redo}
        diagnostics={diagnostics}
        diagnosticsText={diagnosticsText ?? undefined}
        theme={theme}
        onTabMode={setTabMode}
      />
      <p className="editor-keys" data-tab-mode={tabMode}>
        {tabModeHint(tabMode)}
      </p>
      <ProblemsList
        diagnostics={diagnostics}
        // A fix is located in the text it was computed for: offered only while that is the text.
        onFix={
          diagnosticsText === text ? (d) => applyDiagnosticFix(d, actions.editByStep) : undefined
        }
      />
    </section>
  );
});
