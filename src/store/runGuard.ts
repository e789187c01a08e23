// Guarded runs: before a text is simulated its fingerprint is written to sessionStorage, and it is
// cleared when the simulator answers. A mark still there when the tab starts again means the tab
// stopped (crashed, or was reloaded) while simulating that text: if the tab would now start from
// the same text (the link is still in the URL, or it was the autosaved draft), it is opened as
// text only, so a scenario that kills the tab cannot do it again on every reload.
//
// A reload counts as a crash only when the run had been busy a while (QUICK_MS): someone who
// reloads a tab stuck on a heavy link is saved from it, while a quick reload (or a navigation
// right after a load) during an ordinary run does not hold the text. A real crash fires no
// pagehide, so its mark always stays.

import type { Clock } from '../bridge/types.ts';
import { read, remove, STORAGE_KEYS, write } from './tabStorage.ts';
import type { StorageLike } from './types.ts';

/** A run younger than this when the page is left normally is not what stopped the tab (ms). */
export const QUICK_MS = 2000;

/** Length and FNV-1a of the text: enough to recognise the same text again, cheap per keystroke. */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${text.length}:${(h >>> 0).toString(16)}`;
}

export function createRunGuard(session: StorageLike | null, clock: Clock) {
  const startedWith = read(session, STORAGE_KEYS.running);
  /** when the unanswered run started (clock ms), or null */
  let since: number | null = null;
  return {
    /** The tab stopped while simulating `text` last time. */
    stoppedOn: (text: string): boolean => startedWith !== null && startedWith === fingerprint(text),
    running(text: string): void {
      since = clock.now();
      write(session, STORAGE_KEYS.running, fingerprint(text));
    },
    answered(): void {
      since = null;
      remove(session, STORAGE_KEYS.running);
    },
    /** The page is being left normally (pagehide): a quick run in flight is no crash. */
    leaving(): void {
      if (since !== null && clock.now() - since < QUICK_MS) remove(session, STORAGE_KEYS.running);
    },
  };
}

export type RunGuard = ReturnType<typeof createRunGuard>;
