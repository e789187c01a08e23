// Local persistence: where a tab starts from, the autosaved draft and the theme. Keys carry a
// format version (tabStorage.ts); storage failures are returned, never thrown.

import type { Clock } from '../bridge/types.ts';
import type { DraftKeeper } from './draftKeeper.ts';
import { otherDrafts, read, readDraft, STORAGE_KEYS, writeDraft } from './tabStorage.ts';
import type { StorageLike, Theme } from './types.ts';

export type Origin = 'link' | 'saved' | 'other tab' | 'default';

export interface Startup {
  text: string;
  origin: Origin;
  /** the draft a link replaced (to offer through undo), else null */
  replacedDraft: string | null;
}

/**
 * Precedence: a share link, else this tab's draft (a reload), else the newest draft of any tab
 * (a new tab continues the latest work), else the default scenario. A link never loses the draft
 * it replaces: this tab's draft joins its history (and stays saved: merely opening a link does not
 * overwrite it), and either draft is one undo away.
 */
export function startupText(options: {
  storage: StorageLike | null;
  tabId: string;
  keeper: DraftKeeper;
  sharedText: string | null | undefined;
  defaultText: string;
}): Startup {
  const { storage, tabId, keeper, sharedText } = options;
  const own = readDraft(storage, tabId);
  const newest = own ?? otherDrafts(storage, tabId)[0] ?? null;
  if (sharedText !== null && sharedText !== undefined) {
    const worthKeeping = own && own.text !== sharedText && own.text !== options.defaultText;
    if (worthKeeping && own.text.trim() !== '') keeper.keep(own.text, 'link');
    const replaced = newest && newest.text !== sharedText ? newest.text : null;
    return { text: sharedText, origin: 'link', replacedDraft: replaced };
  }
  if (own) return { text: own.text, origin: 'saved', replacedDraft: null };
  if (newest) return { text: newest.text, origin: 'other tab', replacedDraft: null };
  return { text: options.defaultText, origin: 'default', replacedDraft: null };
}

export function savedTheme(storage: StorageLike | null): Theme {
  const value = read(storage, STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Debounced writes of this tab's latest text; `onSaved` gets null or the failure. */
export function createAutosave(
  storage: StorageLike | null,
  tabId: string,
  clock: Clock,
  now: () => number,
  delayMs: number,
  onSaved: (error: string | null) => void,
) {
  let timer: unknown = null;
  let pending: string | null = null;
  const flush = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (pending === null) return;
    const text = pending;
    pending = null;
    onSaved(writeDraft(storage, tabId, text, now()));
  };
  return {
    schedule(text: string) {
      pending = text;
      if (timer !== null) clock.clearTimeout(timer);
      timer = clock.setTimeout(flush, delayMs);
    },
    flush,
  };
}
