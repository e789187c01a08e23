// The selected sync's stabilization window drawn over the replicas plot: the down-window (and
// up-window) as bands ending at the sync, the stored recommendations that voted as dots, the
// winning value filled. Plain HTML placed with the charts' layout constants, so selecting a sync
// does not re-render the chart underneath.

import type { StabilizationModel } from '../explain/stabilization.ts';
import { CHART_MARGIN, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from '../plot/layout.ts';
import { formatDuration } from '../format/timeAxis.ts';

const L = CHART_MARGIN.left + Y_AXIS_WIDTH;
const LR = L + CHART_MARGIN.right;

function xCalc(f: number): string {
  return `calc(${L}px + ${f} * (100% - ${LR}px))`;
}

export interface StabilizationOverlayProps {
  s: StabilizationModel;
  xDomain: [number, number];
  yDomain: [number, number];
  /** the chart's height in px */
  height: number;
  /** value → axis units (the log view); identity when absent */
  yMap?: (v: number) => number;
}

export function StabilizationOverlay(props: StabilizationOverlayProps) {
  const { s, xDomain, yDomain, height } = props;
  const ym = props.yMap ?? ((v: number) => v);
  const span = xDomain[1] - xDomain[0];
  const fx = (t: number) => (t - xDomain[0]) / span;
  const top = CHART_MARGIN.top;
  const plotH = height - X_AXIS_HEIGHT - CHART_MARGIN.bottom - top;
  const fy = (v: number) => top + (1 - (ym(v) - yDomain[0]) / (yDomain[1] - yDomain[0])) * plotH;
  const band = (key: string, seconds: number, cls: string, label: string) => {
    const f0 = Math.max(0, fx(s.now - seconds));
    const f1 = Math.min(1, fx(s.now));
    if (!(f1 > f0)) return null;
    return (
      <div
        key={key}
        className={`window-band ${cls}`}
        title={label}
        style={{
          left: xCalc(f0),
          width: `calc(${f1 - f0} * (100% - ${LR}px))`,
          top,
          height: plotH,
        }}
      />
    );
  };
  return (
    <div className="stab-overlay" aria-hidden="true">
      {s.downWindowSeconds > 0
        ? band(
            'down',
            s.downWindowSeconds,
            'window-down',
            `scale-down window: ${formatDuration(s.downWindowSeconds)}`,
          )
        : null}
      {!s.legacy && s.upWindowSeconds > 0
        ? band(
            'up',
            s.upWindowSeconds,
            'window-up',
            `scale-up window: ${formatDuration(s.upWindowSeconds)}`,
          )
        : null}
      {s.entries.map((e, k) => {
        if (!e.inDownWindow && !e.inUpWindow) return null;
        const f = fx(e.timestamp);
        if (f < 0 || f > 1 || ym(e.replicas) < yDomain[0] || ym(e.replicas) > yDomain[1])
          return null;
        return (
          <div
            key={k}
            className={`window-dot${e.winner ? ' is-winner' : ''}`}
            style={{ left: xCalc(f), top: fy(e.replicas) }}
          />
        );
      })}
    </div>
  );
}
