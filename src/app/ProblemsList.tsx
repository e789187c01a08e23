// Diagnostics under the editor: each located, clickable to jump there.
import type { Diagnostic } from '../run/index.ts';

export function ProblemsList(props: {
  diagnostics: Diagnostic[];
  onJump?(d: Diagnostic): void;
  /** applies a diagnostic's fix; without it (the text moved on) no fix is offered */
  onFix?(d: Diagnostic): void;
}) {
  // Errors and warnings only: the notes (severity info) are the NotesBadge's, over the editor.
  const shown = props.diagnostics.filter((d) => d.severity !== 'info');
  if (shown.length === 0) return null;
  return (
    <section className="problems" aria-label="Problems">
      <ul>
        {shown.map((d, i) => (
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
        ))}
      </ul>
    </section>
  );
}
