// The decision chain of one sync as ordered steps: metrics → tolerance → largest proposal →
// stabilization → policies → min/max clamp → result (or the shortcut that ended it early).
// With `focus` (presenter mode) the chain opens on the step that decided the value (deciding.ts),
// scrolled into view, and the passed steps fold to their one-line head.

import { useLayoutEffect, useRef } from 'react';
import type { ChainStep } from '../../explain/decisionChain.ts';
import { decidingStep } from './deciding.ts';
import { MetricProposals } from './MetricProposals.tsx';
import { PolicyTable } from './PolicyTable.tsx';
import { StabilizationWindow } from './StabilizationWindow.tsx';

const STATUS_LABEL = { neutral: 'passed', changed: 'changed the value', stop: 'stopped here' };

function Head({ step }: { step: ChainStep }) {
  return (
    <div className="chain-head">
      <span className="chain-title">{step.title}</span>
      {step.value !== null ? (
        <span className="chain-value" title="replicas after this step">
          {step.value}
        </span>
      ) : null}
      <span className="visually-hidden">({STATUS_LABEL[step.status]})</span>
    </div>
  );
}

function Body({ step }: { step: ChainStep }) {
  return (
    <>
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
    </>
  );
}

function showHead(el: HTMLElement) {
  let box = el.parentElement;
  while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
  if (!box) return;
  const top = el.getBoundingClientRect().top - box.getBoundingClientRect().top;
  const head = 48; // about the head's height at presenter size
  if (top < 0 || top + head > box.clientHeight) box.scrollTop += top - 8;
}

function Step(props: {
  step: ChainStep;
  n: number;
  folded?: boolean;
  deciding?: boolean;
  scroll?: boolean;
}) {
  const { step, n } = props;
  const ref = useRef<HTMLLIElement>(null);
  // The deciding step's head in view when it changes (a new sync, a new run): its scrolling
  // ancestor moves only when the head is out of view, so the sync's summary above stays if it can.
  useLayoutEffect(() => {
    if (props.deciding && props.scroll && ref.current) showHead(ref.current);
  }, [props.deciding, props.scroll, step]);
  return (
    <li
      ref={ref}
      className={`chain-step status-${step.status}${props.deciding ? ' is-deciding' : ''}`}
      aria-label={`Step ${n}: ${step.title}`}
    >
      <div className="chain-marker" aria-hidden="true">
        {n}
      </div>
      <div className="chain-content">
        {props.folded === undefined ? (
          <>
            <Head step={step} />
            <Body step={step} />
          </>
        ) : (
          // keyed by the step's open state, so a new sync opens what decided it
          <details key={String(!props.folded)} open={!props.folded}>
            <summary>
              <Head step={step} />
            </summary>
            <Body step={step} />
          </details>
        )}
      </div>
    </li>
  );
}

export function DecisionChain({
  steps,
  focus,
  scroll = true,
}: {
  steps: ChainStep[];
  focus?: boolean;
  /** with `focus`: scroll the deciding step's head into view (not while a lesson is read above) */
  scroll?: boolean;
}) {
  const deciding = focus ? decidingStep(steps) : -1;
  return (
    <ol className={`chain${focus ? ' is-focused' : ''}`} aria-label="Decision chain">
      {steps.map((s, i) => (
        <Step
          key={`${s.kind}-${i}`}
          step={s}
          n={i + 1}
          folded={focus ? i !== deciding && s.kind !== 'result' : undefined}
          deciding={i === deciding}
          scroll={scroll}
        />
      ))}
    </ol>
  );
}
