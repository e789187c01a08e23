// A chart's frame: a focusable <figure> with a caption (title, details, legend) around the plot,
// and every interaction with the selected sync and the zoom, shared by all charts:
// click = select the nearest sync; drag = zoom to that span; double-click = whole run;
// keys: ←/→ one sync, Shift+←/→ previous/next rescale, PageUp/PageDown, Home/End, + / − / 0 zoom.

import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { ChartLegend, type LegendItem } from './ChartLegend.tsx';
import type { FrameInteraction } from './types.ts';
import { nextSelection } from './keyboard.ts';
import { CHART_MARGIN, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from '../plot/layout.ts';
import { zoomForKey } from '../plot/pointer.ts';
import { usePointerSelection } from './usePointerSelection.ts';

export type { LegendItem } from './ChartLegend.tsx';

export interface ChartFrameProps extends FrameInteraction {
  title: string;
  /** short text after the title: unit, target … */
  detail?: ReactNode;
  /** the figure's accessible name */
  ariaLabel: string;
  legend: LegendItem[];
  onToggle?: (key: string) => void;
  /** extra controls on the right of the caption */
  controls?: ReactNode;
  children: ReactNode;
}

const PLOT_LEFT = CHART_MARGIN.left + Y_AXIS_WIDTH;

/**
 * The selected sync as a vertical line over the plot: plain HTML positioned by the same layout
 * constants as the charts, so moving the selection never re-renders a chart.
 */
function SelectedLine({ t, domain }: { t: number | undefined; domain: [number, number] }) {
  if (t === undefined) return null;
  const f = (t - domain[0]) / (domain[1] - domain[0]);
  if (!(f >= 0 && f <= 1)) return null;
  return (
    <div
      className="selected-line"
      aria-hidden="true"
      style={{
        left: `calc(${PLOT_LEFT}px + ${f} * (100% - ${PLOT_LEFT + CHART_MARGIN.right}px))`,
        top: CHART_MARGIN.top,
        bottom: X_AXIS_HEIGHT + CHART_MARGIN.bottom,
      }}
    />
  );
}

export function ChartFrame(props: ChartFrameProps) {
  const hintId = useId();
  const { selectedSync, time, rescaleIndices, onSelectSync } = props;
  const { band, handlers } = usePointerSelection(props);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    const center =
      selectedSync !== null && time[selectedSync] !== undefined
        ? time[selectedSync]!
        : (props.xDomain[0] + props.xDomain[1]) / 2;
    const zoom = zoomForKey(e.key, props.zoom, center, props.fullDomain);
    if (zoom !== undefined) {
      e.preventDefault();
      props.onZoom(zoom);
      return;
    }
    const next = nextSelection(
      { key: e.key, shiftKey: e.shiftKey },
      selectedSync,
      time.length,
      rescaleIndices,
    );
    if (next === null) return;
    e.preventDefault();
    if (next !== selectedSync) onSelectSync(next);
  };
  return (
    <figure
      className="chart-frame"
      aria-label={props.ariaLabel}
      aria-describedby={hintId}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <figcaption className="chart-caption">
        <span className="chart-title">{props.title}</span>
        {props.detail ? <span className="chart-detail">{props.detail}</span> : null}
        {props.controls ? <span className="chart-controls">{props.controls}</span> : null}
        <ChartLegend title={props.title} items={props.legend} onToggle={props.onToggle} />
      </figcaption>
      <span id={hintId} className="visually-hidden">
        {props.summary ? `${props.summary} ` : null}
        Click to select a sync, drag to zoom, double-click to show the whole run. With the chart
        focused: left and right arrows move the selection, Shift jumps between rescales, plus and
        minus zoom, zero resets the zoom.
      </span>
      <div className="chart-body" {...handlers}>
        {props.children}
        <SelectedLine
          t={selectedSync === null ? undefined : time[selectedSync]}
          domain={props.xDomain}
        />
        <div ref={band} className="zoom-band" aria-hidden="true" />
      </div>
    </figure>
  );
}
