// Layout switches: fold the editor away (the charts take the width) and presenter mode.

import type { LayoutPrefs } from './layoutPrefs.ts';

export function ViewToggles(props: {
  prefs: LayoutPrefs;
  onChange(patch: Partial<LayoutPrefs>): void;
}) {
  const { prefs, onChange } = props;
  return (
    <div className="view-toggles" role="group" aria-label="View">
      <button
        type="button"
        className="btn"
        aria-pressed={!prefs.editorHidden}
        title="Show or hide the scenario editor"
        onClick={() => onChange({ editorHidden: !prefs.editorHidden })}
      >
        Editor
      </button>
      <button
        type="button"
        className="btn"
        aria-pressed={prefs.presenter}
        title="Presenter mode: larger type for a projector"
        onClick={() => onChange({ presenter: !prefs.presenter })}
      >
        Presenter
      </button>
    </div>
  );
}
