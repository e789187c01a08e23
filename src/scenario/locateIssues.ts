/** Issues → diagnostics with line and column, sorted by document and position. */
import type { Issue } from './diagnostics.ts';
import { formatPath } from './paths.ts';
import { safeLine } from './safeText.ts';
import type { Diagnostic, DiagnosticFix } from './types.ts';
import type { SourceDocument } from './yaml/documents.ts';
import { locate, textLines, toPosition, type LinePositions, type Range } from './yaml/locate.ts';

const RANK = { error: 0, warning: 1, info: 2 };

export function toDiagnostics(
  issues: readonly Issue[],
  documents: readonly SourceDocument[],
  text: string,
  sort = true,
): Diagnostic[] {
  const lines = textLines(text);
  const firstLine = (): Range => {
    const newline = text.indexOf('\n');
    return [0, newline < 0 ? text.length : newline];
  };
  const out = issues.map((issue): Diagnostic => {
    const source = issue.doc ? documents.find((d) => d.index === issue.doc!.index) : undefined;
    const range =
      issue.range ??
      (source
        ? locate(source.doc, [...(issue.doc?.prefix ?? []), ...issue.path], issue.at, text)
        : firstLine());
    const path = formatPath(issue.path);
    const role = issue.doc?.role;
    return {
      severity: issue.severity,
      // Messages quote the input; shown in editors, notices and terminals, so controls escaped.
      message: safeLine(issue.message),
      path: role && role !== 'simulation' && path !== '' ? `${role}:${path}` : path,
      document: issue.doc?.index ?? 0,
      ...toPosition(lines, range, text),
      ...(issue.fix ? { fix: locatedFix(issue.fix, lines) } : {}),
    };
  });
  if (!sort) return out;
  return out
    .map((d, i) => ({ d, i }))
    .sort(
      (a, b) =>
        a.d.document - b.d.document ||
        a.d.line - b.d.line ||
        a.d.column - b.d.column ||
        RANK[a.d.severity] - RANK[b.d.severity] ||
        a.i - b.i,
    )
    .map((x) => x.d);
}

function locatedFix(fix: NonNullable<Issue['fix']>, lines: LinePositions): DiagnosticFix {
  return {
    title: fix.title,
    edits: fix.edits.map((e) => {
      const a = lines.linePos(e.start);
      const b = lines.linePos(e.end);
      return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col, text: e.text };
    }),
  };
}

/** A diagnostic for the whole text at `offset` (size and nesting limits, internal errors). */
export function textDiagnostic(message: string, text: string, offset = 0): Diagnostic {
  const lines = text.slice(0, Math.min(offset, text.length)).split('\n');
  const line = lines.length;
  const column = (lines[lines.length - 1]?.length ?? 0) + 1;
  return pointDiagnostic(message, line, column);
}

/** An error at one character of the text, not tied to a field. */
export function pointDiagnostic(message: string, line: number, column: number): Diagnostic {
  return {
    severity: 'error',
    message: safeLine(message),
    path: '',
    document: 0,
    line,
    column,
    endLine: line,
    endColumn: column + 1,
  };
}
