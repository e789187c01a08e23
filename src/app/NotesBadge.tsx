// The scenario's notes (what was assumed, where the workload came from, where the popular
// explanation differs): a badge by the scenario's name that opens them over the editor, so a
// pasted manifest keeps the editor's height. Errors and warnings stay in the problems list.
import { useEffect, useId, useRef, useState } from 'react';
import type { Diagnostic } from '../run/index.ts';

export function NotesBadge({ notes }: { notes: readonly Diagnostic[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  if (notes.length === 0) return null;
  return (
    <div className="notes-badge" ref={root}>
      <button
        type="button"
        className="badge-button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {notes.length} note{notes.length === 1 ? '' : 's'}
      </button>
      {open ? (
        <section id={id} className="notes-popover" aria-label="Notes">
          <ul>
            {notes.map((d, i) => (
              <li key={i}>
                <span className="status">
                  line {d.line}
                  {d.path ? ` · ${d.path}` : ''}
                </span>{' '}
                {d.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
