// With variants or member clusters, the run the explanation is about and the switch to another,
// placed where the explanation is read.

import { runColour } from '../../format/runColours.ts';

export interface ExplainedRun {
  key: string;
  name: string;
  role: 'hpa' | 'variant' | 'cluster';
}

/** "the HPA web", "variant fast-down": how the panel names a run. */
export function runTitle(run: ExplainedRun): string {
  return run.role === 'hpa' ? `the HPA ${run.name}` : `${run.role} ${run.name}`;
}

/** The run being explained and the switch to another, right where the explanation is read. */
export function RunSwitch(props: {
  runs: readonly ExplainedRun[];
  focusedRun: string;
  index: number | null;
  onFocusRun?: (key: string) => void;
}) {
  const at = Math.max(
    0,
    props.runs.findIndex((r) => r.key === props.focusedRun),
  );
  const run = props.runs[at]!;
  return (
    <div className="explain-run">
      <p>
        <span className="explain-run-swatch" style={{ background: runColour(at) }} />
        Explaining <strong>{runTitle(run)}</strong>
        {props.index !== null ? ` at sync ${props.index}` : ''}
      </p>
      {props.onFocusRun ? (
        <label>
          Explain{' '}
          <select
            aria-label="Run to explain"
            value={run.key}
            onChange={(e) => props.onFocusRun?.(e.target.value)}
          >
            {props.runs.map((r) => (
              <option key={r.key} value={r.key}>
                {runTitle(r)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
