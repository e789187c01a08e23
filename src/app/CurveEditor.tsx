// The curve editor wired to the store: it reads the text itself (the page does not re-render per
// drag frame), sends its edits as gestures (one undo step per drag) and says when a drag starts
// and ends (the charts are not dimmed meanwhile, the editor shows the text less often).
import { memo } from 'react';
import { CurvePanel } from '../panels/curves/index.tsx';
import { useActions, useScenarioText, useWholeText } from '../store/index.ts';

export const CurveEditor = memo(function CurveEditor(props: {
  duration: number;
  cursorTime: number | null;
}) {
  const text = useScenarioText();
  // A preset, a link, undo: the panel draws such a text at once (a typed one once typing pauses).
  const wholeText = useWholeText();
  const actions = useActions();
  return (
    <CurvePanel
      text={text}
      wholeText={wholeText}
      duration={props.duration}
      cursorTime={props.cursorTime}
      onEdit={actions.editByGesture}
      onGesture={actions.gestureChanged}
    />
  );
});
