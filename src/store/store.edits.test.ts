import { describe, expect, it } from 'vitest';
import { selectCanRedo, selectCanUndo, selectIsStale, selectShownStale } from './selectors.ts';
import { MemoryStorage, resultReply, settle, syncDetail } from './testing/fakes.ts';
import { ready, savedText, setup } from './testing/setup.ts';

describe('undo/redo', () => {
  it('coalesces a burst of typing into one step', async () => {
    const { store, actions, clock, client } = await ready('');
    for (const text of ['k', 'ki', 'kin', 'kind']) {
      actions.editScenarioText(text);
      clock.advance(300); // each pause shorter than 500 ms
    }
    clock.advance(300); // now 600 ms since the last key: a new burst
    actions.editScenarioText('kind:');
    expect(store.getState().past).toEqual(['', 'kind']);
    actions.undo();
    expect(store.getState().text).toBe('kind');
    actions.undo();
    expect(store.getState().text).toBe('');
    expect(selectCanUndo(store.getState())).toBe(false);
    expect(client.lastRun.text).toBe(''); // undo goes through the same run path
    actions.redo();
    actions.redo();
    expect(store.getState().text).toBe('kind:');
    expect(selectCanRedo(store.getState())).toBe(false);
  });

  it('keeps presets and links as their own steps, and an edit clears redo', async () => {
    const { store, actions } = await ready('a');
    actions.editScenarioText('ab');
    actions.loadPreset('flapping', 'preset text');
    actions.editScenarioText('preset text!');
    expect(store.getState().past).toEqual(['a', 'ab', 'preset text']);
    expect(store.getState().presetName).toBeNull();
    actions.undo();
    expect(store.getState().presetName).toBeNull();
    expect(store.getState().text).toBe('preset text');
    actions.openSharedLink('linked');
    expect(store.getState().future).toEqual([]);
    actions.undo();
    expect(store.getState().text).toBe('preset text');
  });

  it('says which text replaced the one before it whole: a preset, a link, undo — not typing or a drag', async () => {
    const { store, actions, clock } = await ready('a');
    expect(store.getState().wholeText).toBe('a'); // the text the tab opened with
    actions.editScenarioText('ab');
    expect(store.getState().wholeText).toBe('a');
    actions.loadPreset('flapping', 'preset text');
    expect(store.getState().wholeText).toBe('preset text');
    actions.editByGesture('preset text 2', 7);
    expect(store.getState().wholeText).toBe('preset text');
    clock.advance(600);
    actions.editScenarioText('preset text 2!');
    actions.undo();
    expect(store.getState().wholeText).toBe('preset text 2');
    actions.redo();
    expect(store.getState().wholeText).toBe('preset text 2!');
    actions.openSharedLink('linked');
    expect(store.getState().wholeText).toBe('linked');
    actions.editByStep('linked + imported');
    expect(store.getState().wholeText).toBe('linked + imported');
  });

  it('keeps a click (insert, import) its own step, even right after typing', async () => {
    const { store, actions, clock } = await ready('a');
    actions.editScenarioText('pasted');
    clock.advance(100); // well inside a typing burst
    actions.editByStep('pasted + inserted');
    expect(store.getState().past).toEqual(['a', 'pasted']);
    clock.advance(100);
    actions.editScenarioText('pasted + inserted!'); // typing after the click starts a new step
    actions.undo();
    actions.undo();
    expect(store.getState().text).toBe('pasted');
    expect(store.getState().presetName).toBeNull();
  });

  it('makes one undo step of a gesture however long, and a new gesture a new step', async () => {
    const { store, actions, clock, client } = await ready('v: 1');
    for (const v of [2, 3, 4, 5]) {
      actions.editByGesture(`v: ${v}`, 7);
      clock.advance(2000); // a slow drag is still one gesture
    }
    expect(client.lastRun.text).toBe('v: 5'); // each text runs, so the charts follow
    actions.editByGesture('v: 6', 8);
    actions.editScenarioText('v: 6 # typed');
    expect(store.getState().past).toEqual(['v: 1', 'v: 5', 'v: 6']);
    actions.undo();
    actions.undo();
    expect(store.getState().text).toBe('v: 5');
    actions.undo();
    expect(store.getState().text).toBe('v: 1');
  });

  it('shows the charts undimmed during a gesture, and stale again once it ends', async () => {
    const { store, actions, client } = await ready('v: 1');
    const stale = () => [selectIsStale(store.getState()), selectShownStale(store.getState())];
    actions.editByGesture('v: 2', 9);
    expect(stale()).toEqual([true, true]); // not in a gesture yet: dimmed as for typing
    actions.gestureChanged(true);
    actions.editByGesture('v: 3', 9);
    expect(stale()).toEqual([true, false]); // its run follows within a frame or two
    client.lastRun.resolve(resultReply('v: 3'));
    await settle();
    expect(stale()).toEqual([false, false]);
    actions.editByGesture('v: 4', 9);
    actions.gestureChanged(false);
    expect(stale()).toEqual([true, true]); // released before the last run came: dimmed
    expect(store.getState().past).toEqual(['v: 1']); // still one undo step
  });

  it('passes a drag’s curve with its run, and runs the text as written once the drag ends', async () => {
    const { store, actions, client } = await ready('v: 1');
    const curve = { base: 'v: 1', path: ['spec', 'traffic'], before: 1, after: 2 };
    actions.gestureChanged(true);
    actions.editByGesture('v: 2', 10, curve);
    expect(client.lastRun).toMatchObject({ text: 'v: 2', options: { curve } });
    const runs = client.runs.length;
    actions.gestureChanged(false);
    // The swapped curve's run answered with the start text's parse: the text's own, now.
    expect(client.runs.length).toBe(runs + 1);
    expect(client.lastRun.text).toBe('v: 2');
    expect(client.lastRun.options.curve).toBeUndefined();
    expect(store.getState().past).toEqual(['v: 1']);
    // A gesture whose texts carried no curve (a picked shape) needs no second run.
    actions.gestureChanged(true);
    actions.editByGesture('v: 3', 11);
    actions.gestureChanged(false);
    expect(client.runs.length).toBe(runs + 2);
  });

  it('names the preset until the text is edited', async () => {
    const { store, actions } = await ready('a');
    actions.loadPreset('flapping', 'p');
    expect(store.getState().presetName).toBe('flapping');
    actions.editScenarioText('p'); // the editor echoing the preset back
    expect(store.getState().presetName).toBe('flapping');
    expect(store.getState().past).toEqual(['a']);
    actions.editScenarioText('p2');
    expect(store.getState().presetName).toBeNull();
  });
});

describe('autosave', () => {
  it('writes the latest text once typing pauses', async () => {
    const { actions, clock, storage } = await ready();
    actions.editScenarioText('a');
    clock.advance(200);
    actions.editScenarioText('ab');
    clock.advance(499);
    expect(storage.writes).toBe(0);
    clock.advance(1);
    expect(storage.writes).toBe(1);
    expect(savedText(storage)).toBe('ab');
  });

  it('reports a failed save without throwing, and clears it once a save works', async () => {
    const { store, actions, clock, storage } = await ready();
    storage.failing = true;
    actions.editScenarioText('a');
    expect(() => clock.advance(500)).not.toThrow();
    expect(store.getState().notice?.kind).toBe('save-failed');
    expect(store.getState().notice?.message).toMatch(/too large to autosave in this browser/);
    storage.failing = false;
    actions.editScenarioText('ab');
    clock.advance(500);
    expect(store.getState().notice).toBeNull();
  });

  it('saves at once when the page is hidden', async () => {
    const { actions, storage } = await ready();
    actions.editScenarioText('unsaved');
    actions.pageHidden();
    expect(savedText(storage)).toBe('unsaved');
  });

  it('keeps the current text in the draft history when a link replaces it', async () => {
    const { store, actions } = await ready('default');
    actions.editScenarioText('mine');
    actions.openSharedLink('theirs');
    expect(store.getState().draftHistory.map((d) => d.text)).toEqual(['mine']);
  });
});

describe('selection and detail', () => {
  it('fetches the selected sync; a newer selection wins over an older answer', async () => {
    const { store, actions, client } = await ready();
    actions.selectSync(1);
    actions.selectSync(2);
    client.details[1]!.resolve(syncDetail(2));
    client.details[0]!.resolve(syncDetail(1));
    await settle();
    expect(store.getState().syncDetail?.index).toBe(2);
    actions.selectSync(null);
    expect(store.getState().syncDetail).toBeNull();
  });

  it('refetches on a new result and drops a selection past its end', async () => {
    const { store, actions, client } = await ready();
    actions.selectSync(2);
    client.details[0]!.resolve(syncDetail(2));
    actions.editScenarioText('b');
    client.lastRun.resolve(resultReply('b', 5));
    await settle();
    expect(client.details.map((d) => d.index)).toEqual([2, 2]);
    actions.editScenarioText('c');
    client.lastRun.resolve(resultReply('c', 2));
    await settle();
    expect(store.getState().selectedSync).toBeNull();
  });

  it('a new preset starts with nothing selected', async () => {
    const { store, actions } = await ready();
    actions.selectSync(3);
    actions.loadPreset('p', 'preset');
    expect(store.getState().selectedSync).toBeNull();
    expect(store.getState().syncDetail).toBeNull();
  });
});

describe('theme and the rest', () => {
  it('remembers the theme', () => {
    const storage = new MemoryStorage();
    setup({ storage }).actions.setTheme('dark');
    expect(setup({ storage }).store.getState().theme).toBe('dark');
    expect(setup().store.getState().theme).toBe('system');
  });

  it('reports a link that did not open, until dismissed', () => {
    const { store, actions } = setup();
    actions.sharedLinkFailed('the link is damaged');
    expect(store.getState().notice).toEqual({
      kind: 'link-failed',
      message: 'The shared link could not be opened: the link is damaged.',
    });
    actions.dismissNotice();
    expect(store.getState().notice).toBeNull();
  });

  it('exports through the client', async () => {
    expect(await setup().actions.exportCsv()).toBe('time\n0\n');
  });
});
