// Layout switches: fold the editor away (the charts take the width) and presenter mode (which
// folds the editor itself; the Editor switch unfolds it for the session).

import type { LayoutPrefs } from '../../store/index.ts';

export function ViewToggles(props: {
  prefs: LayoutPrefs;
  /** whether the editor is shown now (presenter mode folds it) */
  editorShown: boolean;
  onToggleEditor(): void;
  onChange(patch: Partial<LayoutPrefs>): void;
}) {
  const { prefs, onChange } = props;
  return (
    <div className="view-toggles" role="group" aria-label="View">
      <button
        type="button"
        className="btn"
        aria-pressed={props.editorShown}
        title="Show or hide the scenario editor"
        onClick={props.onToggleEditor}
      >
        Editor
      </button>
      <button
        type="button"
        className="btn"
        aria-pressed={prefs.presenter}
        title="Presenter mode: type a room can read, the editor folded, the chain open on the step that decided"
        onClick={() => onChange({ presenter: !prefs.presenter })}
      >
        Presenter
      </button>
    </div>
  );
}
