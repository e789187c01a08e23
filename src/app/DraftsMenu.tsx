// Drafts menu: texts this tab replaced (by a link, a preset, a restore) and the other tabs'
// drafts, each restorable in one click (the current text joins the history in its place); last,
// "Open a run set file…" (a saved run set's scenario, RunSetOpen.tsx).
import { useId } from 'react';
import {
  draftTitle,
  getScenarioText,
  useActions,
  useDraftHistory,
  useOtherTabDrafts,
  type DraftReason,
} from '../store/index.ts';
import { draftDifference } from './draftDiff.ts';
import { useMenu } from './useMenu.ts';

/** Texts of other tabs listed at most (newest first). */
const OTHER_TABS_SHOWN = 8;

const REPLACED_BY: Record<DraftReason, string> = {
  link: 'replaced by a link',
  preset: 'replaced by a preset',
  restore: 'replaced by a restore',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

export function DraftsMenu(props: { onOpenRunSet(): void }) {
  const actions = useActions();
  const history = useDraftHistory();
  const others = useOtherTabDrafts();
  const menu = useMenu();
  const id = useId();

  // What each draft has that the editor does not: two tabs' drafts of one scenario share a title.
  const current = menu.open ? getScenarioText() : '';
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
  ].map((it) => ({ ...it, differs: menu.open ? draftDifference(it.text, current) : '' }));

  return (
    <div className="menu" ref={menu.root}>
      <button
        ref={menu.button}
        className="btn"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? id : undefined}
        title="Earlier drafts: texts a link, a preset or a restore replaced, and other tabs’ drafts"
        onClick={() => {
          if (!menu.open) actions.refreshDrafts();
          menu.toggle();
        }}
        onKeyDown={(e) => {
          if (!menu.open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) actions.refreshDrafts();
          menu.onButtonKeyDown(e);
        }}
      >
        Drafts{history.length > 0 ? ` (${history.length})` : ''} ▾
      </button>
      {menu.open && (
        <div
          role="menu"
          id={id}
          aria-label="Drafts"
          className="drafts-menu"
          onKeyDown={menu.onMenuKeyDown}
        >
          {items.length === 0 ? (
            // A menu holds menu items only: the empty state is one, disabled.
            <button role="menuitem" disabled className="drafts-empty">
              No earlier drafts yet.
            </button>
          ) : (
            items.map((it) => (
              <button
                key={it.key}
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  menu.close(true);
                  actions.restoreDraft(it.text);
                }}
              >
                {/* The name is the text shown, "Restore" before it for a screen reader (a
                    separate aria-label would not contain what a voice user reads out). */}
                <span className="visually-hidden">Restore </span>
                <strong>{it.title}</strong> <small>{it.detail}</small>{' '}
                <small className="draft-differs">{it.differs}</small>
              </button>
            ))
          )}
          <button
            role="menuitem"
            tabIndex={-1}
            className="drafts-open"
            onClick={() => {
              menu.close(true);
              props.onOpenRunSet();
            }}
          >
            Open a run set file (.json)…
          </button>
        </div>
      )}
    </div>
  );
}
