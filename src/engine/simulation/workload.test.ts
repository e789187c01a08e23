import { describe, expect, it } from 'vitest';
import { rankForDeletion } from './deletionRank.ts';
import { Workload } from './workload.ts';
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

  it("gives a pod's observation the same keys in the same order with or without a sidecar", () => {
    const keys = (over: object) => {
      const w = new Workload(model({ initialReplicas: 1, ...over }), 'web', 3600);
      return Object.keys(w.pods[0]!.obs);
    };
    const usual = keys({});
    expect(usual).toEqual([
      'name',
      'phase',
      'deleting',
      'ready',
      'readyTransitionTime',
      'startTime',
      'containers',
      'resourceMetrics',
      'customMetrics',
    ]);
    const sidecar = { name: 'proxy', requests: { cpu: 100 }, sidecar: true };
    const base = buildInput().workload.containers;
    expect(keys({ containers: [...base, sidecar], podRequests: { cpu: 900 } })).toEqual([
      ...usual.slice(0, 7),
      'initContainers',
      'podRequests',
      ...usual.slice(7),
    ]);
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
    expect(w.activePods(229)).toHaveLength(2);
    w.scaleTo(3, 229);
    expect(w.pods.at(-1)!.scheduledAt).toBeNull(); // terminating pods still hold their slots
    w.advance(231); // the terminated pods are gone: a slot is free again
    expect(w.pods.at(-1)!.scheduledAt).toBe(233);
  });

  it('deletes like a ReplicaSet: not-ready before ready, newest ready first', () => {
    const w = new Workload(model({ initialReplicas: 2 }), 'web', 3600);
    w.scaleTo(4, 0); // web-2, web-3 start at 0: ready at 30
    const order = rankForDeletion(w.activePods(15), 15, w).map((p) => p.name);
    expect(order.slice(0, 2).sort()).toEqual(['web-2', 'web-3']);
    const later = rankForDeletion(w.activePods(100), 100, w).map((p) => p.name);
    expect(later.slice(0, 2).sort()).toEqual(['web-2', 'web-3']);
  });

  it('compares ready times in log2 buckets (LogarithmicScaleDown), then by UID', () => {
    const w = new Workload(model({ initialReplicas: 0 }), 'web', 3600);
    w.scaleTo(1, 0); // web-0 ready at 30
    w.scaleTo(2, 40); // web-1 ready at 70
    w.scaleTo(3, 1000); // web-2 ready at 1030
    // At 1100: ready for 1070 s and 1030 s (one log2 bucket), and 70 s.
    const order = rankForDeletion(w.activePods(1100), 1100, w).map((p) => p.name);
    expect(order[0]).toBe('web-2');
    // At 100: ready for 70 s and 30 s, different buckets: the later-ready web-1 goes first.
    const early = rankForDeletion(w.activePods(100).slice(0, 2), 100, w).map((p) => p.name);
    expect(early).toEqual(['web-1', 'web-0']);
  });

  it('keeps Failed pods out of the active set, replaces them, and never deletes them', () => {
    const w = new Workload(model({ initialReplicas: 4, failedPods: 1 }), 'web', 3600);
    expect(w.activeCount(0)).toBe(3);
    w.manageReplicas(4, 0); // the ReplicaSet's first sync replaces the Failed pod
    expect(w.pods).toHaveLength(5);
    expect(w.activeCount(0)).toBe(4);
    w.manageReplicas(1, 100);
    expect(w.pods[0]!.failed).toBe(true);
    expect(w.pods[0]!.deletedAt).toBeNull();
    expect(w.activeCount(100)).toBe(1);
  });

  it('keeps a terminating pod Ready until it exits, but it no longer serves', () => {
    const w = new Workload(model({ initialReplicas: 2, terminationSeconds: 30 }), 'web', 3600);
    w.manageReplicas(1, 50);
    const victim = w.pods.find((p) => p.deletedAt !== null)!;
    w.observe(60);
    expect(victim.obs).toMatchObject({ deleting: true, ready: true });
    expect(w.stateAt(victim, 60)).toBe('terminating');
  });

  it('creates pods through the rate-limited client: 900 new pods take 43.5 s', () => {
    const w = new Workload(model({ initialReplicas: 100 }), 'web', 3600);
    w.manageReplicas(1000, 0);
    expect(w.pods).toHaveLength(130); // the burst of 30 at once
    w.advance(20);
    expect(w.pods).toHaveLength(100 + 30 + 400);
    w.advance(43.5);
    expect(w.pods).toHaveLength(1000);
    expect(Math.max(...w.pods.map((p) => p.createdAt))).toBeCloseTo(43.5, 9);
    expect(w.activeCount(43.5)).toBe(1000);
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
    expect(w.activePods(50)).toHaveLength(1);
    expect(w.pods.filter((p) => w.stateAt(p, 60) === 'terminating')).toHaveLength(2);
    w.advance(80);
    expect(w.pods).toHaveLength(1);
  });
});
