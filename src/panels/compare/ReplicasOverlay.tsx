// Replicas of every run on one time axis: the HPA's and each variant's spec.replicas, so a
// reviewer sees at a glance where a variant scales differently. A plain SVG (no chart library):
// the runs share one sync grid, so a point is (sync time, replicas).

import type { RunPayload } from '../../worker/protocol.ts';
import { runColour } from '../../format/runColours.ts';

const W = 640;
const H = 140;
/** at most this many points per line: a week at 15 s has 40,321 syncs */
const MAX_POINTS = 800;

function points(times: Float64Array, values: Float64Array, tMax: number, yMax: number): string {
  const n = Math.min(times.length, values.length);
  const step = Math.max(1, Math.ceil(n / MAX_POINTS));
  const out: string[] = [];
  for (let i = 0; i < n; i += step) {
    // The largest value of the bucket, so a short spike stays visible.
    let v = values[i]!;
    for (let j = i + 1; j < Math.min(n, i + step); j++) v = Math.max(v, values[j]!);
    const x = (times[i]! / tMax) * W;
    const y = H - (v / yMax) * (H - 4) - 2;
    out.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return out.join(' ');
}

export function ReplicasOverlay({ runs }: { runs: RunPayload[] }) {
  const shown = runs.filter((r) => r.result);
  if (shown.length === 0) return null;
  const tMax = Math.max(1, ...shown.map((r) => r.result!.durationSeconds));
  let yMax = 1;
  for (const r of shown) for (const v of r.result!.series.specReplicas) if (v > yMax) yMax = v;
  return (
    <figure className="compare-overlay">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="Replicas of each run over time"
        preserveAspectRatio="none"
      >
        {runs.map((r, i) =>
          r.result ? (
            <polyline
              key={r.key}
              data-run={r.key}
              fill="none"
              stroke={runColour(i)}
              strokeWidth={i === 0 ? 2 : 1.5}
              strokeDasharray={i === 0 ? undefined : '5 3'}
              vectorEffect="non-scaling-stroke"
              points={points(r.result.series.time, r.result.series.specReplicas, tMax, yMax)}
            />
          ) : null,
        )}
      </svg>
      <figcaption>
        Replicas (0–{yMax}) over the run:{' '}
        {runs.map((r, i) => (
          <span key={r.key} className="compare-swatch">
            <span aria-hidden="true" style={{ color: runColour(i) }}>
              ━
            </span>{' '}
            {r.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
