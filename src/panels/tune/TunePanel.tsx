// The search panel: goals (constraints named like `cli check`'s flags, an objective), the search's
// seed, budget and workers; progress and cancel; the trade-off chart and the candidates, each one
// click from becoming a variant (`onAddVariant(name, patch)`). The form and the search live in the
// store (its search slice): closing the dialog never stops a search.

import { useEffect, useMemo, useRef, useState } from 'react';
import {
  MAX_APP_BUDGET,
  MAX_APP_WORKERS,
  searchFormValid,
  useHpaChoice,
  useScenarioText,
} from '../../store/index.ts';
import { changedLine, usePatchProblems } from './stale.ts';
import type { SearchStatus } from '../../store/index.ts';
import { THRESHOLDS } from '../../tune/goals.ts';
import type { CandidateResult, SearchResult } from '../../tune/search.ts';
import { releaseNeeds } from '../../tune/space.ts';
import { describeTradeOff, tradeOffs } from '../../tune/tradeOffs.ts';
import { CandidateDeltas } from './CandidateDeltas.tsx';
import { ShipCandidate, type MakeHpa } from './ShipCandidate.tsx';
import { TradeOffChart } from './TradeOffChart.tsx';
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

const LISTED = 12;

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
          <div className="tune-actions">
            <button type="submit" className="btn primary" disabled={busy || !valid}>
              Search
            </button>
            <button type="button" className="btn" disabled={!busy} onClick={cancel}>
              Cancel
            </button>
            <Status state={state} />
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

function Status({ state }: { state: SearchStatus }) {
  switch (state.kind) {
    case 'starting':
      return <span role="status">Starting the workers…</span>;
    case 'running':
      return (
        <span role="status" className="tune-progress">
          <progress max={state.total} value={state.done} aria-label="Search progress" />{' '}
          {state.done} / {state.total} runs on {state.workers} worker
          {state.workers === 1 ? '' : 's'}
        </span>
      );
    case 'done': {
      const r = state.result;
      return (
        <span role="status">
          {r.candidates.length} runs{r.cancelled ? ' (cancelled)' : ''} in{' '}
          {state.seconds.toFixed(1)} s on {state.workers} worker{state.workers === 1 ? '' : 's'}:{' '}
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

function Results(props: {
  text: string;
  onMakeHpa: MakeHpa | undefined;
  result: SearchResult;
  selected: number | null;
  onSelect(i: number): void;
  added: Set<number>;
  onAdd?: (c: CandidateResult) => void;
}) {
  const { result } = props;
  // The recommendation, the current HPA, then the front (cheapest first), then the other feasible.
  const listed = useMemo(() => {
    const order: number[] = [];
    const push = (i: number | null) => {
      if (i !== null && !order.includes(i)) order.push(i);
    };
    push(result.best);
    push(0);
    const byObjective = (a: CandidateResult, b: CandidateResult) => a.objective! - b.objective!;
    result.front
      .map((i) => result.candidates[i]!)
      .sort(byObjective)
      .forEach((c) => push(c.index));
    result.candidates
      .filter((c) => c.feasible)
      .sort(byObjective)
      .forEach((c) => push(c.index));
    if (props.selected !== null) push(props.selected);
    return order
      .slice(0, LISTED + (props.selected !== null ? 1 : 0))
      .map((i) => result.candidates[i]!);
  }, [result, props.selected]);
  const front = new Set(result.front);
  // After an edit the figures are the searched text's: say where it changed, and which patches
  // no longer apply to the text as it is (stale.ts).
  const now = useScenarioText();
  const hpa = useHpaChoice();
  const changed = changedLine(props.text, now);
  const problems = usePatchProblems(now, changed !== null, listed, hpa);
  const problemOf = (i: number) => (i === 0 ? null : (problems.get(i)?.message ?? null));
  return (
    <div className="tune-results">
      {changed !== null ? (
        <p role="alert" className="tune-error tune-stale">
          The scenario changed at line {changed} since this search: the figures below are for the
          text it ran. Search again to tune the scenario as it is.
        </p>
      ) : null}
      <TradeOffChart result={result} selected={props.selected} onSelect={props.onSelect} />
      <table className="tune-table" aria-label="Candidates">
        <thead>
          <tr>
            <th>#</th>
            <th>{result.objective.name}</th>
            <th>{result.overload.label}</th>
            <th>constraints</th>
            <th>behavior</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {listed.map((c) => (
            <tr
              key={c.index}
              aria-selected={c.index === props.selected}
              className={c.index === props.selected ? 'selected' : undefined}
              onClick={() => props.onSelect(c.index)}
            >
              <td>
                {c.index === 0 ? 'current' : c.index}
                {c.index === result.best ? ' ★' : ''}
                {front.has(c.index) ? ' ◆' : ''}
              </td>
              <td>{c.objective === null ? '—' : round(c.objective)}</td>
              <td>{c.overload === null ? '—' : round(c.overload)}</td>
              <td>
                {c.error
                  ? c.error
                  : c.constraints
                      .map((k) => `${k.met ? '✓' : '✗'} ${k.label} ${round(k.value)}`)
                      .join(', ')}
                <TradesOf current={props.result.candidates[0]} candidate={c} />
                {problemOf(c.index) ? (
                  <div className="tune-error">
                    No longer applies to the scenario as it is: {problemOf(c.index)}
                  </div>
                ) : null}
              </td>
              <td>
                <code className="tune-patch">
                  {c.index === 0 ? 'as written' : summarizePatch(c.patch)}
                </code>
              </td>
              <td>
                {props.onAdd && c.index !== 0 && c.kpis && !problemOf(c.index) ? (
                  <button
                    className="btn"
                    disabled={props.added.has(c.index)}
                    onClick={(e) => {
                      e.stopPropagation();
                      props.onAdd!(c);
                    }}
                  >
                    {props.added.has(c.index) ? 'Added' : 'Add as variant'}
                  </button>
                ) : null}
                {c.index !== 0 && c.kpis ? (
                  <ShipCandidate
                    text={props.text}
                    patch={c.patch}
                    label={`tuned-${c.index}`}
                    hpa={hpa}
                    constraints={c.constraints}
                    problem={problemOf(c.index)}
                    onMakeHpa={props.onMakeHpa}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tune-legend">★ recommendation · ◆ on the Pareto front</p>
      <CandidateDeltas
        current={result.candidates[0]}
        candidate={result.candidates[props.selected ?? result.best ?? 0]}
      />
    </div>
  );
}

/** What a candidate makes worse than the current HPA (src/tune/tradeOffs.ts). */
function TradesOf(props: { current: CandidateResult | undefined; candidate: CandidateResult }) {
  const a = props.current?.kpis;
  const b = props.candidate.kpis;
  if (!a || !b || props.candidate.index === 0) return null;
  const trades = tradeOffs(a, b);
  if (trades.length === 0) return null;
  return <div className="tune-trades">trades: {trades.map(describeTradeOff).join('; ')}</div>;
}

function round(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/\.?0+$/, '');
}

type Rules = {
  stabilizationWindowSeconds?: number;
  selectPolicy?: string;
  policies?: { type: string; value: number; periodSeconds: number }[];
  tolerance?: string | null;
};

/** One line per direction: "up 15s Max 4 pods|100%/60s · down 300s Min 10%/60s". */
export function summarizePatch(patch: Record<string, unknown>): string {
  const behavior = (patch.behavior ?? {}) as { scaleUp?: Rules; scaleDown?: Rules };
  const dir = (name: string, r: Rules | undefined) => {
    if (!r) return '';
    const policies = (r.policies ?? [])
      .map((p) => (p.type === 'Pods' ? `${p.value} pods` : `${p.value}%`))
      .join('|');
    const period = r.policies?.[0]?.periodSeconds;
    // A tolerance needs HPAConfigurableTolerance: say from which release (space.ts releaseNeeds).
    const since = releaseNeeds(patch)[0]?.since;
    const tol = r.tolerance ? ` tol ${r.tolerance}${since ? ` (Kubernetes ${since}+)` : ''}` : '';
    return `${name} ${r.stabilizationWindowSeconds ?? '-'}s ${r.selectPolicy ?? ''} ${policies}/${period}s${tol}`;
  };
  const parts = [dir('up', behavior.scaleUp), dir('down', behavior.scaleDown)];
  if (patch.minReplicas !== undefined)
    parts.push(`replicas ${patch.minReplicas}–${patch.maxReplicas}`);
  if (Array.isArray(patch.metrics)) {
    const t = (patch.metrics as { resource?: { target?: { averageUtilization?: number } } }[]).find(
      (m) => m.resource?.target?.averageUtilization !== undefined,
    );
    if (t) parts.push(`target ${t.resource!.target!.averageUtilization}%`);
  }
  return parts.filter(Boolean).join(' · ');
}
