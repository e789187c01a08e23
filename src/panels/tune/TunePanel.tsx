// The search panel: goals (constraints named like `cli check`'s flags, an objective), the search's
// seed, budget and workers; progress and cancel; the trade-off chart and the candidates, each one
// click from becoming a variant (`onAddVariant(name, patch)`). The form and the search live in the
// store (its search slice): closing the dialog never stops a search.

import { useEffect, useRef, useState } from 'react';
import {
  MAX_APP_BUDGET,
  MAX_APP_WORKERS,
  searchFormProblem,
  searchFormValid,
} from '../../store/index.ts';
import type { SearchStatus } from '../../store/index.ts';
import { searchDrawsLabel, type DrawsGoal } from '../../tune/drawsGoal.ts';
import { THRESHOLDS } from '../../tune/goals.ts';
import { DrawsFields } from './DrawsFields.tsx';
import type { MakeHpa } from './ShipCandidate.tsx';
import { Results } from './TuneResults.tsx';
import { useTuneSearch } from './useTuneSearch.ts';
import './tune.css';

export interface TunePanelProps {
  open: boolean;
  /** which controller the candidates run on ("Kubernetes 1.37"): its release decides the fields */
  release?: string;
  onClose(): void;
  /** adds a candidate as a variant of the scenario; resolves null when added, else why not */
  onAddVariant?: (name: string, patch: Record<string, unknown>) => Promise<string | null>;
  /** "Make this the HPA" (ShipCandidate.tsx): the new text, the old HPA kept as a variant */
  onMakeHpa?: MakeHpa;
}

export function TunePanel(props: TunePanelProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [added, setAdded] = useState<Set<number>>(new Set());
  const [addError, setAddError] = useState<string | null>(null);
  const { search, start, cancel, edit } = useTuneSearch();
  const { form, incidents } = search;
  const { constraints, minimize, price, seed, budget, workers, replicas, target } = form;
  const setConstraints = (c: typeof constraints) => edit({ constraints: c });
  const state = search.status;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);

  const busy = state.kind === 'starting' || state.kind === 'running';
  const valid = searchFormValid(form);
  const problem = searchFormProblem(form);

  function run() {
    setSelected(null);
    setAdded(new Set());
    start();
  }

  const result = state.kind === 'done' ? state.result : null;
  // The search goes on when the dialog closes; its progress and result are here when it reopens.
  return (
    <dialog ref={ref} className="tune" aria-labelledby="tune-title" onClose={props.onClose}>
      <header>
        <h2 id="tune-title">Tune the behavior</h2>
        {props.release ? (
          <span
            className="tune-release"
            title="Candidates run on this release's controller and use only the fields it honours"
          >
            on {props.release}
          </span>
        ) : null}
        <button className="btn" onClick={() => ref.current?.close()}>
          Close
        </button>
      </header>
      <div className="tune-body">
        <form
          className="tune-goals"
          aria-label="Search goals"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy && valid) run();
          }}
        >
          <fieldset>
            <legend>Constraints</legend>
            {constraints.map((c, i) => (
              <div className="tune-row" key={i}>
                <select
                  aria-label={`Constraint ${i + 1}`}
                  value={c.flag}
                  onChange={(e) =>
                    setConstraints(
                      constraints.map((x, k) => (k === i ? { ...x, flag: e.target.value } : x)),
                    )
                  }
                >
                  {THRESHOLDS.map((t) => (
                    <option key={t.flag} value={t.flag}>
                      {t.label} {t.bound === 'max' ? '≤' : '≥'}
                    </option>
                  ))}
                </select>
                <input
                  type="number"
                  step="any"
                  aria-label={`Limit ${i + 1}`}
                  value={Number.isFinite(c.limit) ? c.limit : ''}
                  onChange={(e) =>
                    setConstraints(
                      constraints.map((x, k) =>
                        k === i ? { ...x, limit: e.target.valueAsNumber } : x,
                      ),
                    )
                  }
                />
                <button
                  type="button"
                  className="btn"
                  aria-label={`Remove constraint ${i + 1}`}
                  onClick={() => setConstraints(constraints.filter((_, k) => k !== i))}
                >
                  ×
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn"
              onClick={() =>
                setConstraints([...constraints, { flag: 'max-scale-events', limit: 30 }])
              }
            >
              + constraint
            </button>
          </fieldset>
          <fieldset>
            <legend>Objective and search</legend>
            <label>
              Minimize{' '}
              <select
                value={minimize}
                onChange={(e) => edit({ minimize: e.target.value as 'pod-hours' | 'cost' })}
              >
                <option value="pod-hours">pod-hours</option>
                <option value="cost">cost (price per pod-hour)</option>
              </select>
            </label>
            {minimize === 'cost' ? (
              <label>
                Price per pod-hour{' '}
                <input
                  type="number"
                  step="any"
                  min={0}
                  value={price}
                  onChange={(e) => edit({ price: e.target.valueAsNumber })}
                />
              </label>
            ) : null}
            <label>
              Seed{' '}
              <input
                type="number"
                value={seed}
                onChange={(e) => edit({ seed: Math.trunc(e.target.valueAsNumber || 0) })}
              />
            </label>
            <label>
              Runs{' '}
              <input
                type="number"
                min={1}
                max={MAX_APP_BUDGET}
                aria-label="Runs"
                value={Number.isFinite(budget) ? budget : ''}
                onChange={(e) => edit({ budget: Math.trunc(e.target.valueAsNumber) })}
              />
            </label>
            <label>
              Workers{' '}
              <input
                type="number"
                min={1}
                max={MAX_APP_WORKERS}
                value={workers}
                onChange={(e) => edit({ workers: Math.trunc(e.target.valueAsNumber) || 1 })}
              />
            </label>
            <label>
              <input
                type="checkbox"
                checked={replicas}
                onChange={(e) => edit({ replicas: e.target.checked })}
              />{' '}
              also min/max replicas
            </label>
            <label>
              <input
                type="checkbox"
                checked={target}
                onChange={(e) => edit({ target: e.target.checked })}
              />{' '}
              also the utilization target
            </label>
          </fieldset>
          <DrawsFields form={form} edit={edit} problem={problem} />
          <div className="tune-actions">
            <button type="submit" className="btn primary" disabled={busy || !valid}>
              Search
            </button>
            <button type="button" className="btn" disabled={!busy} onClick={cancel}>
              Cancel
            </button>
            <Status state={state} draws={search.draws} />
          </div>
        </form>
        {incidents.length > 0 ? (
          <ul className="tune-incidents" aria-label="Workers lost during the search">
            {incidents.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        ) : null}
        {addError ? (
          <p role="alert" className="tune-error">
            {addError}
          </p>
        ) : null}
        {result ? (
          <Results
            text={search.text ?? ''}
            draws={search.draws}
            onMakeHpa={props.onMakeHpa}
            result={result}
            selected={selected}
            onSelect={setSelected}
            added={added}
            onAdd={
              props.onAddVariant
                ? async (c) => {
                    setAddError(null);
                    const error = await props.onAddVariant!(`tuned-${c.index}`, c.patch);
                    if (error) setAddError(`Could not add tuned-${c.index}: ${error}`);
                    else setAdded((was) => new Set([...was, c.index]));
                  }
                : undefined
            }
          />
        ) : null}
      </div>
    </dialog>
  );
}

function Status({ state, draws }: { state: SearchStatus; draws: DrawsGoal | null }) {
  const judged = draws ? `, each judged at ${searchDrawsLabel(draws.count, draws.percentile)}` : '';
  switch (state.kind) {
    case 'starting':
      return <span role="status">Starting the workers…</span>;
    case 'running':
      return (
        <span role="status" className="tune-progress">
          <progress max={state.total} value={state.done} aria-label="Search progress" />{' '}
          {state.done} / {state.total} runs on {state.workers} worker
          {state.workers === 1 ? '' : 's'}
          {judged}
        </span>
      );
    case 'done': {
      const r = state.result;
      return (
        <span role="status">
          {r.candidates.length} runs{r.cancelled ? ' (cancelled)' : ''} in{' '}
          {state.seconds.toFixed(1)} s on {state.workers} worker{state.workers === 1 ? '' : 's'}
          {judged}:{' '}
          {r.feasible
            ? 'the recommendation meets every constraint'
            : 'no candidate meets every constraint'}
        </span>
      );
    }
    case 'error':
      return (
        <span role="alert" className="tune-error">
          {state.error}
        </span>
      );
    default:
      return null;
  }
}
