// A new curve of a chosen shape, sized from the one it replaces (its low and high values) and
// the run's length, so picking a shape keeps the scenario in the same range of load.

export type ShapeKind = 'constant' | 'steps' | 'ramp' | 'sine' | 'spikes' | 'noise';

export const SHAPES: readonly ShapeKind[] = [
  'constant',
  'steps',
  'ramp',
  'sine',
  'spikes',
  'noise',
];

export interface ShapeContext {
  /** lowest and highest value of the current curve over the run (lo ≤ hi) */
  lo: number;
  hi: number;
  /** the run's length in seconds */
  duration: number;
  /** the current curve, wrapped by `noise` */
  current: unknown;
  /** the noise seed (the caller picks it: the module stays deterministic) */
  seed: number;
}

const round = (v: number) => (v >= 10 ? Math.round(v) : Math.round(v * 1000) / 1000);
const at = (d: number, f: number) => Math.round(d * f);

export function shapeCurve(kind: ShapeKind, c: ShapeContext): Record<string, unknown> {
  const hi = round(Math.max(c.hi, c.lo, 1));
  const lo = round(c.lo < c.hi ? Math.max(0, c.lo) : hi / 4);
  const d = Math.max(60, c.duration);
  switch (kind) {
    case 'constant':
      return { type: 'constant', value: hi };
    case 'steps':
      return {
        type: 'steps',
        steps: [
          { at: 0, value: lo },
          { at: at(d, 1 / 3), value: hi },
          { at: at(d, 2 / 3), value: lo },
        ],
      };
    case 'ramp':
      return {
        type: 'ramp',
        points: [
          { at: 0, value: lo },
          { at: at(d, 1 / 2), value: hi },
          { at: d, value: lo },
        ],
      };
    case 'sine':
      return {
        type: 'sine',
        base: round((lo + hi) / 2),
        amplitude: round((hi - lo) / 2),
        periodSeconds: d,
        peakAtSeconds: at(d, 1 / 2),
      };
    case 'spikes':
      return {
        type: 'spikes',
        base: lo,
        spikes: [{ at: at(d, 1 / 3), durationSeconds: Math.max(15, at(d, 1 / 10)), value: hi }],
      };
    case 'noise': {
      const inner =
        c.current !== null &&
        typeof c.current === 'object' &&
        (c.current as { type?: unknown }).type === 'noise'
          ? (c.current as { of: unknown }).of
          : c.current;
      return {
        type: 'noise',
        seed: c.seed,
        amplitude: 0.2,
        of: inner ?? { type: 'constant', value: hi },
      };
    }
  }
}
