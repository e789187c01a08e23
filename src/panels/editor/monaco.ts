/**
 * Monaco as the scenario editor uses it: the editor API (`editor.api.js`) with the editor
 * features a YAML scenario needs, instead of the whole `monaco-editor` entry (its JSON, CSS, HTML
 * and TypeScript modes, the diff editor, inline completions and the tools for other languages'
 * services). Smaller, so the editor is ready sooner (`npm run bench:ui`, editor ready).
 *
 * Kept, as the full entry had them: YAML highlighting, our markers with their hover and F8, the
 * schema's completion (with snippets) and hover, the quick fixes' light bulb, find and replace,
 * folding, sticky scroll, undo/redo, formatting, comment toggling, bracket matching, the line,
 * word, cursor and multi-cursor commands, clipboard and drag-and-drop, smart select, the context
 * menu, the command palette (F1), go to line, go to symbol, Tab focus mode (Ctrl+M), and
 * unusual/invisible character highlighting. Left out, each with nothing to act on in this editor:
 * the diff editor, inline completions, code lens (monaco-yaml's is off), colour pickers
 * (`colorDecorators: false`), links (`links: false`), inlay hints, semantic tokens, linked
 * editing, parameter hints, rename, go to definition/references (no YAML provider but anchors),
 * word highlighting (`occurrencesHighlight: 'off'`), minimap section headers (no minimap), the
 * read-only message, placeholder text, the GPU renderer's actions, font zoom, middle-click scroll,
 * the token inspector, the high-contrast toggle and the iPad keyboard.
 *
 * Import Monaco from here, never from `monaco-editor` (which would bring the whole entry back).
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';

import 'monaco-editor/esm/vs/editor/browser/coreCommands.js';
import 'monaco-editor/esm/vs/editor/browser/widget/codeEditor/codeEditorWidget.js';
import 'monaco-editor/esm/vs/editor/contrib/anchorSelect/browser/anchorSelect.js';
import 'monaco-editor/esm/vs/editor/contrib/bracketMatching/browser/bracketMatching.js';
import 'monaco-editor/esm/vs/editor/contrib/caretOperations/browser/caretOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/caretOperations/browser/transpose.js';
import 'monaco-editor/esm/vs/editor/contrib/clipboard/browser/clipboard.js';
import 'monaco-editor/esm/vs/editor/contrib/codeAction/browser/codeActionContributions.js';
import 'monaco-editor/esm/vs/editor/contrib/comment/browser/comment.js';
import 'monaco-editor/esm/vs/editor/contrib/contextmenu/browser/contextmenu.js';
import 'monaco-editor/esm/vs/editor/contrib/cursorUndo/browser/cursorUndo.js';
import 'monaco-editor/esm/vs/editor/contrib/dnd/browser/dnd.js';
import 'monaco-editor/esm/vs/editor/contrib/dropOrPasteInto/browser/copyPasteContribution.js';
import 'monaco-editor/esm/vs/editor/contrib/dropOrPasteInto/browser/dropIntoEditorContribution.js';
import 'monaco-editor/esm/vs/editor/contrib/find/browser/findController.js';
import 'monaco-editor/esm/vs/editor/contrib/folding/browser/folding.js';
import 'monaco-editor/esm/vs/editor/contrib/format/browser/formatActions.js';
import 'monaco-editor/esm/vs/editor/contrib/documentSymbols/browser/documentSymbols.js';
import 'monaco-editor/esm/vs/editor/contrib/inlineProgress/browser/inlineProgress.js';
import 'monaco-editor/esm/vs/editor/contrib/gotoError/browser/gotoError.js';
import 'monaco-editor/esm/vs/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/esm/vs/editor/contrib/indentation/browser/indentation.js';
import 'monaco-editor/esm/vs/editor/contrib/inPlaceReplace/browser/inPlaceReplace.js';
import 'monaco-editor/esm/vs/editor/contrib/insertFinalNewLine/browser/insertFinalNewLine.js';
import 'monaco-editor/esm/vs/editor/contrib/lineSelection/browser/lineSelection.js';
import 'monaco-editor/esm/vs/editor/contrib/linesOperations/browser/linesOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/longLinesHelper/browser/longLinesHelper.js';
import 'monaco-editor/esm/vs/editor/contrib/multicursor/browser/multicursor.js';
import 'monaco-editor/esm/vs/editor/contrib/smartSelect/browser/smartSelect.js';
import 'monaco-editor/esm/vs/editor/contrib/snippet/browser/snippetController2.js';
import 'monaco-editor/esm/vs/editor/contrib/stickyScroll/browser/stickyScrollContribution.js';
import 'monaco-editor/esm/vs/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/esm/vs/editor/contrib/tokenization/browser/tokenization.js';
import 'monaco-editor/esm/vs/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode.js';
import 'monaco-editor/esm/vs/editor/contrib/unicodeHighlighter/browser/unicodeHighlighter.js';
import 'monaco-editor/esm/vs/editor/contrib/unusualLineTerminators/browser/unusualLineTerminators.js';
import 'monaco-editor/esm/vs/editor/contrib/wordOperations/browser/wordOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/wordPartOperations/browser/wordPartOperations.js';
import 'monaco-editor/esm/vs/editor/common/standaloneStrings.js';
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codiconStyles.js';
import 'monaco-editor/esm/vs/editor/standalone/browser/quickAccess/standaloneHelpQuickAccess.js';
import 'monaco-editor/esm/vs/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess.js';
import 'monaco-editor/esm/vs/editor/standalone/browser/quickAccess/standaloneGotoSymbolQuickAccess.js';
import 'monaco-editor/esm/vs/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess.js';
// YAML's tokenizer (highlighting); monaco-yaml brings the language's services.
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import { StandaloneServices } from 'monaco-editor/esm/vs/editor/standalone/browser/standaloneServices.js';

/**
 * The full entry's `createWebWorker` also takes `{ moduleId, label, createData }` without a
 * `worker`, starting one through `MonacoEnvironment.getWorker` (monacoEnvironment.ts); monaco-yaml's
 * worker manager calls it that way. The API alone wants the worker given: start it as the full
 * entry does (a message the worker ignores, then its data).
 */
type WorkerOptions = {
  worker?: Worker | Promise<Worker>;
  label?: string;
  createData?: unknown;
  host?: unknown;
  keepIdleModels?: boolean;
};
const createWithWorker = monaco.editor.createWebWorker as (
  options: WorkerOptions,
) => monaco.editor.MonacoWebWorker<object>;
(monaco.editor as { createWebWorker: unknown }).createWebWorker = (options: WorkerOptions) => {
  if (options.worker !== undefined) return createWithWorker(options);
  const environment = (globalThis as { MonacoEnvironment?: monaco.Environment }).MonacoEnvironment;
  const label = options.label ?? 'monaco-editor-worker';
  const worker = Promise.resolve(environment!.getWorker!('workerMain.js', label)).then((w) => {
    w.postMessage('ignore');
    w.postMessage(options.createData);
    return w;
  });
  return createWithWorker({ worker, host: options.host, keepIdleModels: options.keepIdleModels });
};

/** Monaco's own cancellation error (`base/common/errors.ts`, CancellationError). */
function isCanceled(error: unknown): boolean {
  return error instanceof Error && error.name === 'Canceled' && error.message === 'Canceled';
}

/**
 * The standalone editor's progress service awaits the quick-fix request it shows progress for
 * without a catch (monaco-editor 0.54.0, standaloneServices.ts StandaloneEditorProgressService
 * .showWhile): a second Ctrl+. or a marker change cancels the first request, and its rejection
 * reached the page as an uncaught "Canceled" error. This one lets only that cancellation go.
 * Given before any editor or model starts the services (the first caller's overrides count).
 */
StandaloneServices.initialize({
  editorProgressService: {
    show: () => ({ done() {}, total() {}, worked() {} }),
    async showWhile(promise: Promise<unknown>) {
      try {
        await promise;
      } catch (error) {
        if (!isCanceled(error)) throw error;
      }
    },
  },
});

export { monaco };
