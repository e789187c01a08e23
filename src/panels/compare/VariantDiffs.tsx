// Under the compare table: what each variant changes, as a unified diff from the HPA as written,
// and the ship actions per variant (issue 25: "Export as HPA manifest", "Copy as a diff", "Make
// this the HPA", the same as a tuned candidate's, ShipCandidate.tsx). A variant whose patch no
// longer applies to the text as it is says why, located (src/tune/applies.ts), and its actions
// are disabled with that reason.

import type { VariantDiff } from '../../scenario/edit/index.ts';
import { useActions, useHpaChoice, useScenarioTextWhile } from '../../store/index.ts';
import { ShipCandidate } from '../tune/ShipCandidate.tsx';
import { usePatchProblems } from '../tune/stale.ts';

export function VariantDiffs(props: {
  /** the text the diffs (and the table's runs) were read from */
  text: string;
  diffs: readonly VariantDiff[];
  /** the table's runs are not the editor's text's (an edit since) */
  stale: boolean;
}) {
  const actions = useActions();
  const hpa = useHpaChoice();
  const now = useScenarioTextWhile(props.stale);
  const problems = usePatchProblems(
    now,
    props.stale,
    props.diffs.map((d, i) => ({ index: i, patch: d.patch })),
    hpa,
  );
  if (props.diffs.length === 0) return null;
  return (
    <details className="compare-diffs">
      <summary>What each variant changes, as a diff</summary>
      {props.diffs.map((d, i) => {
        const problem =
          problems.get(i)?.message ?? (d.error ? `the patch does not apply: ${d.error}` : null);
        return (
          <figure key={d.name} className="compare-diff">
            <figcaption>{d.name}</figcaption>
            <pre aria-label={`Diff of variant ${d.name}`}>
              {d.diff ?? `The patch does not apply: ${d.error ?? 'unknown'}`}
            </pre>
            {problems.get(i) ? (
              <p className="compare-stale">
                No longer applies to the scenario as it is: {problems.get(i)!.message}
              </p>
            ) : null}
            <ShipCandidate
              text={props.text}
              patch={d.patch}
              label={d.name}
              hpa={hpa}
              problem={problem}
              onMakeHpa={(from, to, name, back) => actions.makeThisTheHpa(from, to, name, back)}
            />
          </figure>
        );
      })}
    </details>
  );
}
