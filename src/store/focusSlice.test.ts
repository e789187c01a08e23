import { describe, expect, it } from 'vitest';
import type { ResultPayload, RunPayload } from '../worker/protocol.ts';
import { createFocusSlice, hasFocus } from './focusSlice.ts';
import { FakeClient, settle, syncDetail } from './testing/fakes.ts';
import { sliceHarness } from './testing/sliceHarness.ts';
import type { Ticker } from './playback.ts';

const run = (key: string, kind: RunPayload['kind']) => ({ key, kind }) as RunPayload;
const FEDERATED = [
  run('proposal/total', 'total'),
  run('proposal/east', 'member'),
  run('shipped/total', 'total'),
  run('shipped/east', 'member'),
];
const FOCUS_FIELDS = [
  'clusterGroup',
  'clusterModel',
  'focusedRun',
  'openedView',
  'playing',
  'selectedSync',
  'speed',
  'syncDetail',
];

function focus(runs: RunPayload[] = FEDERATED, deps = {}) {
  const h = sliceHarness({ runs });
  const client = new FakeClient();
  const calls: { index: number; key?: string }[] = [];
  const getSync = (index: number, key?: string) => {
    calls.push({ index, key });
    return client.getSync(index);
  };
  const slice = createFocusSlice(h.ctx, { getSync }, deps);
  h.put(slice.initial);
  return { h, slice, client, calls };
}

describe('focus slice', () => {
  it('fetches the selected sync of the focused run, and again when the focus moves', async () => {
    const { h, slice, client, calls } = focus();
    slice.actions.selectSync(2);
    slice.actions.focusRun('proposal/east');
    expect(calls).toEqual([
      { index: 2, key: 'main' },
      { index: 2, key: 'proposal/east' },
    ]);
    client.details[0]!.resolve(syncDetail(2)); // the answer for the old focus is dropped
    await settle();
    expect(h.state.syncDetail).toBeNull();
    client.details[1]!.resolve(syncDetail(2));
    await settle();
    expect(h.state.syncDetail).toEqual(syncDetail(2));
    expect(h.written()).toEqual(['clusterGroup', 'focusedRun', 'selectedSync', 'syncDetail']);
  });

  it('moves an explained member to the same member, or the central HPA, of the other model', () => {
    const { h, slice } = focus();
    slice.actions.focusRun('proposal/east');
    slice.actions.chooseClusterModel('shipped');
    expect(h.state.focusedRun).toBe('shipped/total');
    // The proposal model has no central HPA: its explanation falls back to the HPA's run.
    slice.actions.chooseClusterModel('proposal');
    expect(h.state.focusedRun).toBe('main');
    expect(h.written().every((k) => FOCUS_FIELDS.includes(k))).toBe(true);
  });

  it('keeps the focus across run sets while it is still there, else the HPA', () => {
    const { h, slice } = focus();
    h.put({ focusedRun: 'shipped/east' });
    expect(slice.keptFor(FEDERATED)).toEqual({ focusedRun: 'shipped/east', clusterGroup: null });
    expect(slice.keptFor([run('main', 'hpa')])).toEqual({ focusedRun: 'main', clusterGroup: null });
    // A proposal model's total is no decision (no central HPA there).
    expect(hasFocus(FEDERATED, 'proposal/total')).toBe(false);
    expect(hasFocus(FEDERATED, 'shipped/total')).toBe(true);
  });

  it('drops a selection past the end of a shorter result', () => {
    const { h, slice, calls } = focus();
    slice.actions.selectSync(5);
    slice.resultShown({ series: { time: new Float64Array(3) } } as unknown as ResultPayload);
    expect(h.state.selectedSync).toBeNull();
    slice.actions.selectSync(1);
    slice.resultShown({ series: { time: new Float64Array(3) } } as unknown as ResultPayload);
    expect(h.state.selectedSync).toBe(1);
    expect(calls.map((c) => c.index)).toEqual([5, 1, 1]);
  });

  it("reads a link's model and view once, only with the link's text", () => {
    const view = { sharedModel: 'shipped', sharedView: 'compare' } as const;
    expect(focus(FEDERATED, view).slice.initial).toMatchObject({
      clusterModel: null,
      openedView: null,
    });
    expect(focus(FEDERATED, { ...view, sharedText: 'x' }).slice.initial).toMatchObject({
      clusterModel: 'shipped',
      openedView: 'compare',
    });
  });

  it('opens a link at its position (`&at=`): selected, then fetched once the run arrives', () => {
    expect(focus(FEDERATED, { sharedAt: 7 }).slice.initial.selectedSync).toBeNull();
    const { h, slice, calls } = focus(FEDERATED, { sharedAt: 7, sharedText: 'x' });
    expect(h.state.selectedSync).toBe(7);
    slice.resultShown({ series: { time: new Float64Array(10) } } as unknown as ResultPayload);
    expect(calls).toEqual([{ index: 7, key: 'main' }]);
  });
});

describe('focus slice: the federation the Clusters panel shows', () => {
  const VARIANT = [
    ...FEDERATED,
    run('tight:proposal/total', 'total'),
    run('tight:proposal/east', 'member'),
    run('tight:shipped/total', 'total'),
    run('tight:shipped/east', 'member'),
  ];

  it("follows a focused decision to its variant's lanes, and the switch takes the decision along", () => {
    const { h, slice } = focus(VARIANT);
    slice.actions.focusRun('tight:proposal/east');
    expect(h.state.clusterGroup).toBe('tight');
    slice.actions.chooseClusterModel('shipped');
    expect(h.state.focusedRun).toBe('tight:shipped/total');
    slice.actions.chooseClusterGroup(null);
    expect([h.state.clusterGroup, h.state.focusedRun]).toEqual([null, 'shipped/total']);
    slice.actions.chooseClusterGroup('nope'); // no such federation: nothing changes
    expect(h.state.clusterGroup).toBeNull();
    // The "control plane only" pick ('main') keeps the lanes shown.
    slice.actions.chooseClusterGroup('tight');
    slice.actions.focusRun('main');
    expect(h.state.clusterGroup).toBe('tight');
    expect(slice.keptFor(FEDERATED).clusterGroup).toBeNull();
    expect(slice.keptFor(VARIANT).clusterGroup).toBe('tight');
    expect(h.written().every((k) => FOCUS_FIELDS.includes(k))).toBe(true);
  });
});

/** A ticker driven by hand: `fire()` runs one tick. */
function manualTicker() {
  let fn: (() => void) | null = null;
  const ticker: Ticker = (_ms, f) => {
    fn = f;
    return () => {
      fn = null;
    };
  };
  return { ticker, fire: () => fn?.(), running: () => fn !== null };
}

describe('focus slice: playback', () => {
  function player(syncs: number) {
    const clock = manualTicker();
    const t = focus([run('main', 'hpa')], { ticker: clock.ticker });
    t.h.put({ result: { series: { time: new Float64Array(syncs) } } as unknown as ResultPayload });
    /** the simulator answers the last sync asked for */
    const answer = async () => {
      const asked = t.client.details.at(-1)!;
      asked.resolve(syncDetail(asked.index));
      await settle();
    };
    return { ...t, clock, answer };
  }

  it('plays the selection along the focused run, in the slice, and stops at the end', async () => {
    const { h, slice, clock, calls, answer } = player(3);
    expect([h.state.playing, h.state.speed]).toEqual([false, 5]);
    slice.actions.setPlaybackSpeed(1);
    slice.actions.play();
    expect([h.state.playing, h.state.selectedSync]).toEqual([true, 0]);
    await answer();
    clock.fire();
    await answer();
    clock.fire();
    expect([h.state.playing, h.state.selectedSync, clock.running()]).toEqual([false, 2, false]);
    // Each position is the store's selection: its detail is fetched as any click's.
    expect(calls.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(h.written()).toEqual(['playing', 'selectedSync', 'speed', 'syncDetail']);
  });

  it('holds a sync until its explanation has come: a busy page plays slower, skipping none', async () => {
    const { h, slice, clock, client, answer } = player(10);
    slice.actions.setPlaybackSpeed(1);
    slice.actions.play();
    clock.fire();
    clock.fire();
    expect(h.state.selectedSync).toBe(0); // sync 0's explanation is still being fetched
    await answer();
    expect(h.state.syncDetail).toEqual(syncDetail(0));
    clock.fire();
    expect(h.state.selectedSync).toBe(1);
    // A failed fetch holds no longer: the selection stays, the player goes on.
    client.details.at(-1)!.resolve(null);
    await settle();
    clock.fire();
    expect(h.state.selectedSync).toBe(2);
  });

  it('steps, toggles, jumps to a rescale and plays from a lesson’s sync', async () => {
    const { h, slice, clock, answer } = player(100);
    slice.actions.stepSync(1);
    expect(h.state.selectedSync).toBe(0);
    slice.actions.togglePlay();
    expect(h.state.playing).toBe(true);
    slice.actions.jumpToRescale(1, [4, 30]);
    expect([h.state.playing, h.state.selectedSync]).toEqual([false, 4]);
    slice.actions.playFrom(50);
    await answer();
    clock.fire();
    expect(h.state.selectedSync).toBe(51);
    slice.actions.pause();
    expect(clock.running()).toBe(false);
  });
});
