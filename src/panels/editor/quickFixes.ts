// Our diagnostics' fixes (Diagnostic.fix) as Monaco quick fixes: the light bulb and Ctrl+. on a
// marker offer them. A fix is located in the text its diagnostics were computed for, so it is
// offered only while the editor still holds exactly that text (markers lag behind typing).

import type * as Monaco from 'monaco-editor';
import type { Diagnostic } from '../../run/index.ts';
import { MARKER_OWNER } from './markers.ts';

export interface QuickFixSource {
  diagnostics: readonly Diagnostic[];
  /** the text `diagnostics` are about (undefined: unknown, so nothing is offered) */
  text: string | undefined;
}

const NONE = { actions: [], dispose() {} };

/** Registers the provider for `model` only; dispose it with the model. */
export function registerQuickFixes(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  source: () => QuickFixSource,
): Monaco.IDisposable {
  return monaco.languages.registerCodeActionProvider(model.getLanguageId(), {
    provideCodeActions(m, _range, context) {
      if (m !== model) return NONE;
      const { diagnostics, text } = source();
      const eol = m.getEOL();
      if (text === undefined || m.getValue() !== text.replace(/\r?\n/g, eol)) return NONE;
      const actions: Monaco.languages.CodeAction[] = [];
      for (const marker of context.markers) {
        if (marker.source !== MARKER_OWNER) continue;
        const d = diagnostics.find(
          (x) =>
            x.fix &&
            x.message === marker.message &&
            x.line === marker.startLineNumber &&
            x.column === marker.startColumn,
        );
        if (!d?.fix) continue;
        actions.push({
          title: d.fix.title,
          kind: 'quickfix',
          diagnostics: [marker],
          isPreferred: true,
          edit: {
            edits: d.fix.edits.map((e) => ({
              resource: m.uri,
              versionId: m.getVersionId(),
              textEdit: {
                range: new monaco.Range(e.line, e.column, e.endLine, e.endColumn),
                text: e.text,
              },
            })),
          },
        });
      }
      return { actions, dispose() {} };
    },
  });
}
