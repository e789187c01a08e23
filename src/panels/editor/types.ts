import type { Diagnostic } from '../../run/index.ts';
import type { TabMode } from './tabFocus.ts';

export type EditorTheme = 'light' | 'dark';

export interface ScenarioEditorProps {
  /** The scenario text. The editor is controlled: store what `onChange` gives, synchronously. */
  value: string;
  /** Called with the whole text after each edit by the user (never for a `value` change). */
  onChange(text: string): void;
  /** Shown as markers at their exact ranges. May lag behind the text; they are replaced whole. */
  diagnostics: readonly Diagnostic[];
  /**
   * The text `diagnostics` were computed for: their fixes (Diagnostic.fix) are offered as quick
   * fixes only while the editor holds exactly this text. Without it no fix is offered.
   */
  diagnosticsText?: string;
  theme: EditorTheme;
  /** Accessible name of the editing surface. Default: "Scenario YAML". */
  ariaLabel?: string;
  /**
   * The page's history: when given, the editor's own undo and redo (Ctrl/⌘+Z, Ctrl/⌘+Shift+Z,
   * Ctrl+Y) call these instead, so there is one undo history for typing and every other edit.
   */
  onUndo?(): void;
  onRedo?(): void;
  /**
   * Told what Tab does now (`tabFocus.ts`): `moves` focus on (entered with the keyboard, or after
   * Esc) or `indents` (the user is typing). Monaco only: in the plain-text fallback Tab moves on.
   */
  onTabMode?(mode: TabMode): void;
  /** Called once Monaco is mounted (not for the plain-text fallback). */
  onReady?(): void;
  /**
   * Class of the outer element, added to `hpa-scenario-editor` (editor.css: 100 % × 100 %,
   * min-height 16rem, at zero specificity so the app's rules win). The editor fills the box.
   */
  className?: string;
}

/** A marker as tests read it (1-based, end column exclusive, as in `Diagnostic`). */
export interface EditorMarker {
  owner: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * `window.__hpaSimEditor`, set while a Monaco scenario editor is mounted (also in production
 * builds: it only exposes what the page already shows).
 */
export interface ScenarioEditorTestHook {
  /** Replaces the text as a user edit would: undoable, and `onChange` is called. */
  setValue(text: string): void;
  getValue(): string;
  /** All markers of the model, every owner (ours are `hpa-sim`). */
  markers(): EditorMarker[];
  focus(): void;
  /** Moves the cursor (1-based), reveals it and focuses the editor. */
  setCursor(line: number, column: number): void;
  /** The cursor position (1-based). */
  getCursor(): { line: number; column: number };
}

declare global {
  interface Window {
    __hpaSimEditor?: ScenarioEditorTestHook;
  }
}

export const DEFAULT_ARIA_LABEL = 'Scenario YAML';
export const FALLBACK_ARIA_LABEL = 'Scenario YAML (loading editor)';
export const FAILED_ARIA_LABEL = 'Scenario YAML (plain text: the editor failed to load)';
/** Shared by Monaco and the plain-text fallback, so the swap does not move the text. */
export const EDITOR_FONT_SIZE = 13;
export const EDITOR_LINE_HEIGHT = 19;
/** System monospace fonts only (no web font is ever fetched). */
export const EDITOR_FONT_FAMILY =
  'ui-monospace, "Cascadia Mono", "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

/** Class names of the box (editor.css), shared by Monaco and the fallback: nothing moves. */
export function editorBoxClass(className: string | undefined): string {
  return className ? `hpa-scenario-editor ${className}` : 'hpa-scenario-editor';
}
