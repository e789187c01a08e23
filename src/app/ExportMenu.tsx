// Export menu: manifest (as written / effective), scenario file, series CSV, charts PNG.
import { useEffect, useRef, useState } from 'react';

export interface ExportActions {
  manifest(): void;
  effective(): void;
  scenario(): void;
  csv(): void;
  png(): void;
}

const ITEMS: { key: keyof ExportActions; label: string }[] = [
  { key: 'manifest', label: 'HPA manifest (as written)' },
  { key: 'effective', label: 'HPA manifest (effective, after defaults)' },
  { key: 'scenario', label: 'Whole scenario (.yaml)' },
  { key: 'csv', label: 'Series (.csv)' },
  { key: 'png', label: 'Charts (.png)' },
];

export function ExportMenu(props: {
  actions: ExportActions;
  disabled: Partial<Record<keyof ExportActions, boolean>>;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="menu" ref={ref}>
      <button
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Export ▾
      </button>
      {open && (
        <div role="menu" aria-label="Export">
          {ITEMS.map((it) => (
            <button
              key={it.key}
              role="menuitem"
              disabled={props.disabled[it.key]}
              onClick={() => {
                setOpen(false);
                props.actions[it.key]();
              }}
            >
              {it.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
