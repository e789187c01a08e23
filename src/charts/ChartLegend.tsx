// A chart's legend: swatches drawn like the series they stand for; toggle buttons when the
// chart lets series be hidden.

import { memo } from 'react';
import type { SwatchKind } from './seriesStyles.ts';

export interface LegendItem {
  key: string;
  label: string;
  color: string;
  swatch: SwatchKind;
  help?: string;
  /** toggled off */
  hidden?: boolean;
  /** shown, never toggled (in a legend whose other entries toggle) */
  fixed?: boolean;
}

export function Swatch({ kind, color }: { kind: SwatchKind; color: string }) {
  if (kind === 'marker') {
    return (
      <svg className="swatch" width="14" height="10" aria-hidden="true">
        <path d="M4 1 L8 6 L0 6 Z" fill="var(--marker-up)" />
        <path d="M10 9 L14 4 L6 4 Z" fill="var(--marker-down)" />
      </svg>
    );
  }
  if (kind === 'vline') {
    return (
      <svg className="swatch" width="10" height="12" aria-hidden="true">
        <line x1="5" y1="0" x2="5" y2="12" stroke={color} strokeWidth="2" strokeDasharray="3 2" />
      </svg>
    );
  }
  if (kind === 'area' || kind === 'band') {
    return (
      <svg className="swatch" width="14" height="10" aria-hidden="true">
        <rect x="0" y="1" width="14" height="8" rx="1.5" fill={color} />
      </svg>
    );
  }
  const dash = kind === 'dashed' ? '4 2' : kind === 'dotted' ? '1.5 2' : undefined;
  return (
    <svg className="swatch" width="18" height="10" aria-hidden="true">
      <line x1="1" y1="5" x2="17" y2="5" stroke={color} strokeWidth="2.25" strokeDasharray={dash} />
    </svg>
  );
}

type ChartLegendProps = {
  title: string;
  items: LegendItem[];
  onToggle?: (key: string) => void;
};

/** Two legends' items say the same: each item's fields equal (the charts make new items per render). */
function sameLegend(a: ChartLegendProps, b: ChartLegendProps): boolean {
  if (a.title !== b.title || a.onToggle !== b.onToggle || a.items.length !== b.items.length)
    return false;
  return a.items.every((x, i) => {
    const y = b.items[i]!;
    return (
      x.key === y.key &&
      x.label === y.label &&
      x.color === y.color &&
      x.swatch === y.swatch &&
      x.help === y.help &&
      x.hidden === y.hidden &&
      x.fixed === y.fixed
    );
  });
}

/**
 * Memoized on what the items say: a new result re-renders its chart, whose legend (a dozen
 * swatches on the replicas chart) rarely changes with it.
 */
export const ChartLegend = memo(function ChartLegend(props: ChartLegendProps) {
  return (
    <ul className="chart-legend" aria-label={`${props.title} legend`}>
      {props.items.map((item) => (
        <li key={item.key}>
          {props.onToggle && !item.fixed ? (
            <button
              type="button"
              className="legend-item"
              aria-pressed={!item.hidden}
              title={item.help ? `${item.help} (click to show or hide)` : 'show or hide'}
              onClick={() => props.onToggle?.(item.key)}
            >
              <Swatch kind={item.swatch} color={item.color} />
              {item.label}
            </button>
          ) : (
            <span className="legend-item" title={item.help}>
              <Swatch kind={item.swatch} color={item.color} />
              {item.label}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}, sameLegend);
