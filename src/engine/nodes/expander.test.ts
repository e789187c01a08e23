import { describe, expect, it } from 'vitest';
import type { NodeGroupInput } from '../simulation/nodesInput.ts';
import {
  bestOption,
  leastWasteBestOptions,
  mostPodsBestOptions,
  priorityBestOptions,
  randomBestOption,
  wastedScore,
  type ExpanderContext,
} from './expander.ts';

const GI = 1024 ** 3 * 1000;
const group = (name: string, cpu: number, memGi: number, priority: number | null = null) =>
  ({
    name,
    shape: {
      cpuMilli: cpu,
      memoryMilli: memGi * GI,
      pods: 110,
      overheadCpuMilli: 0,
      overheadMemoryMilli: 0,
      overheadPods: 0,
    },
    initial: 0,
    min: 0,
    max: 10,
    price: null,
    priority,
  }) satisfies NodeGroupInput;

const ctx: ExpanderContext = {
  groups: [group('a', 2000, 4, 5), group('b', 16000, 64, 9), group('c', 4000, 8, 9)],
  pod: { cpu: 500, memory: GI },
  seed: 1,
};

describe("cluster-autoscaler's expanders", () => {
  it('least-waste scores as waste.go: unused cpu share plus unused memory share', () => {
    // 4 pods on 2 × (2 cpu, 4Gi): cpu 2/4 used, memory 4/8 used → 0.5 + 0.5
    expect(wastedScore({ group: 0, nodeCount: 2, pods: 4 }, ctx)).toBe(1);
    // 4 pods on 1 × (16 cpu, 64Gi): 14/16 + 60/64 unused
    expect(wastedScore({ group: 1, nodeCount: 1, pods: 4 }, ctx)).toBe(14 / 16 + 60 / 64);
    const a = { group: 0, nodeCount: 2, pods: 4 };
    const b = { group: 1, nodeCount: 1, pods: 4 };
    const c = { group: 2, nodeCount: 1, pods: 4 }; // the same score as a: a tie, both kept
    expect(leastWasteBestOptions([b, a, c], ctx)).toEqual([a, c]);
  });

  it('most-pods keeps the options placing the most pods, ties kept', () => {
    const a = { group: 0, nodeCount: 1, pods: 3 };
    const b = { group: 1, nodeCount: 1, pods: 7 };
    const c = { group: 2, nodeCount: 2, pods: 7 };
    expect(mostPodsBestOptions([a, b, c])).toEqual([b, c]);
  });

  it('priority keeps the highest listed priority; unlisted groups go; none listed keeps all', () => {
    const a = { group: 0, nodeCount: 1, pods: 3 };
    const b = { group: 1, nodeCount: 1, pods: 3 };
    const c = { group: 2, nodeCount: 1, pods: 3 };
    expect(priorityBestOptions([a, b, c], ctx)).toEqual([b, c]);
    expect(priorityBestOptions([c, a], ctx)).toEqual([c]);
    const unlisted = { ...ctx, groups: ctx.groups.map((g) => ({ ...g, priority: null })) };
    expect(priorityBestOptions([a, b], unlisted)).toEqual([a, b]);
    const oneListed = { ...ctx, groups: [group('a', 2000, 4, 1), group('b', 16000, 64)] };
    expect(priorityBestOptions([a, b], oneListed)).toEqual([a]);
  });

  it('random is a pure function of (seed, instant) and reaches every option', () => {
    const opts = [0, 1, 2].map((g) => ({ group: g, nodeCount: 1, pods: 1 }));
    expect(randomBestOption(opts, 7, 130)).toBe(randomBestOption(opts, 7, 130));
    const picked = new Set(
      Array.from({ length: 60 }, (_, i) => randomBestOption(opts, 7, i * 10)!.group),
    );
    expect(picked).toEqual(new Set([0, 1, 2]));
    expect(bestOption('random', [], ctx, 0)).toBeNull();
  });
});
