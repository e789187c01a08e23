// Why the selected sync ended where it did: the controller's one-line explanation, the decision
// chain step by step, and the HPA as `kubectl describe hpa` would show it after the sync.

import { memo, useMemo } from 'react';
import { tidyNumbers } from '../../format/format.ts';
import { formatElapsed } from '../../format/timeAxis.ts';
import type { SyncDetail } from '../../worker/protocol.ts';
import type { NodeRun } from '../../run/index.ts';
import { DecisionChain } from './DecisionChain.tsx';
import { DescribeBlock } from './DescribeBlock.tsx';
import { KedaStep } from '../keda/KedaStep.tsx';
import type { Rescale } from './rescales.ts';
import { FirstClicks } from './FirstClicks.tsx';
import { RunSwitch, type ExplainedRun } from './RunSwitch.tsx';
import { ReactionTimeline } from './ReactionTimeline.tsx';
import type { ReactionSeries } from './reaction.ts';
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
  /**
   * the scenario's runs (the HPA first, then its variants): with more than one the panel names
   * the run it explains and offers a switch
   */
  runs?: readonly ExplainedRun[];
  /** the key of the run `detail` comes from ('main': the HPA) */
  focusedRun?: string;
  onFocusRun?: (key: string) => void;
  /** the explained run's rescales: with nothing selected, the places worth a first click */
  rescales?: readonly Rescale[];
  onSelectSync?: (index: number) => void;
  /** the explained run's series: a rescale's timeline (what led to it, how the pods followed) */
  series?: ReactionSeries;
  /** the explained run's node pool (spec.nodes): the timeline splits out waiting for a node */
  nodes?: NodeRun;
  /**
   * for a room (presenter mode): the chain opens on the step that decided the value, passed steps
   * folded, and `kubectl describe` starts folded
   */
  presenter?: boolean;
  /** presenter mode: scroll to the deciding step (default); off while a lesson sits above */
  scrollToDeciding?: boolean;
}

/** Memoized: the app re-renders on every keystroke, the panel only when its props change. */
export const ExplainPanel = memo(ExplainPanelView);

function ExplainPanelView(props: ExplainPanelProps) {
  const { detail, loading, history } = props;
  const runs = props.runs ?? [];
  const steps = useMemo(() => (detail ? decisionChain(detail, history) : []), [detail, history]);
  const describe = useMemo(() => (detail ? describeHpa(detail) : null), [detail]);
  return (
    <section className="explain" aria-label="Explanation" aria-busy={loading || undefined}>
      {runs.length > 1 ? (
        <RunSwitch
          runs={runs}
          focusedRun={props.focusedRun ?? 'main'}
          index={detail ? detail.index : null}
          onFocusRun={props.onFocusRun}
        />
      ) : null}
      {!detail ? (
        <>
          <p className="explain-empty">
            {loading
              ? 'Loading the sync…'
              : 'Select a sync on a chart to see why the HPA did what it did.'}
          </p>
          {!loading && props.rescales && props.onSelectSync ? (
            <FirstClicks rescales={props.rescales} onSelectSync={props.onSelectSync} />
          ) : null}
        </>
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
          {detail.sync.keda ? <KedaStep keda={detail.sync.keda} /> : null}
          <h3 className="explain-h3">Decision chain</h3>
          <DecisionChain
            steps={steps}
            focus={props.presenter}
            scroll={props.scrollToDeciding ?? true}
          />
          {props.series ? (
            <ReactionTimeline
              series={props.series}
              index={detail.index}
              onSelectSync={props.onSelectSync}
              nodes={props.nodes}
            />
          ) : null}
          <details className="explain-describe" open={!props.presenter}>
            <summary className="explain-h3">kubectl describe hpa</summary>
            {detail.sync.noHpa ? (
              // KEDA deleted the HPA (a paused ScaledObject): kubectl finds none.
              <div className="describe" aria-label="kubectl describe hpa">
                <code>{`Error from server (NotFound): horizontalpodautoscalers.autoscaling "${detail.hpa.metadata?.name ?? ''}" not found`}</code>
              </div>
            ) : describe ? (
              <DescribeBlock model={describe} />
            ) : null}
          </details>
        </>
      )}
    </section>
  );
}
