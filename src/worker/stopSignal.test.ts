import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withStopSignal } from '../bridge/stopSignal.ts';
import type { WorkerLike } from '../bridge/transport.ts';
import { createSimulatorApi } from './api.ts';
import { isStopSignal, stopFlag } from './stopSignal.ts';

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
});
