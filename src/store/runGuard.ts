// Guarded runs: before a text is simulated its fingerprint is written to sessionStorage, and it is
// cleared when the simulator answers. A mark still there when the tab starts again means the tab
// stopped (crashed, or was reloaded) while simulating that text: if the tab would now start from
// the same text (the link is still in the URL, or it was the autosaved draft), it is opened as
// text only, so a scenario that kills the tab cannot do it again on every reload.

import { read, remove, STORAGE_KEYS, write } from './tabStorage.ts';
import type { StorageLike } from './types.ts';

/** Length and FNV-1a of the text: enough to recognise the same text again, cheap per keystroke. */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${text.length}:${(h >>> 0).toString(16)}`;
}

export function createRunGuard(session: StorageLike | null) {
  const startedWith = read(session, STORAGE_KEYS.running);
  return {
    /** The tab stopped while simulating `text` last time. */
    stoppedOn: (text: string): boolean => startedWith !== null && startedWith === fingerprint(text),
    running(text: string): void {
      write(session, STORAGE_KEYS.running, fingerprint(text));
    },
    answered(): void {
      remove(session, STORAGE_KEYS.running);
    },
  };
}

export type RunGuard = ReturnType<typeof createRunGuard>;
