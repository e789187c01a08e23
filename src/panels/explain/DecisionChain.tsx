// The decision chain of one sync as ordered steps: metrics → tolerance → largest proposal →
// stabilization → policies → min/max clamp → result (or the shortcut that ended it early).

import type { ChainStep } from '../../explain/decisionChain.ts';
import { MetricProposals } from './MetricProposals.tsx';
import { PolicyTable } from './PolicyTable.tsx';
import { StabilizationWindow } from './StabilizationWindow.tsx';

const STATUS_LABEL = { neutral: 'passed', changed: 'changed the value', stop: 'stopped here' };

function Step({ step, n }: { step: ChainStep; n: number }) {
  return (
    <li className={`chain-step status-${step.status}`} aria-label={`Step ${n}: ${step.title}`}>
      <div className="chain-marker" aria-hidden="true">
        {n}
      </div>
      <div className="chain-content">
        <div className="chain-head">
          <span className="chain-title">{step.title}</span>
          {step.value !== null ? (
            <span className="chain-value" title="replicas after this step">
              {step.value}
            </span>
          ) : null}
          <span className="visually-hidden">({STATUS_LABEL[step.status]})</span>
        </div>
        {step.metrics ? <MetricProposals metrics={step.metrics} /> : null}
        {step.lines.length ? (
          <ul className="chain-lines">
            {step.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        ) : null}
        {step.stabilization ? <StabilizationWindow s={step.stabilization} /> : null}
        {step.policies ? <PolicyTable p={step.policies} /> : null}
        {step.notes.map((note, i) => (
          <p key={i} className="chain-note">
            <span className="note-tag">note</span> {note}
          </p>
        ))}
      </div>
    </li>
  );
}

export function DecisionChain({ steps }: { steps: ChainStep[] }) {
  return (
    <ol className="chain" aria-label="Decision chain">
      {steps.map((s, i) => (
        <Step key={`${s.kind}-${i}`} step={s} n={i + 1} />
      ))}
    </ol>
  );
}
