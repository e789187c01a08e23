import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withStopSignal } from '../bridge/stopSignal.ts';
import type { WorkerLike } from '../bridge/transport.ts';
import { createSimulatorApi } from './api.ts';
import { WARM_UP_RUN_ID } from '../bridge/warmUp.ts';
import { interruptedBelow, isStopSignal, stopFlag, warmUpYieldFlag } from './stopSignal.ts';

const presetText = readFileSync(resolve(import.meta.dirname, '../presets/default.yaml'), 'utf8');

/** A worker that records what it is sent and whether it was terminated. */
function recordingWorker() {
  const sent: unknown[] = [];
  const worker = {
    terminated: false,
    postMessage: (message: unknown) => void sent.push(message),
    addEventListener: () => {},
    removeEventListener: () => {},
    terminate() {
      this.terminated = true;
    },
  };
  return { worker: worker as WorkerLike & { terminated: boolean }, sent };
}

describe("a worker's stop signal", () => {
  it('is sent at start-up and set just before terminate(), on a cross-origin isolated page', () => {
    const { worker, sent } = recordingWorker();
    const signalled = withStopSignal(worker, true);
    expect(sent).toHaveLength(1);
    const message = sent[0];
    expect(isStopSignal(message)).toBe(true);
    if (!isStopSignal(message)) return;
    const stopped = stopFlag(message.buffer);
    expect(stopped()).toBe(false);
    signalled.terminate();
    expect(stopped()).toBe(true);
    expect(worker.terminated).toBe(true);
  });

  it("carries a second flag, set and cleared by yieldWarmUp: a warm-up run's", () => {
    const { worker, sent } = recordingWorker();
    const signalled = withStopSignal(worker, true);
    const message = sent[0];
    if (!isStopSignal(message)) throw new Error('no stop signal sent');
    const yields = warmUpYieldFlag(message.buffer);
    expect(yields()).toBe(false);
    signalled.yieldWarmUp?.(true);
    expect(yields()).toBe(true);
    expect(stopFlag(message.buffer)()).toBe(false); // giving way is not being stopped
    signalled.yieldWarmUp?.(false);
    expect(yields()).toBe(false);
    // A one-flag buffer (an older page's) never asks a warm-up run to give way.
    expect(warmUpYieldFlag(new SharedArrayBuffer(4))()).toBe(false);
  });

  it('is not sent where the page has no shared memory: the worker is as it was', () => {
    const { worker, sent } = recordingWorker();
    const terminate = worker.terminate;
    expect(withStopSignal(worker, false)).toBe(worker);
    expect(sent).toEqual([]);
    expect(worker.terminate).toBe(terminate);
  });

  it('reads only its own message: comlink calls and other shapes are not a signal', () => {
    expect(isStopSignal({ type: 'APPLY', path: ['run'] })).toBe(false);
    expect(isStopSignal({ type: 'hpa-sim:stop-signal', buffer: new ArrayBuffer(4) })).toBe(false);
    expect(isStopSignal(null)).toBe(false);
  });

  it('stops a run in progress at its next sync: the reply is cancelled', async () => {
    let reads = 0;
    // Unset through the parse and the first syncs, then set (the page terminated the worker).
    const api = createSimulatorApi({ stopped: () => ++reads > 10 });
    const reply = await api.run(1, presetText);
    expect(reply.error).toBe('cancelled');
    expect(reply.runs).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    // Never set: the same run completes.
    const whole = await createSimulatorApi({ stopped: () => false }).run(1, presetText);
    expect(whole.error).toBeNull();
  });

  it('stops a warm-up run at its next sync once it must give way; a real run never reads it', async () => {
    let reads = 0;
    const api = createSimulatorApi({ warmUpYields: () => ++reads > 10 });
    const warmUp = await api.run(WARM_UP_RUN_ID, presetText);
    expect(warmUp.error).toBe('cancelled');
    expect(reads).toBeGreaterThan(10);
    const real = await createSimulatorApi({ warmUpYields: () => true }).run(1, presetText);
    expect(real.error).toBeNull();
    expect(real.runs[0]?.result?.series.time.length).toBeGreaterThan(0);
  });

  it("carries a third element, set by interruptRuns: the id below which a worker's runs stop", () => {
    const { worker, sent } = recordingWorker();
    const signalled = withStopSignal(worker, true);
    const message = sent[0];
    if (!isStopSignal(message)) throw new Error('no stop signal sent');
    const below = interruptedBelow(message.buffer);
    expect(below()).toBe(0);
    signalled.interruptRuns?.(7);
    expect(below()).toBe(7);
    expect(stopFlag(message.buffer)()).toBe(false); // the worker is not stopped
    expect(warmUpYieldFlag(message.buffer)()).toBe(false);
    expect(worker.terminated).toBe(false);
    // An older page's two-flag buffer never interrupts a run.
    expect(interruptedBelow(new SharedArrayBuffer(8))()).toBe(0);
  });

  it('stops a run below the interrupt at its next sync, one not started at once; newer runs go on', async () => {
    let reads = 0;
    let below = 0;
    // Unset through the parse and the first syncs, then run 2 supersedes run 1.
    const api = createSimulatorApi({
      interruptedBelow: () => {
        if (++reads > 10) below = 2;
        return below;
      },
    });
    const first = await api.run(1, presetText);
    expect(first.error).toBe('cancelled');
    expect(reads).toBeGreaterThan(10);
    // Queued behind it and also below: cancelled before its parse.
    const queued = await createSimulatorApi({ interruptedBelow: () => 5 }).run(4, presetText);
    expect(queued).toMatchObject({ error: 'cancelled', parse: { ok: false }, runs: [] });
    // The run that superseded it completes, and its result is the one a fresh worker gives.
    const second = await api.run(2, presetText);
    const fresh = await createSimulatorApi().run(2, presetText);
    expect(second.error).toBeNull();
    expect(second.runs).toEqual(fresh.runs);
  });
});
