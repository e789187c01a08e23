// Which series of a many-series Prometheus answer becomes the traffic: one of them, or their sum
// (per timestamp). Each row shows the series' labels, a tiny line, its samples and peak, so the
// choice is made by looking, not by guessing from label names.
import type { SeriesChoice } from '../../run/index.ts';
import { Sparkline, round } from './TracePreview.tsx';

export type SeriesPick = 'sum' | number;

export function SeriesPicker(props: {
  choices: readonly SeriesChoice[];
  total: number;
  value: SeriesPick;
  onChange(pick: SeriesPick): void;
}) {
  const { choices, total } = props;
  const peak = Math.max(0, ...choices.map((c) => c.peak));
  return (
    <fieldset className="series-picker">
      <legend>
        {total} series in this file
        {total > choices.length ? ` (the first ${choices.length} listed)` : ''}: which is the
        traffic?
      </legend>
      <label className="series-row">
        <input
          type="radio"
          name="series"
          checked={props.value === 'sum'}
          onChange={() => props.onChange('sum')}
        />
        <span className="series-label">add them up (the sum of all {total} per timestamp)</span>
      </label>
      {choices.map((c, i) => (
        <label key={i} className="series-row">
          <input
            type="radio"
            name="series"
            checked={props.value === i}
            disabled={c.samples === 0}
            onChange={() => props.onChange(i)}
          />
          <Sparkline points={c.points} peak={peak} />
          <span className="series-label" title={c.label}>
            {c.label === '{}' ? `series ${i + 1} (no labels)` : c.label}
          </span>
          <small>
            {c.samples} samples, peak {round(c.peak)}
          </small>
        </label>
      ))}
    </fieldset>
  );
}
