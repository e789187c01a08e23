// The lesson panel wired to the page: its step's text goes through the store's one edit path
// (one undo step), its sync is the store's selection, "Play to see" is the page's player.
import { useCallback } from 'react';
import { lessonById } from '../../presets/lessons/index.ts';
import { lessonStepText } from '../../presets/lessons/catalog.ts';
import { LessonPanel } from '../../panels/lesson/index.ts';
import type { PlaybackState } from '../../store/index.ts';
import type { ShareLesson } from '../../share/index.ts';
import { useActions } from '../../store/index.ts';

export function LessonHost(props: {
  state: ShareLesson;
  onState(state: ShareLesson | null): void;
  selectedSync: number | null;
  player: PlaybackState;
}) {
  const actions = useActions();
  const lesson = lessonById(props.state.id);
  const { onState, state, player } = props;
  const onStep = useCallback(
    (step: number) => onState({ id: state.id, step }),
    [onState, state.id],
  );
  const stepText = useCallback(
    (i: number) => (lesson ? lessonStepText(lesson, i) : null),
    [lesson],
  );
  const onClose = useCallback(() => onState(null), [onState]);
  if (!lesson) return null;
  return (
    <LessonPanel
      lesson={lesson}
      step={Math.min(state.step, lesson.steps.length - 1)}
      onStep={onStep}
      stepText={stepText}
      onSetText={actions.editByStep}
      selectedSync={props.selectedSync}
      onSelectSync={actions.selectSync}
      onPlayFrom={player.playFrom}
      onPause={player.pause}
      onClose={onClose}
    />
  );
}
