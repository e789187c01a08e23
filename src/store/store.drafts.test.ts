import { describe, expect, it } from 'vitest';
import { DRAFT_LIMITS } from './drafts.ts';
import { fingerprint, QUICK_MS } from './runGuard.ts';
import { MAX_TABS, STORAGE_KEYS } from './tabStorage.ts';
import { MemoryStorage, resultReply, settle } from './testing/fakes.ts';
import { savedText, setup } from './testing/setup.ts';

const texts = (entries: { text: string }[]) => entries.map((e) => e.text);

describe('draft history: no sequence of links, presets and reloads loses a draft', () => {
  it('keeps the draft through two links in a row and a reload, restorable from the menu', () => {
    const storage = new MemoryStorage();
    const session = new MemoryStorage();
    const tab = setup({ storage, session });
    tab.actions.editScenarioText('my draft');
    tab.clock.advance(500);
    tab.actions.openSharedLink('link one');
    tab.actions.openSharedLink('link two');
    expect(texts(tab.store.getState().draftHistory)).toEqual(['link one', 'my draft']);
    expect(savedText(storage)).toBe('my draft'); // opening links does not overwrite it

    const reloaded = setup({ storage, session, sharedText: 'link two' });
    const { store, actions, clock } = reloaded;
    expect(store.getState().text).toBe('link two');
    expect(texts(store.getState().draftHistory)).toEqual(['my draft', 'link one']);
    actions.restoreDraft('my draft');
    expect(store.getState().text).toBe('my draft');
    expect(texts(store.getState().draftHistory)).toEqual(['link two', 'link one']);
    clock.advance(500);
    expect(savedText(storage)).toBe('my draft');
  });

  it('changes the text and the history in one update (a link watcher never sees half of it)', () => {
    const { store, actions } = setup();
    actions.editScenarioText('mine');
    const seen: string[] = [];
    store.subscribe((s, prev) => {
      if (s.draftHistory !== prev.draftHistory) seen.push(s.text);
    });
    actions.openSharedLink('theirs');
    actions.loadPreset('p', 'preset');
    actions.editScenarioText('edited');
    actions.restoreDraft('theirs');
    expect(seen).toEqual(['theirs', 'preset', 'theirs']); // never the text being replaced
  });

  it('keeps an edited text replaced by a preset, but not an unedited preset or the default', () => {
    const { store, actions } = setup();
    actions.loadPreset('a', 'preset a'); // replaces the default: nothing to keep
    actions.loadPreset('b', 'preset b'); // replaces an unedited preset: nothing to keep
    expect(store.getState().draftHistory).toEqual([]);
    actions.editScenarioText('preset b, edited');
    actions.loadPreset('a', 'preset a');
    expect(store.getState().draftHistory).toMatchObject([
      { text: 'preset b, edited', reason: 'preset', title: 'preset b, edited' },
    ]);
  });

  it('is deduplicated, newest first, and bounded', () => {
    const { store, actions } = setup();
    for (let i = 0; i < DRAFT_LIMITS.entries + 5; i++) {
      actions.editScenarioText(`draft ${i % 12}`);
      actions.openSharedLink(`link ${i}`);
      actions.editScenarioText(`draft ${i % 12}`);
    }
    const history = texts(store.getState().draftHistory);
    expect(history).toHaveLength(DRAFT_LIMITS.entries);
    expect(new Set(history).size).toBe(history.length);
    expect(history[0]).toBe(`draft ${(DRAFT_LIMITS.entries + 4) % 12}`); // the latest kept
  });

  it('says so when the history cannot be saved (full storage), and still opens the link', () => {
    const { store, actions, storage, clock } = setup();
    actions.editScenarioText('mine');
    clock.advance(500); // saved: only the history write is left to fail
    storage.failing = true;
    actions.openSharedLink('theirs');
    expect(store.getState().text).toBe('theirs');
    expect(store.getState().notice?.kind).toBe('save-failed');
    expect(texts(store.getState().draftHistory)).toEqual(['mine']); // kept in memory
  });

  it('survives a corrupt stored history or draft', () => {
    const storage = new MemoryStorage();
    storage.values.set(STORAGE_KEYS.history('tab-1'), '{"not": "a list"');
    storage.values.set(STORAGE_KEYS.draft('tab-1'), '[1,2]');
    const { store } = setup({ storage });
    expect(store.getState().text).toBe('default');
    expect(store.getState().draftHistory).toEqual([]);
  });
});

describe('per-tab drafts', () => {
  it('two tabs editing never overwrite each other, and each can restore the other', () => {
    const storage = new MemoryStorage();
    const sessionA = new MemoryStorage();
    const a = setup({ storage, session: sessionA, tabId: 'tab-a' });
    const b = setup({ storage, tabId: 'tab-b' });
    a.actions.editScenarioText('written in A');
    b.actions.editScenarioText('written in B');
    a.clock.advance(500);
    b.clock.advance(600);
    expect(savedText(storage, 'tab-a')).toBe('written in A');
    expect(savedText(storage, 'tab-b')).toBe('written in B');
    // A reload of A (same session) gets A's draft back, not the newer one of B.
    const reloaded = setup({ storage, session: sessionA, tabId: 'unused' });
    expect(reloaded.store.getState().text).toBe('written in A');
    reloaded.actions.refreshDrafts();
    expect(reloaded.store.getState().otherTabDrafts).toMatchObject([
      { tabId: 'tab-b', text: 'written in B' },
    ]);
    reloaded.actions.restoreDraft('written in B');
    expect(reloaded.store.getState().text).toBe('written in B');
    expect(texts(reloaded.store.getState().draftHistory)).toEqual(['written in A']);
  });

  it('a new tab continues the newest draft of any tab', () => {
    const storage = new MemoryStorage();
    const a = setup({ storage, tabId: 'tab-a' });
    a.actions.editScenarioText('older');
    a.clock.advance(500);
    const b = setup({ storage, tabId: 'tab-b' });
    b.clock.advance(1000);
    b.actions.editScenarioText('newer');
    b.clock.advance(500);
    expect(setup({ storage, tabId: 'tab-c' }).store.getState().text).toBe('newer');
  });

  it('a link opened in a second tab leaves the first tab’s draft alone, one undo away', () => {
    const storage = new MemoryStorage();
    const a = setup({ storage, tabId: 'tab-a' });
    a.actions.editScenarioText('mine');
    a.clock.advance(500);
    const b = setup({ storage, tabId: 'tab-b', sharedText: 'theirs' });
    expect(b.store.getState().text).toBe('theirs');
    expect(b.store.getState().otherTabDrafts.map((d) => d.text)).toEqual(['mine']);
    b.clock.advance(5000);
    expect(savedText(storage, 'tab-a')).toBe('mine');
    b.actions.undo();
    expect(b.store.getState().text).toBe('mine');
  });

  it('keeps the drafts of the most recently active tabs only', () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < MAX_TABS + 3; i++) {
      const tab = setup({ storage, tabId: `tab-${i}` });
      tab.clock.advance(i * 1000);
      tab.actions.editScenarioText(`draft ${i}`);
      tab.clock.advance(500);
    }
    const last = setup({ storage, tabId: 'tab-new' });
    const kept = last.store.getState().otherTabDrafts.map((d) => d.text);
    expect(kept).toHaveLength(MAX_TABS - 1);
    expect(kept[0]).toBe(`draft ${MAX_TABS + 2}`);
    expect(storage.values.has(STORAGE_KEYS.draft('tab-0'))).toBe(false);
  });

  it('migrates the single draft of format v1 once, with the draft a link had replaced', () => {
    const storage = new MemoryStorage();
    storage.values.set(STORAGE_KEYS.legacyScenario, 'old draft');
    storage.values.set(STORAGE_KEYS.legacyBeforeLink, 'before a link');
    const first = setup({ storage, tabId: 'tab-a' });
    expect(first.store.getState().text).toBe('old draft');
    expect(texts(first.store.getState().draftHistory)).toEqual(['before a link']);
    expect(storage.values.has(STORAGE_KEYS.legacyScenario)).toBe(false);
    expect(storage.values.has(STORAGE_KEYS.legacyBeforeLink)).toBe(false);
    const second = setup({ storage, tabId: 'tab-b' });
    expect(second.store.getState().text).toBe('old draft');
    expect(second.store.getState().draftHistory).toEqual([]);
  });
});

describe('guarded runs: a text the tab stopped on is opened as text only', () => {
  it('holds a link whose run never answered before the tab stopped, until asked to run', async () => {
    const storage = new MemoryStorage();
    const session = new MemoryStorage();
    const first = setup({ storage, session, sharedText: 'killer link' });
    expect(session.values.get(STORAGE_KEYS.running)).toBe(fingerprint('killer link'));
    // The tab dies here (no answer). The reload opens the same link.
    const { store, actions, client } = setup({ storage, session, sharedText: 'killer link' });
    expect(first.client.runs).toHaveLength(1);
    expect(client.runs).toEqual([]);
    expect(store.getState()).toMatchObject({
      text: 'killer link',
      held: true,
      runStatus: { kind: 'paused' },
      notice: { kind: 'held' },
    });
    actions.editScenarioText('killer link, edited'); // still held: nothing runs
    expect(client.runs).toEqual([]);
    actions.runAnyway();
    expect(client.runs.map((r) => r.text)).toEqual(['killer link, edited']);
    expect(store.getState().notice).toBeNull();
    client.lastRun.resolve(resultReply('killer link, edited'));
    await settle();
    expect(session.values.has(STORAGE_KEYS.running)).toBe(false);
    expect(store.getState().held).toBe(false);
  });

  it('a reload 2 s into a run holds the text; a quicker one does not', () => {
    const reloadAfter = (ms: number) => {
      const session = new MemoryStorage();
      const first = setup({ session, sharedText: 'link' });
      first.clock.advance(ms);
      first.actions.pageLeft(); // the user reloads: pagehide, the run still unanswered
      return setup({ session, sharedText: 'link' }).store.getState().held;
    };
    expect(reloadAfter(QUICK_MS - 1)).toBe(false);
    expect(reloadAfter(QUICK_MS)).toBe(true);
  });

  it('does not hold a text whose run answered, nor a different text', async () => {
    const session = new MemoryStorage();
    const storage = new MemoryStorage();
    const first = setup({ storage, session, sharedText: 'fine link' });
    first.client.lastRun.resolve(resultReply('fine link'));
    await settle();
    expect(setup({ storage, session, sharedText: 'fine link' }).store.getState().held).toBe(false);
    setup({ storage, session, sharedText: 'pending link' }); // never answered
    const other = setup({ storage, session, sharedText: 'another link' });
    expect(other.store.getState().held).toBe(false);
    expect(other.client.runs).toHaveLength(1);
  });

  it('never holds the built-in default (a reload during its first run is no crash)', () => {
    const session = new MemoryStorage();
    session.values.set(STORAGE_KEYS.running, fingerprint('default'));
    const { store, client } = setup({ session });
    expect(store.getState().held).toBe(false);
    expect(client.runs.map((r) => r.text)).toEqual(['default']);
  });

  it('holds the autosaved draft the tab stopped on; a preset ends the hold', () => {
    const session = new MemoryStorage();
    const storage = new MemoryStorage();
    storage.values.set(STORAGE_KEYS.draft('tab-1'), JSON.stringify({ text: 'heavy', at: 1 }));
    session.values.set(STORAGE_KEYS.running, fingerprint('heavy'));
    const { store, actions, client } = setup({ session, storage });
    expect(store.getState().held).toBe(true);
    expect(client.runs).toEqual([]);
    actions.loadPreset('flapping', 'preset');
    expect(store.getState().held).toBe(false);
    expect(client.lastRun.text).toBe('preset');
  });
});

describe('messages shown from input are bounded and escaped', () => {
  it('a link error with a 100,000-digit version', () => {
    const { store, actions } = setup();
    actions.sharedLinkFailed(`this link uses format v${'7'.repeat(100_000)}\u0000\u202e`);
    const message = store.getState().notice!.message;
    expect(message.length).toBeLessThan(400);
    expect(message).toMatch(/^The shared link could not be opened: this link uses format v7+…/);
    expect(message).toContain('100,025 characters in all');
  });

  it('simulator and run errors', async () => {
    const { store, actions, client } = setup();
    actions.simulatorStatusChanged({ kind: 'restarted', message: `bad\u0007${'x'.repeat(5000)}` });
    expect(store.getState().notice!.message.length).toBeLessThan(560);
    expect(store.getState().notice!.message).toMatch(/^bad\\u0007x/);
    client.lastRun.resolve({ ...resultReply('d'), runs: [], error: 'line\u001b[2Jcleared' });
    await settle();
    expect(store.getState().runStatus.message).toBe('line\\u001b[2Jcleared');
  });
});
