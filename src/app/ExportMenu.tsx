// Export menu: manifest (as written / effective), scenario file, series CSV, charts PNG. An ARIA
// menu button (useMenu.ts): ↓/↑, Home/End, Esc.
import { useId } from 'react';
import { useMenu } from './useMenu.ts';

export interface ExportActions {
  manifest(): void;
  effective(): void;
  scenario(): void;
  csv(): void;
  runsCsv(): void;
  kpisCsv(): void;
  png(): void;
  runSet(): void;
}

const ITEMS: { key: keyof ExportActions; label: string }[] = [
  { key: 'manifest', label: 'HPA manifest (as written)' },
  { key: 'effective', label: 'HPA manifest (effective, after defaults)' },
  { key: 'scenario', label: 'Whole scenario (.yaml)' },
  { key: 'csv', label: 'Series (.csv)' },
  { key: 'runsCsv', label: 'Every run’s series: variants, clusters (.csv)' },
  { key: 'kpisCsv', label: 'Every run’s KPIs, and each draw’s (.csv)' },
  { key: 'png', label: 'Charts (.png)' },
  { key: 'runSet', label: 'Run set: scenario, runs, draws, figures (.json)' },
];

export function ExportMenu(props: {
  actions: ExportActions;
  disabled: Partial<Record<keyof ExportActions, boolean>>;
}) {
  const menu = useMenu();
  const id = useId();
  return (
    <div className="menu" ref={menu.root}>
      <button
        ref={menu.button}
        className="btn"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? id : undefined}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKeyDown}
      >
        Export ▾
      </button>
      {menu.open && (
        <div role="menu" id={id} aria-label="Export" onKeyDown={menu.onMenuKeyDown}>
          {ITEMS.map((it) => (
            <button
              key={it.key}
              role="menuitem"
              tabIndex={-1}
              disabled={props.disabled[it.key]}
              onClick={() => {
                menu.close(true);
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
