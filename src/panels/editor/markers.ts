/**
 * Scenario diagnostics → Monaco markers. Pure (no Monaco import) so it runs in Node tests; the
 * severities are Monaco's `MarkerSeverity` values, which are part of its stable API.
 */
import type { Diagnostic, Severity } from '../../run/index.ts';

/** The owner of our markers in `monaco.editor.setModelMarkers`. */
export const MARKER_OWNER = 'hpa-sim';

/** `monaco.MarkerSeverity` (Hint = 1, Info = 2, Warning = 4, Error = 8). */
export const MARKER_SEVERITY = { info: 2, warning: 4, error: 8 } as const satisfies Record<
  Severity,
  number
>;

/** The subset of `monaco.editor.IMarkerData` we fill in. */
export interface MarkerData {
  severity: number;
  message: string;
  source: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Our severity name for a Monaco marker severity (Hint counts as info). */
export function severityName(markerSeverity: number): Severity {
  if (markerSeverity >= MARKER_SEVERITY.error) return 'error';
  if (markerSeverity >= MARKER_SEVERITY.warning) return 'warning';
  return 'info';
}

/**
 * One marker per diagnostic, at exactly its range (both are 1-based with an exclusive end
 * column). A range that ends before it starts, or a non-finite number, is made a point at the
 * start rather than dropped: a diagnostic must never disappear from the editor.
 */
export function toMarkers(diagnostics: readonly Diagnostic[]): MarkerData[] {
  return diagnostics.map((d) => {
    const startLineNumber = positive(d.line);
    const startColumn = positive(d.column);
    let endLineNumber = positive(d.endLine);
    let endColumn = positive(d.endColumn);
    if (
      endLineNumber < startLineNumber ||
      (endLineNumber === startLineNumber && endColumn < startColumn)
    ) {
      endLineNumber = startLineNumber;
      endColumn = startColumn;
    }
    return {
      severity: MARKER_SEVERITY[d.severity] ?? MARKER_SEVERITY.error,
      message: d.message,
      source: MARKER_OWNER,
      startLineNumber,
      startColumn,
      endLineNumber,
      endColumn,
    };
  });
}

function positive(n: number): number {
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}
