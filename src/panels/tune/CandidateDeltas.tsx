// The selected candidate against the current HPA for every KPI (src/tune/tradeOffs.ts kpiDeltas):
// not only the goals it was searched for, with the trade-offs it makes marked "worse", and the
// release a gated field it uses needs. The CLI prints the same rows (`cli tune`'s summary).

import type { CandidateResult } from '../../tune/search.ts';
import { releaseNeeds } from '../../tune/space.ts';
import { describeChange, kpiDeltas } from '../../tune/tradeOffs.ts';

export function CandidateDeltas(props: {
  current: CandidateResult | undefined;
  candidate: CandidateResult | undefined;
}) {
  const a = props.current?.kpis;
  const c = props.candidate;
  if (!a || !c?.kpis || c.index === 0) return null;
  const deltas = kpiDeltas(a, c.kpis);
  const needs = releaseNeeds(c.patch);
  const name = `candidate ${c.index}`;
  return (
    <section className="tune-deltas" aria-label={`${name} against the current HPA`}>
      <h3>{name} against the current HPA: every KPI</h3>
      <table>
        <thead>
          <tr>
            <th>KPI</th>
            <th>current</th>
            <th>{name}</th>
            <th>change</th>
          </tr>
        </thead>
        <tbody>
          {deltas.map((d) => (
            <tr key={d.key} className={d.tradeOff ? 'worse' : undefined}>
              <th scope="row">{d.label}</th>
              <td>{round(d.current)}</td>
              <td>{round(d.candidate)}</td>
              <td>
                {describeChange(d)}
                {d.tradeOff ? ' worse' : ''}
              </td>
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

function round(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/\.?0+$/, '');
}
