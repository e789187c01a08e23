import { describe, expect, it } from 'vitest';
import {
  getScaledValueFromIntOrPercent,
  isScalingEvent,
  maxUnavailable,
  resolveFenceposts,
  rolloutRolling,
  scale,
  validateRollingUpdate,
  type DeploymentView,
  type ReplicaSetView,
} from './rollout.ts';

const rs = (revision: number, replicas: number, available = replicas): ReplicaSetView => ({
  revision,
  replicas,
  available,
  desiredAnnotation: null,
  maxAnnotation: null,
});

const deployment = (
  replicas: number,
  maxSurge: number | string = '25%',
  maxUnavail: number | string = '25%',
): DeploymentView => ({ replicas, maxSurge, maxUnavailable: maxUnavail, statusReplicas: replicas });

describe("the deployment controller's rolling update (rolling.go, deployment_util.go)", () => {
  it('rounds a percent surge up and a percent unavailable down (ResolveFenceposts)', () => {
    expect(resolveFenceposts('25%', '25%', 10)).toEqual({ surge: 3, unavailable: 2 });
    // the Go comment's table: both round to 0, so one pod may be unavailable
    expect(resolveFenceposts('0%', '1%', 2)).toEqual({ surge: 0, unavailable: 1 });
    expect(resolveFenceposts('1%', '25%', 2)).toEqual({ surge: 1, unavailable: 0 });
    expect(getScaledValueFromIntOrPercent(4, 10, true)).toBe(4);
    expect(maxUnavailable(deployment(3, 0, 5))).toBe(3); // at most replicas
    expect(maxUnavailable(deployment(0, 0, 5))).toBe(0);
  });

  it('rolls 10 replicas at 25 %/25 %: up to 13 pods, never under 8 available', () => {
    const d = deployment(10);
    const old = rs(1, 10);
    const next = rs(2, 0);
    const trace: string[] = [];
    // New pods take two controller syncs to become available.
    const born: number[] = [];
    for (let step = 0; step < 40 && !(old.replicas === 0 && next.available === 10); step++) {
      const did = rolloutRolling(d, next, [old]);
      while (born.length < next.replicas) born.push(step);
      born.length = Math.min(born.length, next.replicas);
      next.available = born.filter((b) => step - b >= 2).length;
      old.available = old.replicas;
      trace.push(`${did} ${old.replicas}+${next.replicas}`);
      expect(old.replicas + next.replicas).toBeLessThanOrEqual(13);
      expect(old.available + next.available).toBeGreaterThanOrEqual(8);
    }
    expect(trace.slice(0, 3)).toEqual(['scaled-up 10+3', 'scaled-down 8+3', 'scaled-up 8+5']);
    expect([old.replicas, next.replicas, next.available]).toEqual([0, 10, 10]);
  });

  it('deletes unhealthy old pods first, within allPods − minAvailable − new unavailable', () => {
    const d = deployment(10, 3, 2);
    const old = rs(1, 8, 5); // 3 old pods unavailable
    const next = rs(2, 5, 0); // 5 new pods not available yet
    // 13 − 8 − 5 = 0: nothing may go, even the unhealthy ones
    expect(rolloutRolling(d, next, [old])).toBe('none');
    next.available = 4; // 13 − 8 − 1 = 4: the 3 unhealthy old pods go, then 1 more available one
    expect(rolloutRolling(d, next, [old])).toBe('scaled-down');
    expect(old.replicas).toBe(4); // 8 − 3 unhealthy − 1 available (9 available, 8 the minimum)
  });

  it('shares an HPA rescale mid-rollout out proportionally (sync.go scale, the docs example)', () => {
    // 10 replicas, maxSurge 3, maxUnavailable 2, rollout stuck at old 8 + new 5; scaled to 15:
    // allowed 18, 5 to add — 3 to the old ReplicaSet, 2 to the new (kubernetes.io docs,
    // "Proportional scaling").
    const made = deployment(10, 3, 2);
    const old = { ...rs(1, 8), desiredAnnotation: 10, maxAnnotation: 13 };
    const next = { ...rs(2, 5, 0), desiredAnnotation: 10, maxAnnotation: 13 };
    const d = { ...made, replicas: 15 };
    expect(isScalingEvent(d, [old, next])).toBe(true);
    scale(d, next, [old]);
    expect([old.replicas, next.replicas]).toEqual([11, 7]);
    expect([old.maxAnnotation, next.desiredAnnotation]).toEqual([18, 15]);
    expect(isScalingEvent(d, [old, next])).toBe(false);
    // and back down to 5: allowed 8, 10 to remove, the larger (old) first
    const down = { ...d, replicas: 5 };
    scale(down, next, [old]);
    expect(old.replicas + next.replicas).toBe(8);
    expect(old.replicas).toBeGreaterThan(next.replicas);
  });

  it("refuses what the API server refuses, in the API server's words", () => {
    expect(validateRollingUpdate(0, 0)).toEqual([
      { field: 'maxUnavailable', message: 'may not be 0 when `maxSurge` is 0' },
    ]);
    expect(validateRollingUpdate('0%', 0)).toHaveLength(1);
    expect(validateRollingUpdate('20Percent', 1)[0]).toMatchObject({
      field: 'maxSurge',
      message: expect.stringContaining('a valid percent string must be'),
    });
    expect(validateRollingUpdate(1, '110%')).toEqual([
      { field: 'maxUnavailable', message: 'must not be greater than 100%' },
    ]);
    expect(validateRollingUpdate(-1, 1)[0]!.message).toBe('must be greater than or equal to 0');
    expect(validateRollingUpdate('25%', '25%')).toEqual([]);
  });
});
