/**
 * Monaco's construction options for the scenario editor (the per-instance ones — model, theme,
 * label — are added by ScenarioEditor.tsx). Type-only import: this module loads no Monaco code.
 */
import type * as monaco from 'monaco-editor';
import { EDITOR_FONT_FAMILY, EDITOR_FONT_SIZE, EDITOR_LINE_HEIGHT } from './types.ts';

export const EDITOR_OPTIONS = {
  automaticLayout: true,
  fixedOverflowWidgets: true,
  // Nor the minimap's section headers: Monaco's editor worker would look for them per edit.
  minimap: { enabled: false, showRegionSectionHeaders: false, showMarkSectionHeaders: false },
  scrollBeyondLastLine: false,
  detectIndentation: false,
  tabSize: 2,
  insertSpaces: true,
  fontFamily: EDITOR_FONT_FAMILY,
  fontSize: EDITOR_FONT_SIZE,
  lineHeight: EDITOR_LINE_HEIGHT,
  renderWhitespace: 'selection',
  quickSuggestions: { other: true, comments: false, strings: true },
  suggest: { showWords: false },
  wordBasedSuggestions: 'off',
  hover: { delay: 300 },
  // Its pending delayed run rejects unhandled ("Canceled") when the editor is disposed soon
  // after a cursor move or focus (monaco-editor#4702; React StrictMode remounts hit it).
  occurrencesHighlight: 'off',
  // No remote content anywhere: links in hovers are not opened by a click.
  links: false,
  // A manifest holds no colors: Monaco would draw a color swatch before an issue number in a
  // comment ("kedacore/keda #7770" reads as the CSS color #7770) or a hex-looking value.
  // It is also a per-edit request to the editor worker (npm run bench:ui).
  colorDecorators: false,
  defaultColorDecorators: 'never',
  // The textarea input, not Chromium's EditContext: that one measures the editor's box
  // (getBoundingClientRect) at every render, a forced layout of the whole page per keystroke
  // and per drag frame, whose charts are being redrawn (npm run bench:ui, src/panels/editor).
  editContext: false,
  // Long lines wrap under their indentation: nothing is ever scrolled sideways.
  wordWrap: 'on',
  wrappingIndent: 'indent',
  // Tab moves focus until the user types (tabFocus.ts): the editor is never a keyboard trap.
  tabFocusMode: true,
} satisfies monaco.editor.IStandaloneEditorConstructionOptions;
