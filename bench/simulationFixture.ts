// Day-long and week-long runs for the bench: a diurnal load that needs `peakPods` at its peak.

import type { SimulationInput } from '../src/engine/simulation/index.ts';
import { buildInput } from '../src/engine/simulation/testing/buildInput.ts';
import { nodesInput } from '../src/engine/nodes/testing.ts';

/** The run with a node pool: 1-core pods on 16-core nodes (15 each), cluster-autoscaler. */
export function withNodes(input: SimulationInput): SimulationInput {
  const perNode = 15;
  const peak = input.hpa.spec.maxReplicas;
  return {
    ...input,
    nodes: nodesInput({
      shape: { ...nodesInput().shape, cpuMilli: 16_000, overheadCpuMilli: 500 },
      initial: Math.ceil(input.workload.initialReplicas / perNode),
      min: 1,
      max: Math.ceil(peak / perNode) + 2,
      provisioner: { provisioningDelay: { minSeconds: 60, maxSeconds: 120, seed: 1 } },
    }),
  };
}

export function diurnalInput(days: number, peakPods: number): SimulationInput {
  // 1 core per pod at a 60 % target: peak work = 0.6 cores × peakPods.
  const peak = 600 * peakPods;
  return buildInput({
    spec: {
      minReplicas: Math.max(1, Math.round(peakPods / 10)),
      maxReplicas: peakPods,
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
    workload: { initialReplicas: Math.max(1, Math.round(peakPods / 10)) },
    traffic: {
      type: 'noise',
      seed: 42,
      amplitude: 0.05,
      of: {
        type: 'sine',
        base: peak * 0.55,
        amplitude: peak * 0.45,
        periodSeconds: 86_400,
        peakAtSeconds: 50_400,
      },
    },
    durationSeconds: days * 86_400,
  });
}
