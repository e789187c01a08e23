// Where drafts live: one autosaved draft and one draft history per tab in localStorage, keyed by a
// tab id kept in sessionStorage (which survives reloads and crashes of that tab, and no other tab
// sees). So two tabs never overwrite each other, and a tab can offer another tab's newest draft.
// The single draft of format v1 is migrated once. Storage can throw: every access is guarded.

import { parseHistory, type DraftEntry } from './drafts.ts';
import type { SavedDraft, StorageLike } from './types.ts';

const PREFIX = 'hpa-sim.v2.';
const DRAFT = `${PREFIX}draft.`;
const HISTORY = `${PREFIX}history.`;

export const STORAGE_KEYS = Object.freeze({
  /** sessionStorage: this tab's id */
  tabId: `${PREFIX}tab-id`,
  /** sessionStorage: fingerprint of the text being simulated (see runGuard.ts) */
  running: `${PREFIX}running`,
  /** sessionStorage: the HPA this tab simulates when its text holds several */
  hpa: `${PREFIX}hpa`,
  draft: (tabId: string) => `${DRAFT}${tabId}`,
  history: (tabId: string) => `${HISTORY}${tabId}`,
  theme: 'hpa-sim.v1.theme',
  /** format v1: one draft for every tab, and the draft the last link replaced */
  legacyScenario: 'hpa-sim.v1.scenario',
  legacyBeforeLink: 'hpa-sim.v1.scenario-before-link',
});

/** The drafts of this many tabs are kept (the least recently saved go first). */
export const MAX_TABS = 8;

/** The pseudo-tab that holds a draft migrated from format v1. */
export const LEGACY_TAB = 'v1';

export function read(storage: StorageLike | null, key: string): string | null {
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

export function remove(storage: StorageLike | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    /* nothing to do: a key we cannot remove is only wasted space */
  }
}

/** This tab's id: kept in sessionStorage, made once per tab. */
export function tabIdOf(session: StorageLike | null, makeId: () => string): string {
  const existing = read(session, STORAGE_KEYS.tabId);
  if (existing && /^[\w-]{1,40}$/.test(existing)) return existing;
  const id = makeId();
  write(session, STORAGE_KEYS.tabId, id); // without sessionStorage, each load is a new tab
  return id;
}

export function randomTabId(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function parseDraft(tabId: string, json: string | null): SavedDraft | null {
  if (json === null) return null;
  try {
    const v = JSON.parse(json) as Partial<SavedDraft> | null;
    if (typeof v?.text !== 'string' || typeof v.at !== 'number' || !Number.isFinite(v.at))
      return null;
    return { tabId, text: v.text, at: v.at };
  } catch {
    return null;
  }
}

export function readDraft(storage: StorageLike | null, tabId: string): SavedDraft | null {
  return parseDraft(tabId, read(storage, STORAGE_KEYS.draft(tabId)));
}

export function writeDraft(
  storage: StorageLike | null,
  tabId: string,
  text: string,
  at: number,
): string | null {
  return write(storage, STORAGE_KEYS.draft(tabId), JSON.stringify({ text, at }));
}

export function readHistory(storage: StorageLike | null, tabId: string): DraftEntry[] {
  return parseHistory(read(storage, STORAGE_KEYS.history(tabId)));
}

export function writeHistory(
  storage: StorageLike | null,
  tabId: string,
  history: DraftEntry[],
): string | null {
  return write(storage, STORAGE_KEYS.history(tabId), JSON.stringify(history));
}

function keys(storage: StorageLike | null): string[] {
  const out: string[] = [];
  try {
    if (!storage) return out;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) out.push(key);
    }
  } catch {
    /* an unreadable storage lists nothing */
  }
  return out;
}

/** Every tab's saved draft but `tabId`'s, newest first. */
export function otherDrafts(storage: StorageLike | null, tabId: string): SavedDraft[] {
  const drafts: SavedDraft[] = [];
  for (const key of keys(storage)) {
    if (!key.startsWith(DRAFT)) continue;
    const id = key.slice(DRAFT.length);
    if (id === tabId) continue;
    const draft = parseDraft(id, read(storage, key));
    if (draft) drafts.push(draft);
  }
  return drafts.sort((a, b) => b.at - a.at || (a.tabId < b.tabId ? -1 : 1));
}

/**
 * What other tabs hold, for the Drafts menu: each one's saved draft and draft history, newest
 * first, each text once. A closed tab's history is reachable only from here.
 */
export function otherTabsTexts(storage: StorageLike | null, tabId: string): SavedDraft[] {
  const out: SavedDraft[] = otherDrafts(storage, tabId);
  for (const key of keys(storage)) {
    if (!key.startsWith(HISTORY)) continue;
    const id = key.slice(HISTORY.length);
    if (id === tabId) continue;
    for (const e of readHistory(storage, id)) out.push({ tabId: id, text: e.text, at: e.at });
  }
  out.sort((a, b) => b.at - a.at || (a.tabId < b.tabId ? -1 : 1));
  const seen = new Set<string>();
  return out.filter((d) => !seen.has(d.text) && seen.add(d.text));
}

/**
 * Format v1 kept one draft for all tabs: it becomes the draft of a pseudo-tab (so any tab can
 * restore it, and a new tab starts from it), and the draft a link replaced joins this tab's
 * history. The v1 keys are removed once copied, so this runs once.
 */
export function migrateLegacy(
  storage: StorageLike | null,
  now: number,
  addToHistory: (text: string) => void,
): void {
  const scenario = read(storage, STORAGE_KEYS.legacyScenario);
  const beforeLink = read(storage, STORAGE_KEYS.legacyBeforeLink);
  if (scenario !== null && readDraft(storage, LEGACY_TAB) === null) {
    if (writeDraft(storage, LEGACY_TAB, scenario, now) !== null) return; // keep v1 for next time
  }
  if (beforeLink !== null && beforeLink !== scenario) addToHistory(beforeLink);
  remove(storage, STORAGE_KEYS.legacyScenario);
  remove(storage, STORAGE_KEYS.legacyBeforeLink);
}

/**
 * Keeps the drafts and histories of `tabId` and of the MAX_TABS − 1 other tabs active most
 * recently (a tab's activity: its last save, or its newest history entry).
 */
export function forgetOldTabs(storage: StorageLike | null, tabId: string): void {
  const activity = new Map<string, number>();
  const seen = (id: string, at: number) => activity.set(id, Math.max(activity.get(id) ?? 0, at));
  const all = keys(storage);
  for (const key of all) {
    if (key.startsWith(DRAFT)) {
      const id = key.slice(DRAFT.length);
      seen(id, readDraft(storage, id)?.at ?? 0);
    } else if (key.startsWith(HISTORY)) {
      const id = key.slice(HISTORY.length);
      seen(id, readHistory(storage, id)[0]?.at ?? 0);
    }
  }
  activity.delete(tabId);
  if (activity.size < MAX_TABS) return;
  const dropped = [...activity.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(MAX_TABS - 1)
    .map(([id]) => id);
  for (const id of dropped) {
    remove(storage, STORAGE_KEYS.draft(id));
    remove(storage, STORAGE_KEYS.history(id));
  }
}
