import { describe, expect, it } from 'vitest';
import { rankForDeletion, Workload } from './workload.ts';
import { buildInput } from './testing/buildInput.ts';

const model = (over = {}) => ({
  ...buildInput().workload,
  startup: { schedulingSeconds: 2, startingSeconds: 8, readinessDelaySeconds: 20 },
  ...over,
});

describe('Workload pod lifecycle', () => {
  it('moves a new pod through unscheduled → starting → running → ready with exact times', () => {
    const w = new Workload(model({ initialReplicas: 0 }), 'web', 3600);
    w.scaleTo(1, 100);
    const p = w.pods[0]!;
    expect(w.stateAt(p, 101)).toBe('unscheduled');
    expect(w.stateAt(p, 102)).toBe('starting');
    expect(w.stateAt(p, 109.9)).toBe('starting');
    expect(w.stateAt(p, 110)).toBe('running');
    expect(w.stateAt(p, 129)).toBe('running');
    expect(w.stateAt(p, 130)).toBe('ready');
  });

  it('exposes the timestamps the controller reads', () => {
    const w = new Workload(model({ initialReplicas: 0 }), 'web', 3600);
    w.scaleTo(1, 100);
    const o = w.pods[0]!.obs;
    w.observe(101);
    expect(o).toMatchObject({ phase: 'Pending', startTime: null, ready: null });
    w.observe(105);
    expect(o).toMatchObject({
      phase: 'Pending',
      startTime: 102,
      ready: false,
      readyTransitionTime: 102,
    });
    w.observe(115);
    expect(o).toMatchObject({
      phase: 'Running',
      startTime: 102,
      ready: false,
      readyTransitionTime: 102,
    });
    w.observe(131);
    expect(o).toMatchObject({ phase: 'Running', ready: true, readyTransitionTime: 130 });
  });

  it('keeps pods Pending and unscheduled beyond the cluster capacity until a slot frees', () => {
    const w = new Workload(
      model({ initialReplicas: 2, maxPods: 3, terminationSeconds: 30 }),
      'web',
      3600,
    );
    w.scaleTo(4, 0);
    expect(w.pods.map((p) => w.stateAt(p, 5))).toEqual([
      'ready',
      'ready',
      'starting',
      'unscheduled',
    ]);
    w.scaleTo(3, 100); // deletes the unscheduled pod first
    expect(w.pods.filter((p) => p.deletedAt !== null).map((p) => p.name)).toEqual(['web-3']);
    w.scaleTo(2, 200);
    w.advance(229);
    expect(w.activePods()).toHaveLength(2);
    w.scaleTo(3, 229);
    expect(w.pods.at(-1)!.scheduledAt).toBeNull(); // terminating pods still hold their slots
    w.advance(231); // the terminated pods are gone: a slot is free again
    expect(w.pods.at(-1)!.scheduledAt).toBe(233);
  });

  it('deletes like a ReplicaSet: not-ready before ready, newest ready first', () => {
    const w = new Workload(model({ initialReplicas: 2 }), 'web', 3600);
    w.scaleTo(4, 0); // web-2, web-3 start at 0: ready at 30
    const order = rankForDeletion(w.activePods(), 15, w).map((p) => p.name);
    expect(order.slice(0, 2).sort()).toEqual(['web-2', 'web-3']);
    expect(order[0]).toBe('web-3');
    const later = rankForDeletion(w.activePods(), 100, w).map((p) => p.name);
    expect(later.slice(0, 2)).toEqual(['web-3', 'web-2']);
  });

  it('sees a deletion at the instant it happens (no stale state)', () => {
    const w = new Workload(model({ initialReplicas: 3 }), 'web', 3600);
    expect(w.pods.map((p) => w.stateAt(p, 50))).toEqual(['ready', 'ready', 'ready']);
    w.scaleTo(1, 50);
    expect(w.pods.map((p) => w.stateAt(p, 50)).sort()).toEqual([
      'ready',
      'terminating',
      'terminating',
    ]);
  });

  it('removes a deleted pod after its termination time and counts it meanwhile', () => {
    const w = new Workload(model({ initialReplicas: 3, terminationSeconds: 30 }), 'web', 3600);
    w.scaleTo(1, 50);
    expect(w.activePods()).toHaveLength(1);
    expect(w.pods.filter((p) => w.stateAt(p, 60) === 'terminating')).toHaveLength(2);
    w.advance(80);
    expect(w.pods).toHaveLength(1);
  });
});
