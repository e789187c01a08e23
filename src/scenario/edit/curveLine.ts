// The line of a curve over a run, for drawing: sampled with the engine's own evaluator (so the
// editor draws what the simulation uses), plus each knot's time and the instant before it, so
// steps stay vertical.

import { evaluateCurve, parseCurve } from '../../engine/simulation/curves/index.ts';
import type { Curve } from '../../engine/simulation/curves/index.ts';

export interface CurveLine {
  time: number[];
  value: number[];
}

function knots(curve: Curve, out: number[], depth = 0): void {
  if (depth > 4) return;
  switch (curve.type) {
    case 'steps':
      for (const p of curve.steps) out.push(p.at);
      break;
    case 'ramp':
    case 'series':
      // A compact series (`values`) is dense imported data: sampled, no knots of its own.
      if (curve.points && curve.points.length <= 500) for (const p of curve.points) out.push(p.at);
      break;
    case 'spikes':
      for (const s of curve.spikes) out.push(s.at, s.at + s.durationSeconds);
      break;
    case 'sum':
      for (const c of curve.of) knots(c, out, depth + 1);
      break;
    case 'scale':
    case 'clamp':
      knots(curve.of, out, depth + 1);
      break;
    default:
  }
}

/** `samples` evenly over [0, duration] and the knots, or the curve's first problem. */
export function curveLine(
  json: unknown,
  duration: number,
  samples = 400,
): { ok: true; line: CurveLine } | { ok: false; error: string } {
  const parsed = parseCurve(json);
  if (!parsed.ok) {
    const d = parsed.diagnostics[0]!;
    return { ok: false, error: `${d.path ? `${d.path}: ` : ''}${d.message}` };
  }
  const end = Math.max(1, duration);
  const times: number[] = [];
  for (let i = 0; i <= samples; i++) times.push((end * i) / samples);
  const k: number[] = [];
  knots(parsed.curve, k);
  for (const t of k) {
    if (t > 0 && t <= end) times.push(t, Math.max(0, t - end * 1e-6));
  }
  times.sort((a, b) => a - b);
  const time: number[] = [];
  const value: number[] = [];
  for (const t of times) {
    if (time.length && time.at(-1) === t) continue;
    time.push(t);
    value.push(evaluateCurve(parsed.curve, t));
  }
  return { ok: true, line: { time, value } };
}

/** The value of a curve (plain data as written) at `t`, or 0 when it is not a valid curve. */
export function curveValueAt(json: unknown, t: number): number {
  const parsed = parseCurve(json);
  return parsed.ok ? evaluateCurve(parsed.curve, t, { allowNegative: true }) : 0;
}
