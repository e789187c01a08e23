// recreate.go ported (recreate.ts), checked against upstream's own recreate_test.go cases and
// the Recreate branches of deployment_util.go (MaxSurge, MaxUnavailable, NewRSNewReplicas) and
// sync.go scale.
import { describe, expect, it } from 'vitest';
import {
  oldPodsRunning,
  rolloutRecreate,
  scaleDownOldReplicaSetsForRecreate,
  type PodMap,
  type PodPhase,
} from './recreate.ts';
import {
  maxSurge,
  maxUnavailable,
  newRSNewReplicas,
  scale,
  type DeploymentView,
  type ReplicaSetView,
} from './rollout.ts';

const rs = (revision: number, replicas: number, statusReplicas = 0): ReplicaSetView => ({
  revision,
  replicas,
  available: 0,
  desiredAnnotation: null,
  maxAnnotation: null,
  statusReplicas,
});

const recreate = (replicas: number): DeploymentView => ({
  type: 'Recreate',
  replicas,
  maxSurge: '25%',
  maxUnavailable: '25%',
  statusReplicas: replicas,
});

describe("the deployment controller's Recreate strategy (recreate.go)", () => {
  it('scales every old ReplicaSet to 0 (TestScaleDownOldReplicaSets: one of 3, Deployment of 3)', () => {
    const old = [rs(0, 3, 3)];
    expect(scaleDownOldReplicaSetsForRecreate(old, recreate(3))).toBe(true);
    expect(old.map((r) => r.replicas)).toEqual([0]);
    // already at 0: nothing to write
    expect(scaleDownOldReplicaSetsForRecreate(old, recreate(3))).toBe(false);
  });

  // TestOldPodsRunning, case by case (the new ReplicaSet is absent in every upstream case)
  const cases: [string, ReplicaSetView[], PodMap, boolean][] = [
    ['no old RSs', [], new Map(), false],
    [
      'old RSs with running pods',
      [rs(1, 0), rs(2, 0)],
      new Map([
        [1, ['', '']],
        [2, ['', '']],
      ]),
      true,
    ],
    ['old RSs without pods but with non-zero status replicas', [rs(1, 0, 1)], new Map(), true],
    ['old RSs without pods or non-zero status replicas', [rs(1, 0, 0)], new Map(), false],
    [
      'old RSs with zero status replicas but pods in terminal state are present',
      [rs(1, 0)],
      new Map([[1, ['Failed', 'Succeeded']]]),
      false,
    ],
    [
      'old RSs with zero status replicas but pod in unknown phase present',
      [rs(1, 0)],
      new Map([[1, ['Unknown']]]),
      true,
    ],
    [
      'old RSs with zero status replicas with pending pod present',
      [rs(1, 0)],
      new Map([[1, ['Pending']]]),
      true,
    ],
    [
      'old RSs with zero status replicas with running pod present',
      [rs(1, 0)],
      new Map([[1, ['Running']]]),
      true,
    ],
    [
      'old RSs with zero status replicas but pods in terminal state and pending are present',
      [rs(1, 0)],
      new Map<number, PodPhase[]>([
        [1, ['Failed', 'Succeeded']],
        [2, []],
        [3, ['Pending']],
      ]),
      true,
    ],
  ];
  it.each(cases)('oldPodsRunning: %s', (_name, oldRSs, podMap, expected) => {
    expect(oldPodsRunning(null, oldRSs, podMap)).toBe(expected);
  });

  it("oldPodsRunning ignores the new ReplicaSet's own pods", () => {
    expect(oldPodsRunning(rs(2, 3), [rs(1, 0)], new Map([[2, ['Running']]]))).toBe(false);
  });

  it('rolloutRecreate: scale down, wait while old pods run (terminating too), then scale up', () => {
    const d = recreate(4);
    const old = rs(0, 4, 4);
    const fresh = rs(1, 0);
    const running: PodMap = new Map([[0, ['Running', 'Running', 'Running', 'Running']]]);
    expect(rolloutRecreate(d, fresh, [old], running)).toBe('scaled-down');
    expect([old.replicas, fresh.replicas]).toEqual([0, 0]);
    // The ReplicaSet deleted them (status.replicas 0) but they are still terminating.
    old.statusReplicas = 0;
    expect(rolloutRecreate(d, fresh, [old], running)).toBe('waiting');
    expect(fresh.replicas).toBe(0);
    // Gone: the new ReplicaSet takes all the replicas at once.
    expect(rolloutRecreate(d, fresh, [old], new Map())).toBe('scaled-up');
    expect(fresh.replicas).toBe(4);
    expect(rolloutRecreate(d, fresh, [old], new Map([[1, ['Running']]]))).toBe('none');
  });

  it('has no surge and no unavailability budget, and a new ReplicaSet is made at full size', () => {
    const d = recreate(10);
    expect(maxSurge(d)).toBe(0);
    expect(maxUnavailable(d)).toBe(0);
    expect(newRSNewReplicas(d, [rs(0, 10)], rs(1, 0))).toBe(10);
    // the same Deployment under RollingUpdate
    expect(maxSurge({ ...d, type: 'RollingUpdate' })).toBe(3);
  });

  it('shares no rescale out between ReplicaSets (scale: proportional only for RollingUpdate)', () => {
    const d = recreate(15);
    const old = { ...rs(0, 6), desiredAnnotation: 10, maxAnnotation: 10 };
    const fresh = { ...rs(1, 4), desiredAnnotation: 10, maxAnnotation: 10 };
    scale(d, fresh, [old]);
    expect([old.replicas, fresh.replicas]).toEqual([6, 4]);
    // one active ReplicaSet takes the new size (FindActiveOrLatest)
    const only = { ...rs(1, 10), desiredAnnotation: 10, maxAnnotation: 10 };
    scale(d, only, [rs(0, 0)]);
    expect(only.replicas).toBe(15);
  });
});
