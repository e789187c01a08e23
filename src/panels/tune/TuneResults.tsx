// The search's results: the trade-off chart, the candidates (★ the recommendation, ◆ the front)
// with their constraints at the judged percentile of the draws and their spread, what each trades
// against the current HPA, its ship actions, and the selected one's every-KPI table.

import { useMemo } from 'react';
import { useHpaChoice, useScenarioText } from '../../store/index.ts';
import { searchDrawsLabel, type DrawsGoal } from '../../tune/drawsGoal.ts';
import { thresholdFor, type ConstraintResult } from '../../tune/goals.ts';
import type { CandidateResult, SearchResult } from '../../tune/search.ts';
import { releaseNeeds } from '../../tune/space.ts';
import { describeTradeOff, tradeOffs } from '../../tune/tradeOffs.ts';
import { CandidateDeltas } from './CandidateDeltas.tsx';
import { ShipCandidate, type MakeHpa } from './ShipCandidate.tsx';
import { changedLine, usePatchProblems } from './stale.ts';
import { TradeOffChart } from './TradeOffChart.tsx';

const LISTED = 12;

export function Results(props: {
  text: string;
  /** the draws the search judged its candidates over (null: one run each) */
  draws: DrawsGoal | null;
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
                {c.error ? c.error : c.constraints.map((k) => constraintText(k, c)).join(', ')}
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
                    draws={props.draws}
                    problem={problemOf(c.index)}
                    onMakeHpa={props.onMakeHpa}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tune-legend">
        ★ recommendation · ◆ on the Pareto front
        {props.draws
          ? ` · every figure at ${searchDrawsLabel(props.draws.count, props.draws.percentile)} (seed ${props.draws.seed}), its range over the draws in brackets`
          : ' · 1 draw: every candidate runs once, as written'}
      </p>
      <CandidateDeltas
        current={result.candidates[0]}
        candidate={result.candidates[props.selected ?? result.best ?? 0]}
        draws={props.draws}
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

/**
 * "✓ unmet demand (%) 0.31 [0.12–0.31]": met or not at the judged percentile, and over draws the
 * figure's smallest and largest value (the worst over a multi-cluster scenario's runs otherwise).
 */
export function constraintText(k: ConstraintResult, c: CandidateResult): string {
  const head = `${k.met ? '✓' : '✗'} ${k.label} ${round(k.value)}`;
  const spread = c.runs?.length === 1 ? c.runs[0]!.spread : undefined;
  const t = thresholdFor(k.flag);
  if (!spread || !t) return head;
  const lo = t.kpi(spread.low);
  const hi = t.kpi(spread.high);
  return lo === hi ? `${head} [every draw]` : `${head} [${round(lo)}–${round(hi)}]`;
}

export function round(v: number): string {
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
