import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 20
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  traffic: { type: constant, value: 100 }
  workload:
    containers: [{ name: app, resources: { requests: { cpu: 500m, memory: 256Mi } } }]
`;

const parse = (nodes: string, extra = '') => parseScenario(`${HPA}${extra}  nodes:\n${nodes}`);
const diagnostics = (nodes: string, extra = '', severity = 'error') =>
  parse(nodes, extra)
    .diagnostics.filter((d) => d.severity === severity)
    .map((d) => `${d.line}:${d.column} ${d.path}: ${d.message}`);

describe('spec.nodes', () => {
  it('reads a node pool with cluster-autoscaler and its defaults', () => {
    const p = parse(
      `    shape: { cpu: "2", memory: 8Gi, daemonsets: { cpu: 200m, pods: 2 } }\n    max: 5\n    clusterAutoscaler: { provisioningDelay: { min: 45s, max: 90s, seed: 3 } }\n`,
      '  cost: { nodeHour: 0.1 }\n',
    );
    expect(p.ok).toBe(true);
    expect(p.input!.nodes).toEqual({
      shape: {
        cpuMilli: 2000,
        memoryMilli: 8 * 1024 ** 3 * 1000,
        pods: 110,
        overheadCpuMilli: 200,
        overheadMemoryMilli: 0,
        overheadPods: 2,
      },
      // two starting pods of 500m fit one node (3 slots); min 1
      initial: 1,
      min: 1,
      max: 5,
      nodeHourPrice: 0.1,
      provisioner: {
        kind: 'cluster-autoscaler',
        scanIntervalSeconds: 10,
        provisioningDelay: { minSeconds: 45, maxSeconds: 90, seed: 3 },
        scaleDownUnneededSeconds: 600,
        scaleDownDelayAfterAddSeconds: 600,
        scaleDownDelayAfterDeleteSeconds: 10,
        scaleDownUtilizationThreshold: 0.5,
        expander: 'random',
        maxScaleDownParallelism: 10,
        maxDrainParallelism: 1,
      },
    });
  });

  it('leaves a scenario without nodes without the key', () => {
    const p = parseScenario(HPA);
    expect(p.ok).toBe(true);
    expect('nodes' in p.input!).toBe(false);
  });

  it('locates what the schema cannot check', () => {
    expect(diagnostics('    min: 4\n    max: 2\n')).toEqual([
      '19:10 spec.nodes.min: min (4) is above max (2)',
    ]);
    expect(diagnostics('    initial: 9\n    max: 3\n')).toEqual([
      '19:14 spec.nodes.initial: initial (9) must be within min (1) and max (3)',
    ]);
    expect(
      diagnostics('    clusterAutoscaler: { provisioningDelay: { min: 2m, max: 1m } }\n'),
    ).toEqual([
      '19:61 spec.nodes.clusterAutoscaler.provisioningDelay.max: max (60s) is below min (120s)',
    ]);
    expect(diagnostics('    max: 3\n', '    maxPods: 10\n')).toEqual([
      '18:14 spec.workload.maxPods: with spec.nodes the nodes decide how many pods run: remove maxPods (or set nodes.max)',
    ]);
    expect(diagnostics('    max: 0\n')).toEqual(
      expect.arrayContaining([
        '19:10 spec.nodes.max: must be ≥ 1, got 0',
        '19:10 spec.nodes.max: min (1) is above max (0)',
      ]),
    );
    expect(diagnostics('    provisioner: karpenterr\n')[0]).toMatch(/spec\.nodes\.provisioner/);
  });

  it('says plainly when a pod fits no node, and when max cannot hold minReplicas', () => {
    expect(diagnostics('    shape: { cpu: 400m }\n', '', 'warning')).toEqual([
      '19:5 spec.nodes.shape: a pod requests 500m cpu and 256Mi memory: no node of this shape holds one (after its daemonsets), so every new pod stays Pending for good',
    ]);
    expect(diagnostics('    shape: { cpu: 1 }\n    max: 0\n', '', 'warning')).toEqual([]);
    expect(
      diagnostics('    shape: { cpu: 600m }\n    min: 1\n    max: 1\n', '', 'warning'),
    ).toEqual([
      '21:10 spec.nodes.max: at most 1 node of 1 pod each: minReplicas 2 cannot all run, the rest stay Pending',
    ]);
  });

  it('runs: a node pool too small keeps pods Pending in the result', () => {
    const p = parse('    shape: { cpu: 600m }\n    max: 1\n');
    expect(p.ok).toBe(true);
    expect(p.input!.nodes!.initial).toBe(1);
  });
});

describe('spec.nodes with Karpenter', () => {
  it('reads Karpenter settings with their defaults', () => {
    const p = parse(
      '    provisioner: karpenter\n    karpenter: { consolidateAfter: 30s, budgetNodes: "20%" }\n',
    );
    expect(p.ok).toBe(true);
    expect(p.input!.nodes!.provisioner).toEqual({
      kind: 'karpenter',
      batchIdleSeconds: 1,
      batchMaxSeconds: 10,
      provisioningDelay: { minSeconds: 30, maxSeconds: 60, seed: 1 },
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      consolidateAfterSeconds: 30,
      budgetPercent: 20,
    });
  });

  it('says which settings do nothing, and locates a batch window the wrong way round', () => {
    expect(diagnostics('    karpenter: { batchIdleDuration: 2s }\n', '', 'warning')).toEqual([
      '19:5 spec.nodes.karpenter: ignored: the provisioner is cluster-autoscaler (set provisioner: karpenter to use these)',
    ]);
    expect(
      diagnostics(
        '    provisioner: karpenter\n    karpenter: { batchIdleDuration: 20s, batchMaxDuration: 5s }\n',
      ),
    ).toEqual([
      '20:60 spec.nodes.karpenter.batchMaxDuration: batchMaxDuration (5s) is below batchIdleDuration (20s)',
    ]);
  });
});
