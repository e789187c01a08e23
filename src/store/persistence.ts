// Local persistence: the autosaved draft and the theme. Keys carry a format version so a future
// format can migrate or ignore old values. Storage can throw (quota, disabled, private mode):
// every access is guarded and a failure is returned, never thrown.

import type { Clock } from '../bridge/types.ts';
import type { StorageLike, Theme } from './types.ts';

export const STORAGE_KEYS = Object.freeze({
  scenario: 'hpa-sim.v1.scenario',
  /** the draft a share link replaced, so opening a link never loses work */
  scenarioBeforeLink: 'hpa-sim.v1.scenario-before-link',
  theme: 'hpa-sim.v1.theme',
});

export type Origin = 'link' | 'saved' | 'default';

function read(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // unreadable storage is the same as an empty one
  }
}

/** Writes; returns the error message, or null on success. */
export function write(storage: StorageLike | null, key: string, value: string): string | null {
  if (!storage) return 'this browser does not offer local storage here';
  try {
    storage.setItem(key, value);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export interface Startup {
  text: string;
  origin: Origin;
  /** the saved draft a link replaced (to offer through undo), else null */
  replacedDraft: string | null;
}

/** Precedence: a share link, else the saved draft, else the default scenario. */
export function startupText(
  storage: StorageLike | null,
  sharedText: string | null | undefined,
  defaultText: string,
): Startup {
  const saved = read(storage, STORAGE_KEYS.scenario);
  if (sharedText !== null && sharedText !== undefined) {
    const replaced = saved !== null && saved !== sharedText ? saved : null;
    if (replaced !== null) write(storage, STORAGE_KEYS.scenarioBeforeLink, replaced);
    return { text: sharedText, origin: 'link', replacedDraft: replaced };
  }
  if (saved !== null) return { text: saved, origin: 'saved', replacedDraft: null };
  return { text: defaultText, origin: 'default', replacedDraft: null };
}

export function savedTheme(storage: StorageLike | null): Theme {
  const value = read(storage, STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Debounced writes of the latest text; `onSaved` gets null or the failure. */
export function createAutosave(
  storage: StorageLike | null,
  clock: Clock,
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
    onSaved(write(storage, STORAGE_KEYS.scenario, text));
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
