// A time axis' labels as HTML under a plot whose SVG is stretched to its width (the cluster
// lanes, the import preview): each label at its tick's fraction of the range, the first and last
// kept inside the row, so text never stretches with the drawing.

import type { TimeAxis } from './ticks.ts';

/** Labels within this fraction of an end are aligned to that end rather than centred. */
const EDGE = 0.04;

export function AxisTicks(props: {
  axis: TimeAxis;
  domain: readonly [number, number];
  className?: string;
}) {
  const [d0, d1] = props.domain;
  const span = d1 - d0;
  return (
    <div
      className={props.className}
      aria-hidden="true"
      style={{ position: 'relative', height: '1.1rem' }}
    >
      {props.axis.ticks.map((t) => {
        const f = span > 0 ? (t - d0) / span : 0;
        const shift = f < EDGE ? '0' : f > 1 - EDGE ? '-100%' : '-50%';
        return (
          <span
            key={t}
            className="plot-tick"
            style={{
              position: 'absolute',
              left: `${f * 100}%`,
              transform: `translateX(${shift})`,
              whiteSpace: 'nowrap',
            }}
          >
            {props.axis.label(t)}
          </span>
        );
      })}
    </div>
  );
}
