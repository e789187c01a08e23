// The explanation's empty state: what to do, and the run's rescales as links to their syncs, so a
// first click is sure to show a decision.

import { formatElapsed } from '../../format/timeAxis.ts';
import type { Rescale } from './rescales.ts';

/** Enough to start from without pushing the panel past the viewport. */
const RESCALES_SHOWN = 12;

/** The empty state: what to do, and the run's rescales as links to their syncs. */
export function FirstClicks(props: {
  rescales: readonly Rescale[];
  onSelectSync(index: number): void;
}) {
  const { rescales } = props;
  if (rescales.length === 0)
    return (
      <p className="explain-rescales-none">No rescale in this run: every sync kept its count.</p>
    );
  return (
    <nav aria-label="Rescales in this run">
      <h3 className="explain-h3">Rescales in this run</h3>
      <ol className="explain-rescales">
        {rescales.slice(0, RESCALES_SHOWN).map((r) => (
          <li key={r.index}>
            <button
              type="button"
              className="link-button"
              onClick={() => props.onSelectSync(r.index)}
            >
              {formatElapsed(r.time, true)}
            </button>{' '}
            sync {r.index}: {r.from} → {r.to}
          </li>
        ))}
      </ol>
      {rescales.length > RESCALES_SHOWN ? (
        <p className="muted">
          and {rescales.length - RESCALES_SHOWN} more: step with ←/→ on a chart, or press Play
        </p>
      ) : null}
    </nav>
  );
}
