import { describe, expect, it } from 'vitest';
import type { FederationPayload } from '../worker/protocol.ts';
import { STORAGE_KEYS } from './tabStorage.ts';
import { selectIsStale } from './selectors.ts';
import { invalidReply, MemoryStorage, resultReply, settle } from './testing/fakes.ts';
import { ready, savedText, setup } from './testing/setup.ts';

describe('startup: link > saved draft > default', () => {
  it('starts from the default and runs it', () => {
    const { store, client } = setup();
    expect(store.getState().text).toBe('default');
    expect(client.runs.map((r) => r.text)).toEqual(['default']);
    expect(store.getState().runStatus.kind).toBe('running');
  });

  it('restores the saved draft over the default', () => {
    const storage = new MemoryStorage();
    storage.values.set(STORAGE_KEYS.draft('tab-1'), JSON.stringify({ text: 'draft', at: 1 }));
    expect(setup({ storage }).store.getState().text).toBe('draft');
  });

  it('opens a link over the draft, keeping the draft one undo away and backed up', async () => {
    const storage = new MemoryStorage();
    storage.values.set(STORAGE_KEYS.draft('tab-1'), JSON.stringify({ text: 'draft', at: 1 }));
    const { store, actions, clock, client } = setup({ storage, sharedText: 'shared' });
    expect(store.getState().text).toBe('shared');
    expect(client.lastRun.text).toBe('shared');
    expect(store.getState().draftHistory.map((d) => d.text)).toEqual(['draft']);
    clock.advance(10_000);
    expect(savedText(storage)).toBe('draft'); // not overwritten by merely opening
    actions.undo();
    expect(store.getState().text).toBe('draft');
  });

  it('treats unreadable storage as empty', () => {
    const storage = new MemoryStorage();
    storage.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(setup({ storage }).store.getState().text).toBe('default');
  });
});

describe('runs: latest wins, stale result kept', () => {
  it('ignores an older answer that arrives after a newer one', async () => {
    const { store, actions, client } = await ready();
    actions.editScenarioText('b');
    actions.editScenarioText('c');
    client.runs[2]!.resolve(resultReply('c'));
    client.runs[1]!.resolve(resultReply('b'));
    await settle();
    expect(store.getState().resultText).toBe('c');
    expect(store.getState().parse?.name).toBe('c');
  });

  it('ignores superseded (null) answers', async () => {
    const { store, actions, client } = await ready();
    actions.editScenarioText('b');
    client.lastRun.resolve(null);
    await settle();
    expect(store.getState().runStatus.kind).toBe('running');
    expect(store.getState().resultText).toBe('default');
  });

  it('marks the last good result stale while pending and while the text is invalid', async () => {
    const { store, actions, client } = await ready('a');
    expect(selectIsStale(store.getState())).toBe(false);
    expect(store.getState().runStatus.kind).toBe('idle');
    actions.editScenarioText('a broken');
    expect(selectIsStale(store.getState())).toBe(true); // pending
    client.lastRun.resolve(invalidReply('a broken'));
    await settle();
    const s = store.getState();
    expect(selectIsStale(s)).toBe(true);
    expect(s.result?.explanations).toEqual(['a']); // still on screen
    expect(s.parse?.diagnostics[0]?.message).toBe('cannot read a broken');
    expect(s.runStatus.kind).toBe('idle');
    actions.editScenarioText('a fixed');
    client.lastRun.resolve(resultReply('a fixed'));
    await settle();
    expect(selectIsStale(store.getState())).toBe(false);
  });

  it('reports a failed run and keeps the result', async () => {
    const { store, actions, client } = await ready();
    actions.editScenarioText('huge');
    client.lastRun.resolve({ ...resultReply('huge'), result: null, error: '2000001 syncs exceed' });
    await settle();
    expect(store.getState().runStatus).toEqual({ kind: 'error', message: '2000001 syncs exceed' });
    expect(selectIsStale(store.getState())).toBe(true);
    actions.editScenarioText('crash');
    client.lastRun.reject(new Error('The simulator did not answer within 20 s.'));
    await settle();
    expect(store.getState().runStatus.message).toBe('The simulator did not answer within 20 s.');
  });

  it('shows simulator trouble until the next run, and the fallback for good', async () => {
    const { store, actions, client } = await ready();
    actions.simulatorStatusChanged({ kind: 'restarted', message: 'restarted!' });
    expect(store.getState().runStatus).toEqual({ kind: 'restarted', message: 'restarted!' });
    expect(store.getState().notice).toEqual({ kind: 'simulator', message: 'restarted!' });
    actions.editScenarioText('b');
    client.lastRun.resolve(resultReply('b'));
    await settle();
    expect(store.getState().runStatus.kind).toBe('idle');
    actions.simulatorStatusChanged({ kind: 'fallback', message: 'main thread' });
    actions.editScenarioText('c');
    client.lastRun.resolve(resultReply('c'));
    await settle();
    expect(store.getState().runStatus).toEqual({ kind: 'fallback', message: 'main thread' });
  });

  it("keeps a multi-cluster reply's clusters with its result, and drops them with the next", async () => {
    const { store, actions, client } = await ready();
    expect(store.getState().federation).toBeNull();
    const federation = { models: [] };
    actions.editScenarioText('clusters');
    client.lastRun.resolve({ ...resultReply('clusters'), federation });
    await settle();
    expect(store.getState().federation).toBe(federation);
    actions.editScenarioText('clusters broken');
    client.lastRun.resolve(invalidReply('clusters broken'));
    await settle();
    expect(store.getState().federation).toBe(federation); // kept with the stale result
    actions.editScenarioText('one cluster');
    client.lastRun.resolve(resultReply('one cluster'));
    await settle();
    expect(store.getState().federation).toBeNull();
  });

  it('cancelRun stops waiting for the run', async () => {
    const { store, actions, client } = await ready();
    actions.editScenarioText('slow');
    actions.cancelRun();
    expect(client.cancels).toBe(1);
    client.lastRun.resolve(resultReply('slow'));
    await settle();
    expect(store.getState().resultText).toBe('default');
    expect(store.getState().runStatus.kind).toBe('idle');
  });

  it('keeps a cluster decision focused while the reply still has it, and follows the model switch', async () => {
    const { store, actions, client } = await ready();
    const lanes = (...names: string[]) => names.map((name) => ({ name }));
    const federation = {
      models: [
        { model: 'proposal', clusters: lanes('east', 'west') },
        { model: 'shipped', clusters: lanes('east', 'west') },
      ],
    } as unknown as FederationPayload;
    actions.editScenarioText('clusters');
    client.lastRun.resolve({ ...resultReply('clusters'), federation });
    await settle();
    actions.focusRun('cluster:proposal:west');
    actions.editScenarioText('clusters 2');
    client.lastRun.resolve({ ...resultReply('clusters 2'), federation });
    await settle();
    expect(store.getState().focusedRun).toBe('cluster:proposal:west');
    // The shipped model has one decision: the central FederatedHPA's.
    actions.chooseClusterModel('shipped');
    expect(store.getState().clusterModel).toBe('shipped');
    expect(store.getState().focusedRun).toBe('cluster:shipped:');
    // Back to the proposal: no member was chosen there, so the explanation leaves the clusters.
    actions.chooseClusterModel('proposal');
    expect(store.getState().focusedRun).toBe('main');
    // A reply without the member drops the focus.
    actions.focusRun('cluster:proposal:west');
    const fewer = { models: [{ model: 'proposal', clusters: lanes('east') }] };
    actions.editScenarioText('clusters 3');
    client.lastRun.resolve({
      ...resultReply('clusters 3'),
      federation: fewer as unknown as FederationPayload,
    });
    await settle();
    expect(store.getState().focusedRun).toBe('main');
  });
});

describe('diagnostics across runs', () => {
  it('keeps the same diagnostics array while runs say the same, a new one when they differ', async () => {
    const { store, actions, client } = await ready('a');
    const first = store.getState().parse!.diagnostics;
    actions.editScenarioText('b');
    client.lastRun.resolve(resultReply('b'));
    await settle();
    // Same (no) diagnostics: the same array, so the editor does not set its markers again.
    expect(store.getState().parse!.diagnostics).toBe(first);
    expect(store.getState().parse!.name).toBe('b'); // the rest of the summary is the new one
    actions.editScenarioText('c');
    client.lastRun.resolve(invalidReply('c'));
    await settle();
    const invalid = store.getState().parse!.diagnostics;
    expect(invalid).not.toBe(first);
    expect(invalid[0]!.message).toBe('cannot read c');
    actions.editScenarioText('c ');
    client.lastRun.resolve(invalidReply('c'));
    await settle();
    expect(store.getState().parse!.diagnostics).toBe(invalid);
    actions.editScenarioText('d');
    client.lastRun.resolve(invalidReply('d')); // as many, saying something else
    await settle();
    expect(store.getState().parse!.diagnostics[0]!.message).toBe('cannot read d');
  });
});
