/**
 * Schema of the curve grammar (src/engine/simulation/curves/types.ts) for editor completion and
 * hover. Validation itself is the curves module's `validateCurve` (`x-validate: curve`); a test
 * checks both agree on each curve type's fields.
 */
import type {
  ClampCurve,
  ConstantCurve,
  CurvePoint,
  CurveType,
  NoiseCurve,
  RampCurve,
  RepeatCurve,
  ScaleCurve,
  SeriesCurve,
  ShiftCurve,
  SineCurve,
  Spike,
  SpikesCurve,
  StepsCurve,
  SumCurve,
} from '../../engine/simulation/curves/index.ts';
import { enumOf, listOf, number, object, ref } from './common.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';

const value = number(
  'The value (base units of whatever uses the curve: work units, cores, bytes, metric units). ≥ 0.',
);
const at = number('Seconds from the scenario start. ≥ 0.');
const of = ref('curve', 'The curve this one transforms.');
const point = object(
  'A knot: the value at a time.',
  { at, value } satisfies PropertiesOf<CurvePoint>,
  { required: ['at', 'value'] },
);
const points = listOf('Points in time order (equal times make a vertical jump).', point, {
  minItems: 1,
});

const spike = object(
  'A rectangular burst. Give exactly one of value (the level) and height (above base).',
  {
    at,
    durationSeconds: number('How long the spike lasts, in seconds (> 0).'),
    value: number('The level during the spike.'),
    height: number('How far above base the spike goes.'),
  } satisfies PropertiesOf<Spike>,
);

const t = (type: CurveType, description: string) => enumOf(description, [type]);

export const CURVE_FIELDS: Record<CurveType, Record<string, JsonSchema>> = {
  constant: {
    type: t('constant', 'The same value at all times.'),
    value,
  } satisfies PropertiesOf<ConstantCurve>,
  steps: {
    type: t('steps', 'Each value holds from its time until the next step.'),
    steps: points,
  } satisfies PropertiesOf<StepsCurve>,
  ramp: {
    type: t('ramp', 'Linear between points; holds the first/last value outside them.'),
    points,
  } satisfies PropertiesOf<RampCurve>,
  sine: {
    type: t(
      'sine',
      'base + amplitude · cos(2π (t − peakAtSeconds) / periodSeconds): a daily wave.',
    ),
    base: number('The mean level.'),
    amplitude: number('How far the wave swings above and below base.'),
    periodSeconds: number('One full cycle in seconds (86400 for a day).'),
    peakAtSeconds: number(
      'When the wave peaks. Without it the wave starts at base and rises (a plain sine).',
    ),
  } satisfies PropertiesOf<SineCurve>,
  spikes: {
    type: t('spikes', 'base, except during spikes (in time order, not overlapping).'),
    base: number('The level outside spikes.'),
    spikes: listOf('The spikes, in time order.', spike),
  } satisfies PropertiesOf<SpikesCurve>,
  noise: {
    type: t('noise', 'Seeded, reproducible noise on top of another curve.'),
    of,
    seed: number('An integer in [0, 2³²): the same seed gives the same noise.'),
    amplitude: number("relative: a fraction (0.1 = ±10 %); absolute: in the curve's unit."),
    mode: enumOf('relative (default) or absolute.', ['relative', 'absolute']),
    intervalSeconds: number('A new random draw every this many seconds. Default 15.'),
    interpolation: enumOf('step (default: holds within an interval) or linear.', [
      'step',
      'linear',
    ]),
  } satisfies PropertiesOf<NoiseCurve>,
  series: {
    type: t(
      'series',
      'Imported data (CSV, Prometheus); holds the first/last value outside the points.',
    ),
    points,
    startSeconds: number('Compact form: the time of the first value, in seconds. Default 0.'),
    stepSeconds: number('Compact form: seconds between values (60 for one-minute data).'),
    values: {
      type: 'string',
      description:
        "Compact form (instead of points): the values, separated by spaces or line breaks, e.g. '12.5 13 14.25'; write a long series as a folded block (values: >-) of short lines (any count a line reads the same). `cli import` and the app's traffic import write it.",
    },
    interpolation: enumOf('linear (default) or step.', ['step', 'linear']),
  } satisfies PropertiesOf<SeriesCurve>,
  sum: {
    type: t('sum', 'The sum of several curves (e.g. a daily wave plus spikes).'),
    of: listOf('The curves to add.', ref('curve'), { minItems: 1 }),
  } satisfies PropertiesOf<SumCurve>,
  scale: {
    type: t('scale', 'Another curve times a factor.'),
    factor: number('A non-negative factor.'),
    of,
  } satisfies PropertiesOf<ScaleCurve>,
  clamp: {
    type: t('clamp', 'Another curve limited to [min, max].'),
    of,
    min: number('Lower bound (optional).'),
    max: number('Upper bound (optional).'),
  } satisfies PropertiesOf<ClampCurve>,
  shift: {
    type: t('shift', 'Another curve moved later in time (negative: earlier).'),
    bySeconds: number('Seconds to move the curve by.'),
    of,
  } satisfies PropertiesOf<ShiftCurve>,
  repeat: {
    type: t('repeat', "Another curve's first periodSeconds, repeated forever."),
    periodSeconds: number('The length of the repeated part, in seconds.'),
    of,
  } satisfies PropertiesOf<RepeatCurve>,
};

export const CURVE_TYPES = Object.keys(CURVE_FIELDS) as CurveType[];

export const curveSchema: JsonSchema = {
  type: 'object',
  'x-validate': 'curve',
  description: `A value over simulated time. type: ${CURVE_TYPES.join(', ')}. Times are seconds from the start; values are plain numbers ≥ 0.`,
  required: ['type'],
  properties: { type: enumOf('The kind of curve.', CURVE_TYPES) },
  allOf: CURVE_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    then: { properties: CURVE_FIELDS[type], additionalProperties: false },
  })),
};
