import { describe, expect, it } from 'vitest';
import { createFocusSlice } from './focusSlice.ts';
import { createRunGuard } from './runGuard.ts';
import { createRunsSlice, HELD } from './runsSlice.ts';
import { FakeClock } from '../bridge/testing/fakes.ts';
import { FakeClient, invalidReply, MemoryStorage, resultReply, settle } from './testing/fakes.ts';
import { sliceHarness } from './testing/sliceHarness.ts';

const RUNS_FIELDS = ['result', 'resultHpa', 'resultText', 'runStatus', 'runs'];
/** what a reply may also set through the links: the scenario's parse, the focus */
const LINKED_FIELDS = ['clusterGroup', 'focusedRun', 'parse', 'parseText'];

function runs(held = false) {
  const h = sliceHarness({ hpa: null, held, selectedSync: null });
  const client = new FakeClient();
  const session = new MemoryStorage();
  const focus = createFocusSlice(h.ctx, client, {});
  const slice = createRunsSlice(h.ctx, client, createRunGuard(session, new FakeClock()), held, {
    parsed: (text, reply) => ({ parse: reply.parse, parseText: text }),
    noticed: (notice) => ({ notice }),
    hpaAbsent: () => h.put({ hpa: null }),
    focus,
  });
  h.put({ ...focus.initial, ...slice.initial });
  return { h, slice, client };
}

describe('runs slice', () => {
  it('shows the latest request only, writing its own fields and what the links return', async () => {
    const { h, slice, client } = runs();
    slice.requestRun('a');
    slice.requestRun('b');
    expect(h.state.runStatus.kind).toBe('running');
    client.runs[1]!.resolve(resultReply('b'));
    client.runs[0]!.resolve(resultReply('a')); // answered out of order: dropped
    await settle();
    expect(h.state.resultText).toBe('b');
    expect(h.state.runs.map((r) => r.key)).toEqual(['main']);
    expect(h.state.runStatus.kind).toBe('idle');
    expect(h.written()).toEqual([...RUNS_FIELDS, ...LINKED_FIELDS].sort());
  });

  it('keeps the last good result when an answer has none', async () => {
    const { h, slice, client } = runs();
    slice.requestRun('a');
    client.lastRun.resolve(resultReply('a'));
    await settle();
    slice.requestRun('bad');
    client.lastRun.resolve({ ...invalidReply('bad'), error: 'cannot <run>\u0007' });
    await settle();
    expect(h.state.resultText).toBe('a');
    expect(h.state.parseText).toBe('bad');
    expect(h.state.runStatus).toEqual({ kind: 'error', message: 'cannot <run>\\u0007' });
  });

  it('keeps the fallback mode after each answer, and the hold after a cancel', async () => {
    const { h, slice, client } = runs(true);
    expect(slice.initial.runStatus).toBe(HELD);
    slice.actions.simulatorStatusChanged({ kind: 'fallback', message: 'no workers' });
    expect(h.state.notice).toEqual({ kind: 'simulator', message: 'no workers' });
    slice.requestRun('a');
    slice.actions.cancelRun();
    expect(client.cancels).toBe(1);
    expect(h.state.runStatus).toBe(HELD);
    h.put({ held: false });
    slice.requestRun('b');
    client.lastRun.resolve(resultReply('b'));
    await settle();
    expect(h.state.runStatus).toEqual({ kind: 'fallback', message: 'no workers' });
  });
});
