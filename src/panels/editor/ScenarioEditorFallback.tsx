/**
 * Plain-text stand-in while Monaco loads (and for good if it cannot load): the same text, fully
 * editable, so the page is usable at first paint and no keystroke is lost.
 */
import { useLayoutEffect, useRef } from 'react';
import './editor.css';
import { leaveHandoff } from './handoff.ts';
import {
  EDITOR_FONT_FAMILY,
  EDITOR_FONT_SIZE,
  EDITOR_LINE_HEIGHT,
  FALLBACK_ARIA_LABEL,
  editorBoxClass,
  type EditorTheme,
} from './types.ts';
import { historyKey } from './historyKeys.ts';

export interface ScenarioEditorFallbackProps {
  value: string;
  onChange(text: string): void;
  theme: EditorTheme;
  className?: string;
  /** Default: "Scenario YAML (loading editor)". */
  ariaLabel?: string;
  /** The page's history (see ScenarioEditorProps). */
  onUndo?(): void;
  onRedo?(): void;
}

const COLORS: Record<EditorTheme, { background: string; color: string }> = {
  light: { background: '#fffffe', color: '#000000' },
  dark: { background: '#1e1e1e', color: '#d4d4d4' },
};

export function ScenarioEditorFallback({
  value,
  onChange,
  theme,
  className,
  ariaLabel = FALLBACK_ARIA_LABEL,
  onUndo,
  onRedo,
}: ScenarioEditorFallbackProps) {
  const ref = useRef<HTMLTextAreaElement>(null);

  // Runs before the textarea leaves the DOM, while it may still hold the focus.
  useLayoutEffect(() => {
    const textarea = ref.current;
    return () => {
      if (textarea && textarea.ownerDocument.activeElement === textarea) {
        leaveHandoff({
          selectionStart: textarea.selectionStart,
          selectionEnd: textarea.selectionEnd,
        });
      }
    };
  }, []);

  return (
    <div
      className={editorBoxClass(className)}
      data-testid="scenario-editor-fallback"
      data-theme={theme}
    >
      <textarea
        ref={ref}
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          const which = historyKey(event);
          const run = which === 'undo' ? onUndo : which === 'redo' ? onRedo : undefined;
          if (!run) return;
          event.preventDefault();
          run();
        }}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        wrap="soft"
        style={{
          boxSizing: 'border-box',
          width: '100%',
          height: '100%',
          margin: 0,
          border: 0,
          resize: 'none',
          padding: '0 0 0 64px',
          fontFamily: EDITOR_FONT_FAMILY,
          fontSize: EDITOR_FONT_SIZE,
          lineHeight: `${EDITOR_LINE_HEIGHT}px`,
          tabSize: 2,
          whiteSpace: 'pre-wrap',
          ...COLORS[theme],
        }}
      />
    </div>
  );
}
