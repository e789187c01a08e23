import { describe, expect, it } from 'vitest';
import { memberKey } from '../run/runKey.ts';
import type { RunPayload, RunReply } from '../worker/protocol.ts';
import { STORAGE_KEYS } from './tabStorage.ts';
import { selectIsStale } from './selectors.ts';
import { cachedFederationView } from './federationView.ts';
import {
  federatedReply,
  invalidReply,
  MemoryStorage,
  resultReply,
  settle,
} from './testing/fakes.ts';
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
    expect(s.result?.kpis.scaleEvents).toBe(1); // still on screen: the run of 'a'
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
    client.lastRun.resolve({ ...resultReply('huge'), runs: [], error: '2000001 syncs exceed' });
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

  it("reads a multi-cluster reply's clusters from its runs, kept with the result, dropped with the next", async () => {
    const { store, actions, client } = await ready();
    const view = () => cachedFederationView(store.getState().runs, store.getState().clusterGroup);
    expect(view()).toBeNull();
    actions.editScenarioText('clusters');
    client.lastRun.resolve(federatedReply('clusters'));
    await settle();
    expect(view()!.models.map((m) => [m.model, m.variant, m.clusters.map((c) => c.name)])).toEqual([
      ['proposal', undefined, ['east']],
    ]);
    expect(view()).toBe(view()); // one object per run set: a hook re-renders on a new set only
    // Focusing a variant's member shows that variant's lanes.
    actions.focusRun('tight:proposal/east');
    expect(store.getState().clusterGroup).toBe('tight');
    expect(view()!.models[0]!.variant).toBe('tight');
    expect(view()!.models[0]!.clusters[0]!.weight).toBe(2);
    actions.chooseClusterGroup(null);
    expect(store.getState().focusedRun).toBe('proposal/east');
    expect(view()!.models[0]!.clusters[0]!.weight).toBe(1);
    actions.chooseClusterGroup('tight');
    actions.editScenarioText('clusters broken');
    client.lastRun.resolve(invalidReply('clusters broken'));
    await settle();
    expect(view()!.models[0]!.variant).toBe('tight'); // kept with the stale result
    actions.editScenarioText('one cluster');
    client.lastRun.resolve(resultReply('one cluster'));
    await settle();
    expect(store.getState().clusterGroup).toBeNull();
    expect(view()).toBeNull();
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
    // A multi-cluster reply: per model, every member's run then the total's (src/run/runKey.ts).
    const clusters = (text: string, ...members: string[]): RunReply => {
      const reply = resultReply(text);
      const result = reply.runs[0]!.result;
      const runs = (['proposal', 'shipped'] as const).flatMap((model) =>
        [...members, null].map((member, i): RunPayload => ({
          key: memberKey(model, member),
          kind: member === null ? 'total' : 'member',
          group: model,
          label: member ?? 'total',
          colour: i,
          result,
          error: null,
        })),
      );
      return { ...reply, runs };
    };
    actions.editScenarioText('clusters');
    client.lastRun.resolve(clusters('clusters', 'east', 'west'));
    await settle();
    // The primary result of a multi-cluster reply is the first model's total.
    expect(store.getState().result).toBe(store.getState().runs[2]!.result);
    actions.focusRun('proposal/west');
    actions.editScenarioText('clusters 2');
    client.lastRun.resolve(clusters('clusters 2', 'east', 'west'));
    await settle();
    expect(store.getState().focusedRun).toBe('proposal/west');
    // The shipped model has one decision: the central FederatedHPA's.
    actions.chooseClusterModel('shipped');
    expect(store.getState().clusterModel).toBe('shipped');
    expect(store.getState().focusedRun).toBe('shipped/total');
    // Back to the proposal: no member was chosen there, so the explanation leaves the clusters.
    actions.chooseClusterModel('proposal');
    expect(store.getState().focusedRun).toBe('main');
    // The proposal's total has no HPA of its own: no decision to keep focused.
    actions.focusRun('proposal/total');
    actions.editScenarioText('clusters 3');
    client.lastRun.resolve(clusters('clusters 3', 'east', 'west'));
    await settle();
    expect(store.getState().focusedRun).toBe('main');
    // A reply without the member drops the focus.
    actions.focusRun('proposal/west');
    actions.editScenarioText('clusters 4');
    client.lastRun.resolve(clusters('clusters 4', 'east'));
    await settle();
    expect(store.getState().focusedRun).toBe('main');
  });
});

describe('variant edits', () => {
  it('adds a variant through the simulator, as its own undo step', async () => {
    const { store, actions } = await ready('a');
    expect(await actions.duplicateAsVariant()).toBeNull();
    expect(store.getState().text).toBe('a\n# variant copy');
    expect(await actions.addVariant('tuned', { minReplicas: 2 })).toBeNull();
    expect(store.getState().text).toBe('a\n# variant copy\n# variant tuned');
    actions.undo();
    expect(store.getState().text).toBe('a\n# variant copy');
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
