import { describe, expect, it } from 'vitest';
import type { ResultPayload, RunPayload } from '../worker/protocol.ts';
import { createFocusSlice, hasFocus } from './focusSlice.ts';
import { FakeClient, settle, syncDetail } from './testing/fakes.ts';
import { sliceHarness } from './testing/sliceHarness.ts';

const run = (key: string, kind: RunPayload['kind']) => ({ key, kind }) as RunPayload;
const FEDERATED = [
  run('proposal/total', 'total'),
  run('proposal/east', 'member'),
  run('shipped/total', 'total'),
  run('shipped/east', 'member'),
];
const FOCUS_FIELDS = ['clusterModel', 'focusedRun', 'openedView', 'selectedSync', 'syncDetail'];

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
    expect(h.written()).toEqual(['focusedRun', 'selectedSync', 'syncDetail']);
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
    expect(slice.keptFor(FEDERATED)).toEqual({ focusedRun: 'shipped/east' });
    expect(slice.keptFor([run('main', 'hpa')])).toEqual({ focusedRun: 'main' });
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
});
