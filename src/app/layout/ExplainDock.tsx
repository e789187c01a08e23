// The explanation's place: docked beside the charts; below 1100 px beside the editor, a drawer on
// the charts' side (app.css), opened by a pick made while not playing, or its tab.
import { useEffect, useState, type ReactNode } from 'react';

export function ExplainDock(props: {
  selectedSync: number | null;
  playing: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { selectedSync, playing } = props;
  // A pick is answered; closed during playback, it stays closed.
  useEffect(() => {
    if (selectedSync !== null && !playing) setOpen(true);
  }, [selectedSync, playing]);
  return (
    <aside className={`pane explain-dock${open ? ' is-open' : ''}`} aria-label="Selected sync">
      <button
        type="button"
        className="drawer-toggle"
        aria-expanded={open}
        aria-controls="explain-dock-body"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Close ›' : '‹ Explanation'}
      </button>
      <div id="explain-dock-body" className="explain-dock-body">
        {props.children}
      </div>
    </aside>
  );
}
