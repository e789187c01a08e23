import { describe, expect, it } from 'vitest';
import { selectIsStale } from './selectors.ts';
import { STORAGE_KEYS } from './tabStorage.ts';
import { invalidReply, resultReply, settle } from './testing/fakes.ts';
import { ready, setup } from './testing/setup.ts';

describe('the HPA choice of a many-HPA text', () => {
  it('asks for the first HPA until one is chosen, then runs the chosen one', () => {
    const { store, actions, client } = setup();
    expect(store.getState().hpa).toBeNull();
    expect(client.lastRun.options).toEqual({});
    actions.chooseHpa('ingress');
    expect(store.getState().hpa).toBe('ingress');
    expect(client.lastRun).toMatchObject({ text: 'default', options: { hpa: 'ingress' } });
    actions.editScenarioText('edited');
    expect(client.lastRun.options).toEqual({ hpa: 'ingress' });
    actions.chooseHpa(null);
    expect(client.lastRun.options).toEqual({});
  });

  it('does not run again when the same HPA is chosen again', () => {
    const { actions, client } = setup();
    actions.chooseHpa('a');
    const runs = client.runs.length;
    actions.chooseHpa('a');
    expect(client.runs).toHaveLength(runs);
  });

  it('is kept per tab across a reload, and not seen by another tab', () => {
    const first = setup();
    first.actions.chooseHpa('ingress');
    expect(first.session.getItem(STORAGE_KEYS.hpa)).toBe('ingress');
    const reloaded = setup({ storage: first.storage, session: first.session });
    expect(reloaded.store.getState().hpa).toBe('ingress');
    expect(reloaded.client.lastRun.options).toEqual({ hpa: 'ingress' });
    const other = setup({ storage: first.storage, tabId: 'tab-2' });
    expect(other.store.getState().hpa).toBeNull();
  });

  it("takes a link's choice over the tab's own, and a link without one means the first", () => {
    const sessionChoosing = (hpa: string) => {
      const session = setup().session;
      session.setItem(STORAGE_KEYS.hpa, hpa);
      return session;
    };
    const session = sessionChoosing('mine');
    const linked = setup({ session, sharedText: 'shared', sharedHpa: 'theirs' });
    expect(linked.store.getState().hpa).toBe('theirs');
    expect(linked.client.lastRun.options).toEqual({ hpa: 'theirs' });
    expect(session.getItem(STORAGE_KEYS.hpa)).toBe('theirs');
    const plain = setup({ session: sessionChoosing('mine'), sharedText: 'shared' });
    expect(plain.store.getState().hpa).toBeNull();
    expect(plain.client.lastRun.options).toEqual({});
  });

  it("reads a link's model and view once, with its text; a page without a link has neither", () => {
    const linked = setup({ sharedText: 'shared', sharedModel: 'shipped', sharedView: 'compare' });
    expect(linked.store.getState().clusterModel).toBe('shipped');
    expect(linked.store.getState().openedView).toBe('compare');
    // Without the link's text (a link that failed to decode), its extras are not the page's.
    const plain = setup({ sharedModel: 'shipped', sharedView: 'compare' });
    expect(plain.store.getState().clusterModel).toBeNull();
    expect(plain.store.getState().openedView).toBeNull();
  });

  it('opens a link for the same text with another choice by running that choice', () => {
    const { store, actions, client } = setup();
    actions.openSharedLink('default', 'b');
    expect(store.getState().hpa).toBe('b');
    expect(client.lastRun.options).toEqual({ hpa: 'b' });
    actions.openSharedLink('other text', null);
    expect(store.getState()).toMatchObject({ text: 'other text', hpa: null });
  });

  it("marks the charts stale from the moment another HPA is chosen until that HPA's run arrives", async () => {
    const { store, actions, client } = await ready();
    expect(selectIsStale(store.getState())).toBe(false);
    actions.chooseHpa('ingress');
    // Same text, other HPA: the charts on screen are the first HPA's.
    expect(selectIsStale(store.getState())).toBe(true);
    client.lastRun.resolve(invalidReply('default'));
    await settle();
    expect(selectIsStale(store.getState())).toBe(true);
    actions.chooseHpa(null);
    expect(selectIsStale(store.getState())).toBe(false); // back to what the charts show
    actions.chooseHpa('api');
    client.lastRun.resolve(resultReply('default'));
    await settle();
    expect(store.getState()).toMatchObject({ hpa: 'api', resultHpa: 'api' });
    expect(selectIsStale(store.getState())).toBe(false);
  });

  it("ignores the old HPA's late answer: still stale until the chosen one's run arrives", async () => {
    const { store, actions, client } = await ready();
    actions.editScenarioText('two hpas');
    const first = client.lastRun;
    actions.chooseHpa('b');
    first.resolve(resultReply('two hpas'));
    await settle();
    expect(selectIsStale(store.getState())).toBe(true);
    client.lastRun.resolve(resultReply('two hpas'));
    await settle();
    expect(selectIsStale(store.getState())).toBe(false);
  });

  it('falls back to the first HPA when the text no longer holds the chosen one', async () => {
    const { store, actions, client } = await ready();
    const holding = (text: string, names: string[], selected: string) => {
      const reply = invalidReply(text);
      reply.parse.hpaChoices = names.map((name) => ({ name, namespace: '' }));
      reply.parse.selectedHpa = selected;
      return reply;
    };
    actions.chooseHpa('ingress');
    // Its text holds it: the choice stays.
    client.lastRun.resolve(holding('default', ['api', 'ingress'], 'ingress'));
    await settle();
    expect(store.getState().hpa).toBe('ingress');
    // Another file pasted, without that HPA: the first is run, as the picker shows.
    actions.editScenarioText('other file');
    const runs = client.runs.length;
    client.lastRun.resolve(holding('other file', ['web', 'worker'], ''));
    await settle();
    expect(store.getState().hpa).toBeNull();
    expect(client.runs).toHaveLength(runs + 1);
    expect(client.lastRun).toMatchObject({ text: 'other file', options: {} });
    // A text with no HPA at all (being typed) keeps the choice: nothing to fall back to.
    actions.chooseHpa('web');
    actions.editScenarioText('half typed');
    client.lastRun.resolve(holding('half typed', [], ''));
    await settle();
    expect(store.getState().hpa).toBe('web');
  });
});
