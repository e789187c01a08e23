// Drafts menu: texts this tab replaced (by a link, a preset, a restore) and the other tabs'
// drafts, each restorable in one click (the current text joins the history in its place).
import { useCallback, useRef, useState } from 'react';
import {
  draftTitle,
  useActions,
  useDraftHistory,
  useOtherTabDrafts,
  type DraftReason,
} from '../store/index.ts';
import { useMenuDismiss } from './useMenuDismiss.ts';

/** Texts of other tabs listed at most (newest first). */
const OTHER_TABS_SHOWN = 8;

const REPLACED_BY: Record<DraftReason, string> = {
  link: 'replaced by a link',
  preset: 'replaced by a preset',
  restore: 'replaced by a restore',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

export function DraftsMenu() {
  const actions = useActions();
  const history = useDraftHistory();
  const others = useOtherTabDrafts();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useMenuDismiss(
    ref,
    open,
    useCallback(() => setOpen(false), []),
  );

  const items = [
    ...history.map((d, i) => ({
      key: `h${i}`,
      text: d.text,
      title: d.title,
      detail: `${REPLACED_BY[d.reason]}, ${when.format(d.at)}`,
    })),
    ...others.slice(0, OTHER_TABS_SHOWN).map((d, i) => ({
      key: `t${i}`,
      text: d.text,
      title: draftTitle(d.text),
      detail: `from another tab, ${when.format(d.at)}`,
    })),
  ];

  return (
    <div className="menu" ref={ref}>
      <button
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        title="Earlier drafts: texts a link, a preset or a restore replaced, and other tabs’ drafts"
        onClick={() => {
          if (!open) actions.refreshDrafts();
          setOpen((o) => !o);
        }}
      >
        Drafts{history.length > 0 ? ` (${history.length})` : ''} ▾
      </button>
      {open && (
        <div role="menu" aria-label="Drafts" className="drafts-menu">
          {items.length === 0 ? (
            <p className="status">No earlier drafts yet.</p>
          ) : (
            items.map((it) => (
              <button
                key={it.key}
                role="menuitem"
                aria-label={`Restore ${it.title} (${it.detail})`}
                onClick={() => {
                  setOpen(false);
                  actions.restoreDraft(it.text);
                }}
              >
                <strong>{it.title}</strong>
                <small>{it.detail}</small>
              </button>
            ))
          )}
        </div>
      )}
    </div>
  );
}
