// Export menu: manifest (as written / effective), scenario file, series CSV, charts PNG.
import { useCallback, useRef, useState } from 'react';
import { useMenuDismiss } from './useMenuDismiss.ts';

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
  useMenuDismiss(
    ref,
    open,
    useCallback(() => setOpen(false), []),
  );
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
