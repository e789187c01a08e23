import { describe, expect, it } from 'vitest';
import type { NodeSeries } from '../../run/index.ts';
import { cpuSummary, nodesSummary } from './nodesSummary.ts';

const f = (v: number[]) => Float64Array.from(v);
const time = f([0, 60, 120, 180]);
const s: NodeSeries = {
  ready: f([1, 1, 2, 2]),
  provisioning: f([0, 1, 0, 0]),
  draining: f([0, 0, 0, 1]),
  allocatableCpu: f([1.9, 1.9, 3.8, 3.8]),
  requestedCpu: f([1.2, 1.8, 3.1, 2]),
  waiting: f([0, 3, 0, 0]),
};

describe('the node lanes in words', () => {
  it('says the nodes over the run and the waits, then the selected sync', () => {
    expect(nodesSummary(s, time, null)).toBe(
      'Nodes Ready: from 1 to 2, peak 2 at 0:02:00; pods waited for a node 1 time, 1 min in all, first at 0:01:00.',
    );
    expect(nodesSummary(s, time, 1)).toMatch(
      / Selected: sync 1 at 0:01:00, 1 Ready, 1 provisioning, 3 pods waiting\.$/,
    );
    expect(nodesSummary(s, time, 3)).toMatch(/, 2 Ready, 1 draining\.$/);
    expect(nodesSummary({ ...s, waiting: f([0, 0, 0, 0]) }, time, null)).toMatch(
      /; no pod waited for a node\.$/,
    );
  });

  it('says the cpu at its fullest and at the selected sync', () => {
    expect(cpuSummary(s, time, 0)).toBe(
      'CPU requested, at most 3.1 of 3.8 cores allocatable at 0:02:00. Selected sync 0: 1.2 of 1.9 cores.',
    );
  });
});
