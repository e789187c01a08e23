// Test-only: a node pool input with cluster-autoscaler's defaults and a fixed provisioning delay.

import {
  CLUSTER_AUTOSCALER_DEFAULTS,
  type ClusterAutoscalerInput,
  type NodesInput,
} from '../simulation/nodesInput.ts';

export function nodesInput(
  o: Partial<Omit<NodesInput, 'provisioner'>> & {
    provisioner?: Partial<ClusterAutoscalerInput>;
  } = {},
): NodesInput {
  return {
    shape: {
      cpuMilli: 4000,
      memoryMilli: 16 * 1024 ** 3 * 1000,
      pods: 110,
      overheadCpuMilli: 500,
      overheadMemoryMilli: 0,
      overheadPods: 0,
    },
    initial: 1,
    min: 1,
    max: 10,
    nodeHourPrice: null,
    ...o,
    provisioner: {
      ...CLUSTER_AUTOSCALER_DEFAULTS,
      provisioningDelay: { minSeconds: 60, maxSeconds: 60, seed: 1 },
      ...o.provisioner,
    },
  };
}
