// The controller's grouped pod list (observedPods.ts): the steady group's pods as one entry, the
// list kept between syncs while it holds.

import { describe, expect, it } from 'vitest';
import { ObservedPods } from './observedPods.ts';
import { GROUP_ROW } from './podRows.ts';
import { buildInput } from './testing/buildInput.ts';
import { Workload } from './workload.ts';

describe('ObservedPods', () => {
  // A scale-down's deletions go through the API's rate limit, so a pod can be deleted at a later
  // instant with no change to the pods in between (and, with scrapes rarer than syncs, while it is
  // still in the pipeline's group): from then on it is Terminating, not one of the group.
  it('takes a grouped pod out of the group entry when its deletion time comes', () => {
    const model = {
      ...buildInput().workload,
      initialReplicas: 5,
      replicaSet: { apiQps: 0.1, apiBurst: 1, burstReplicas: 500 },
    };
    const w = new Workload(model, 'web', 3600);
    for (const p of w.pods) p.group = GROUP_ROW;
    const list = new ObservedPods(300);
    const at = (t: number) => {
      w.advance(t);
      w.observe(t);
      const pods = list.at(w, 0, t);
      return pods.map((p) => [p.name, p.count ?? 1, p.deleting]);
    };
    expect(at(0)).toEqual([['web-0', 5, false]]);
    w.manageReplicas(2, 0);
    const deleted = w.pods.filter((p) => p.deletedAt !== null).map((p) => p.deletedAt);
    expect(deleted).toEqual([0, 10, 20]);
    // at 1 the first is Terminating; the two deleted later are still Ready and grouped
    expect(at(1)).toEqual([
      ['web-0', 1, true],
      ['web-1', 4, false],
    ]);
    expect(at(15)).toEqual([
      ['web-0', 1, true],
      ['web-1', 1, true],
      ['web-2', 3, false],
    ]);
    expect(at(25)).toEqual([
      ['web-0', 1, true],
      ['web-1', 1, true],
      ['web-2', 1, true],
      ['web-3', 2, false],
    ]);
  });
});
