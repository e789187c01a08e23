// The search form's timing draws: how many each candidate runs and the percentile of their bad
// tail it is judged at (`cli tune --draws N --percentile P`, the same defaults: 1 draw, the
// worst), said in words under the fields, with why the app refuses a search too costly for it.

import type { SearchForm } from '../../store/index.ts';
import { MAX_DRAWS, searchDrawsLabel } from '../../tune/drawsGoal.ts';

export function DrawsFields(props: {
  form: SearchForm;
  edit(patch: Partial<SearchForm>): void;
  /** why the form cannot be searched (searchFormProblem), or null */
  problem: string | null;
}) {
  const { draws, percentile, budget } = props.form;
  const many = draws > 1;
  return (
    <fieldset className="tune-draws">
      <legend>Timing draws</legend>
      <label>
        Draws{' '}
        <input
          type="number"
          min={1}
          max={MAX_DRAWS}
          aria-label="Draws"
          value={Number.isFinite(draws) ? draws : ''}
          onChange={(e) => props.edit({ draws: Math.trunc(e.target.valueAsNumber) })}
        />
      </label>
      <label>
        Percentile{' '}
        <input
          type="number"
          max={100}
          step="any"
          aria-label="Percentile"
          disabled={!many}
          value={Number.isFinite(percentile) ? percentile : ''}
          onChange={(e) => props.edit({ percentile: e.target.valueAsNumber })}
        />
      </label>
      <p className="tune-draws-note" data-testid="tune-draws-note">
        {many
          ? `Each candidate runs ${draws} draws of the cluster's timing (the scrape and sync phases, from the seed) and is judged at ${searchDrawsLabel(draws, percentile)}: a goal is met only if it holds there. ${Number.isFinite(budget * draws) ? `${(budget * draws).toLocaleString('en-US')} simulations.` : ''}`
          : `${searchDrawsLabel(1, percentile)}.`}
      </p>
      {props.problem ? (
        <p role="alert" className="tune-error">
          {props.problem}
        </p>
      ) : null}
    </fieldset>
  );
}
