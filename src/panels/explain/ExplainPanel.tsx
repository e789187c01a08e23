// Why the selected sync ended where it did: the controller's one-line explanation, the decision
// chain step by step, and the HPA as `kubectl describe hpa` would show it after the sync.

import { memo, useMemo } from 'react';
import { tidyNumbers } from '../../format/format.ts';
import { formatElapsed } from '../../format/timeAxis.ts';
import type { SyncDetail } from '../../worker/protocol.ts';
import { DecisionChain } from './DecisionChain.tsx';
import { DescribeBlock } from './DescribeBlock.tsx';
import { decisionChain } from '../../explain/decisionChain.ts';
import { describeHpa } from '../../explain/describe.ts';
import './explain.css';

export interface ExplainPanelProps {
  /** the selected sync (null: nothing selected yet) */
  detail: SyncDetail | null;
  /** a newer selection's detail is being fetched */
  loading: boolean;
  /**
   * sync times and raw proposals of the run (optional): lets the legacy path, whose trace has no
   * window contents, list the recommendations that voted
   */
  history?: { time: ArrayLike<number>; raw: ArrayLike<number> };
}

/** Memoized: the app re-renders on every keystroke, the panel only when its props change. */
export const ExplainPanel = memo(ExplainPanelView);

function ExplainPanelView({ detail, loading, history }: ExplainPanelProps) {
  const steps = useMemo(() => (detail ? decisionChain(detail, history) : []), [detail, history]);
  const describe = useMemo(() => (detail ? describeHpa(detail) : null), [detail]);
  return (
    <section className="explain" aria-label="Explanation" aria-busy={loading || undefined}>
      {!detail ? (
        <p className="explain-empty">
          {loading
            ? 'Loading the sync…'
            : 'Select a sync on a chart to see why the HPA did what it did.'}
        </p>
      ) : (
        <>
          <header className={`explain-header${loading ? ' is-loading' : ''}`}>
            <h2>
              Sync {detail.index}{' '}
              <span className="muted">at {formatElapsed(detail.sync.time, true)}</span>
            </h2>
            <div className="explain-replicas">
              {detail.sync.currentReplicas} → <strong>{detail.sync.replicas}</strong>
              {detail.sync.rescaled ? <span className="pill pill-accent">rescaled</span> : null}
            </div>
            <p className="explain-summary">{tidyNumbers(detail.sync.explanation)}</p>
          </header>
          <h3 className="explain-h3">Decision chain</h3>
          <DecisionChain steps={steps} />
          <details className="explain-describe" open>
            <summary className="explain-h3">kubectl describe hpa</summary>
            {describe ? <DescribeBlock model={describe} /> : null}
          </details>
        </>
      )}
    </section>
  );
}
