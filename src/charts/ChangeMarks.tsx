// The run's writes of others (spec.changes) over the replicas plot: a dashed vertical line at
// each change's instant with its number on top; the explanation of the next sync names it. Its
// own HTML layer, apart from the plot's glyphs and from any shaded spans, placed with the charts'
// layout constants like the stabilization overlay.

import { CHART_MARGIN, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from '../plot/layout.ts';
import { formatElapsed } from '../format/timeAxis.ts';
import { placeChanges, type RunChangeMark } from './placeChanges.ts';

const L = CHART_MARGIN.left + Y_AXIS_WIDTH;
const LR = L + CHART_MARGIN.right;

export function ChangeMarks(props: {
  changes: readonly RunChangeMark[];
  xDomain: [number, number];
  /** the chart's height in px */
  height: number;
}) {
  const placed = placeChanges(props.changes, props.xDomain);
  if (placed.length === 0) return null;
  const top = CHART_MARGIN.top;
  const plotH = props.height - X_AXIS_HEIGHT - CHART_MARGIN.bottom - top;
  return (
    <ul className="change-marks" aria-label="Changes during the run (spec.changes)">
      {placed.map((c) => {
        const text = `change ${c.n} at ${formatElapsed(c.time, true)}: ${c.description}`;
        return (
          <li
            key={c.n}
            className="change-mark"
            style={{ left: `calc(${L}px + ${c.f} * (100% - ${LR}px))`, top, height: plotH }}
            title={text}
            aria-label={text}
          >
            <span className="change-mark-n" aria-hidden="true">
              {c.n}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
