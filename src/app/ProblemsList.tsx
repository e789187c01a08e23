// Diagnostics under the editor: each located, clickable to jump there.
import type { Diagnostic } from '../run/index.ts';

export function ProblemsList(props: { diagnostics: Diagnostic[]; onJump?(d: Diagnostic): void }) {
  const shown = props.diagnostics.filter((d) => d.severity !== 'info');
  const notes = props.diagnostics.filter((d) => d.severity === 'info');
  if (props.diagnostics.length === 0) return null;
  return (
    <section className="problems" aria-label="Problems">
      <ul>
        {[...shown, ...notes].map((d, i) => (
          <li key={i} data-severity={d.severity}>
            <button onClick={() => props.onJump?.(d)}>
              {d.line}:{d.column}
            </button>{' '}
            {d.severity}: {d.message}
            {d.path ? <span className="status"> ({d.path})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
