// Diagnostics under the editor: each located, clickable to jump there.
import type { Diagnostic } from '../run/index.ts';

export function ProblemsList(props: {
  diagnostics: Diagnostic[];
  onJump?(d: Diagnostic): void;
  /** applies a diagnostic's fix; without it (the text moved on) no fix is offered */
  onFix?(d: Diagnostic): void;
}) {
  const shown = props.diagnostics.filter((d) => d.severity !== 'info');
  const notes = props.diagnostics.filter((d) => d.severity === 'info');
  if (props.diagnostics.length === 0) return null;
  const item = (d: Diagnostic, i: number) => (
    <li key={i} data-severity={d.severity}>
      <button onClick={() => props.onJump?.(d)}>
        {d.line}:{d.column}
      </button>{' '}
      {d.severity}: {d.message}
      {d.path ? <span className="status"> ({d.path})</span> : null}
      {d.fix && props.onFix ? (
        <>
          {' '}
          <button type="button" className="problem-fix" onClick={() => props.onFix?.(d)}>
            Fix: {d.fix.title}
          </button>
        </>
      ) : null}
    </li>
  );
  // Errors and warnings in full; notes (what was assumed, where the workload came from) folded,
  // as the editor marks them too and a pasted manifest needs the editor's height.
  return (
    <section className="problems" aria-label="Problems">
      {shown.length ? <ul>{shown.map(item)}</ul> : null}
      {notes.length ? (
        <details>
          <summary>
            {notes.length} note{notes.length === 1 ? '' : 's'}
          </summary>
          <ul>{notes.map(item)}</ul>
        </details>
      ) : null}
    </section>
  );
}
