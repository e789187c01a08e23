// The store's notice (a save that failed, a link that could not be opened, the simulator
// restarted, a held scenario) in an area of its own under the toolbar's right end: over the page,
// never in the toolbar's row, so a long message never wraps the toolbar onto two lines.
import { useActions, useNotice } from '../store/index.ts';

export function NoticeArea() {
  const notice = useNotice();
  const actions = useActions();
  if (!notice) return null;
  return (
    <div className="notice-area">
      <p className="notice" data-kind={notice.kind} role="alert">
        {notice.message}{' '}
        {notice.kind === 'held' ? (
          <button className="btn" onClick={actions.runAnyway}>
            Run it anyway
          </button>
        ) : null}
      </p>
      <button className="btn" onClick={actions.dismissNotice} aria-label="Dismiss message">
        ×
      </button>
    </div>
  );
}
