// One lesson, step by step: what to read, the change to make (one click makes it), and a
// "predict, then play" question whose answer the run reveals when the playback reaches the sync
// that shows it. The host owns the state (which lesson, which step) and the scenario: the panel
// asks it to set a text, select a sync, play and pause. See README.md for mounting it elsewhere
// (the embed view).

import { memo, useEffect, useState } from 'react';
import type { Lesson } from '../../presets/lessons/index.ts';
import './lesson.css';

export interface LessonPanelProps {
  lesson: Lesson;
  /** the step shown (0-based) */
  step: number;
  onStep(index: number): void;
  /** the text of a step's scenario (the lesson's base with the step's changes), or null */
  stepText(index: number): string | null;
  /** puts a text in the editor (one undo step) and runs it */
  onSetText(text: string): void;
  /** the sync selected now (the reveal follows it) */
  selectedSync: number | null;
  onSelectSync(index: number): void;
  /** plays from a sync on; `onPause` stops it */
  onPlayFrom(index: number): void;
  onPause(): void;
  onClose?(): void;
}

type Phase = 'asking' | 'playing' | 'revealed';

function Question(props: LessonPanelProps & { phase: Phase; setPhase(p: Phase): void }) {
  const q = props.lesson.steps[props.step]!.question!;
  const [choice, setChoice] = useState<number | null>(null);
  const { phase, setPhase, selectedSync, onPause } = props;
  // The run reveals the answer: playback reached the sync that shows it.
  useEffect(() => {
    if (phase === 'playing' && selectedSync !== null && selectedSync >= q.revealAt) {
      onPause();
      setPhase('revealed');
    }
  }, [phase, selectedSync, q.revealAt, onPause, setPhase]);
  const name = `lesson-q-${props.lesson.id}-${props.step}`;
  return (
    <fieldset className="lesson-question">
      <legend>Predict: {q.prompt}</legend>
      {q.choices.map((c, i) => (
        <label
          key={i}
          className={
            phase === 'revealed'
              ? i === q.answer
                ? 'is-answer'
                : i === choice
                  ? 'is-wrong'
                  : ''
              : ''
          }
        >
          <input
            type="radio"
            name={name}
            checked={choice === i}
            disabled={phase === 'revealed'}
            onChange={() => setChoice(i)}
          />{' '}
          {c}
        </label>
      ))}
      {phase === 'revealed' ? (
        <p className="lesson-answer" role="status">
          <strong>
            {choice === null ? 'The answer' : choice === q.answer ? 'Right.' : 'Not quite.'}
          </strong>{' '}
          {q.explain}
        </p>
      ) : (
        <p className="lesson-actions">
          <button
            type="button"
            className="btn primary"
            disabled={choice === null || phase === 'playing'}
            onClick={() => {
              setPhase('playing');
              props.onPlayFrom(q.playFrom ?? props.lesson.steps[props.step]!.select ?? 0);
            }}
          >
            {phase === 'playing' ? 'Playing…' : 'Play to see'}
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setPhase('revealed')}>
            Show the answer
          </button>
        </p>
      )}
    </fieldset>
  );
}

function LessonPanelView(props: LessonPanelProps) {
  const { lesson, step } = props;
  const s = lesson.steps[step]!;
  const [phase, setPhase] = useState<Phase>('asking');
  const [changed, setChanged] = useState(false);
  const last = lesson.steps.length - 1;
  const go = (i: number) => {
    setPhase('asking');
    setChanged(false);
    props.onStep(i);
  };
  // A step opens on its sync.
  const { onSelectSync } = props;
  useEffect(() => {
    if (s.select !== undefined) onSelectSync(s.select);
  }, [s, onSelectSync]);
  return (
    <section className="lesson" aria-label={`Lesson: ${lesson.title}`}>
      <header className="lesson-head">
        <span className="lesson-kicker">
          Lesson · step {step + 1} of {lesson.steps.length}
        </span>
        {props.onClose ? (
          <button type="button" className="link-button" onClick={props.onClose}>
            End lesson
          </button>
        ) : null}
      </header>
      <h2 className="lesson-title">{s.title}</h2>
      <p className="lesson-text">{s.text}</p>
      {s.needs === 'keda-plane' ? (
        <p className="lesson-needs" role="note">
          This step needs KEDA&apos;s own loop (activation and cooldown), which the simulator does
          not model yet: the run shows the HPA KEDA creates, alone.
        </p>
      ) : null}
      {s.scenario ? (
        <p className="lesson-change">
          <span>Change: {s.change ?? 'the scenario for this step'}</span>{' '}
          <button
            type="button"
            className="btn"
            disabled={changed}
            onClick={() => {
              const text = props.stepText(step);
              if (text !== null) props.onSetText(text);
              setChanged(true);
            }}
          >
            {changed ? 'Changed ✓' : 'Make this change'}
          </button>
        </p>
      ) : null}
      {s.question ? (
        <Question key={`${lesson.id}-${step}`} {...props} phase={phase} setPhase={setPhase} />
      ) : null}
      <nav className="lesson-nav" aria-label="Lesson steps">
        <button type="button" className="btn" disabled={step === 0} onClick={() => go(step - 1)}>
          ‹ Back
        </button>
        {step < last ? (
          <button type="button" className="btn primary" onClick={() => go(step + 1)}>
            Next step ›
          </button>
        ) : (
          <span className="lesson-done" role="status">
            End of the lesson
          </span>
        )}
      </nav>
    </section>
  );
}

/** Memoized: the host re-renders per result and per sync; the panel when its props change. */
export const LessonPanel = memo(LessonPanelView);
