// This tab's draft history, kept in memory and written through to localStorage on every change.

import { draftTitle, pushDraft, withoutText, type DraftEntry, type DraftReason } from './drafts.ts';
import { readHistory, writeHistory } from './tabStorage.ts';
import type { StorageLike } from './types.ts';

export function createDraftKeeper(
  storage: StorageLike | null,
  tabId: string,
  now: () => number,
  onSaved: (error: string | null) => void,
) {
  let history = readHistory(storage, tabId);
  const save = (next: DraftEntry[]) => {
    history = next;
    onSaved(writeHistory(storage, tabId, history));
    return history;
  };
  return {
    get history(): DraftEntry[] {
      return history;
    },
    keep: (text: string, reason: DraftReason) =>
      save(pushDraft(history, { text, at: now(), title: draftTitle(text), reason })),
    forget: (text: string) => save(withoutText(history, text)),
  };
}

export type DraftKeeper = ReturnType<typeof createDraftKeeper>;
