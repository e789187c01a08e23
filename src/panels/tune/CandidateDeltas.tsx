// The selected candidate against the current HPA for every KPI (src/tune/tradeOffs.ts kpiDeltas):
// not only the goals it was searched for, with the trade-offs it makes marked "worse", and the
// release a gated field it uses needs. The CLI prints the same rows (`cli tune`'s summary). Over
// timing draws, the figures are at the judged percentile and a column gives each one's range.

import { searchDrawsLabel, type DrawsGoal } from '../../tune/drawsGoal.ts';
import type { CandidateResult } from '../../tune/search.ts';
import { releaseNeeds } from '../../tune/space.ts';
import { describeChange, kpiDeltas } from '../../tune/tradeOffs.ts';

export function CandidateDeltas(props: {
  current: CandidateResult | undefined;
  candidate: CandidateResult | undefined;
  draws?: DrawsGoal | null;
}) {
  const a = props.current?.kpis;
  const c = props.candidate;
  if (!a || !c?.kpis || c.index === 0) return null;
  const deltas = kpiDeltas(a, c.kpis);
  const needs = releaseNeeds(c.patch);
  const name = `candidate ${c.index}`;
  // Each KPI's smallest and largest over the draws, by the rows' keys (kpiDeltas(low, high)).
  const spread = c.runs?.length === 1 ? c.runs[0]!.spread : undefined;
  const range = new Map(
    spread ? kpiDeltas(spread.low, spread.high).map((d) => [d.key, d] as const) : [],
  );
  const at = props.draws
    ? ` at ${searchDrawsLabel(props.draws.count, props.draws.percentile)}`
    : '';
  return (
    <section className="tune-deltas" aria-label={`${name} against the current HPA`}>
      <h3>
        {name} against the current HPA: every KPI{at}
      </h3>
      <table>
        <thead>
          <tr>
            <th>KPI</th>
            <th>current</th>
            <th>{name}</th>
            <th>change</th>
            {spread ? <th>{name} over the draws</th> : null}
          </tr>
        </thead>
        <tbody>
          {deltas.map((d) => (
            <tr key={d.key} className={d.tradeOff ? 'worse' : undefined}>
              <th scope="row">{d.label}</th>
              <td>{round(d.current)}</td>
              <td>{round(d.candidate)}</td>
              <td className="change">
                {describeChange(d)}
                {d.tradeOff ? ' worse' : ''}
              </td>
              {spread ? <td>{rangeText(range.get(d.key))}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {needs.map((n) => (
        <p key={n.field} className="tune-release-note">
          Needs a later release? {n.text}.
        </p>
      ))}
    </section>
  );
}

function rangeText(d: { current: number; candidate: number } | undefined): string {
  if (!d) return '—';
  return d.current === d.candidate ? round(d.current) : `${round(d.current)}–${round(d.candidate)}`;
}

function round(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/\.?0+$/, '');
}
