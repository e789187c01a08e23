// Nodes under every member cluster: spec.nodes as each member's pool, a member's own nodes in
// its place, and what is refused (located at the member's path).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { at } from '../__fixtures__/helpers.ts';

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

const scenario = (rest: string) => `${HPA}${rest}`;
const errorsOf = (text: string) =>
  parseScenario(text).diagnostics.filter((d) => d.severity === 'error');

describe('nodes under a federation', () => {
  it('gives every member its own copy of spec.nodes, and a member its own nodes in its place', () => {
    const text = scenario(`  nodes:
    shape: { cpu: "2", memory: 8Gi }
    max: 5
  federation:
    policy: StaticWeighted
    clusters:
      - { name: east }
      - name: west
        nodes:
          shape: { cpu: "4", memory: 16Gi }
          max: 3
          provisioner: karpenter
`);
    const p = parseScenario(text);
    expect(errorsOf(text)).toEqual([]);
    const [east, west] = p.input!.federation!.clusters;
    expect(east!.nodes).toMatchObject({ max: 5, initialFromPods: true });
    expect(east!.nodes!.shape.cpuMilli).toBe(2000);
    expect(east!.nodes!.provisioner.kind).toBe('cluster-autoscaler');
    expect(west!.nodes).toMatchObject({ max: 3, initialFromPods: true });
    expect(west!.nodes!.shape.cpuMilli).toBe(4000);
    expect(west!.nodes!.provisioner.kind).toBe('karpenter');
    // the one-cluster key stays off: the pools are the members'
    expect(p.input!.nodes).toBeUndefined();
  });

  it('runs members without nodes as before when only one member writes them', () => {
    const p = parseScenario(
      scenario(`  federation:
    policy: StaticWeighted
    clusters:
      - { name: east, capacity: 8 }
      - name: west
        nodes: { max: 3, initial: 2 }
`),
    );
    expect(p.ok).toBe(true);
    const [east, west] = p.input!.federation!.clusters;
    expect(east!.nodes).toBeUndefined();
    expect(east!.capacityPods).toBe(8);
    expect(west!.nodes).toMatchObject({ initial: 2, max: 3 });
    expect(west!.nodes!.initialFromPods).toBeUndefined();
  });

  it("locates a member's own bad nodes at its path, and refuses capacity beside nodes", () => {
    const text = scenario(`  nodes: { max: 5 }
  federation:
    policy: StaticWeighted
    clusters:
      - { name: east, capacity: 8 }
      - name: west
        nodes: { min: 4, max: 2 }
`);
    const e = errorsOf(text).map((d) => [d.path, d.message, d.line]);
    expect(e).toContainEqual([
      'spec.federation.clusters[0].capacity',
      "with nodes the cluster's nodes decide how many pods run: remove capacity (or set spec.nodes.max, or this cluster’s own nodes)",
      at(text, 'capacity: 8').line,
    ]);
    expect(e).toContainEqual([
      'spec.federation.clusters[1].nodes.min',
      'min (4) is above max (2)',
      at(text, 'min: 4').line,
    ]);
  });

  it("warns when every member's nodes at their max cannot hold minReplicas", () => {
    // 2 pods per 1-cpu node (500m each), max 1 node per member: 4 pods in all, minReplicas 6.
    const text = scenario(`  nodes: { shape: { cpu: "1", memory: 8Gi }, max: 1 }
  federation:
    policy: StaticWeighted
    clusters: [{ name: east }, { name: west }]
`).replace('minReplicas: 2', 'minReplicas: 6');
    const w = parseScenario(text).diagnostics.filter((d) => d.severity === 'warning');
    expect(w.map((d) => [d.path, d.message])).toContainEqual([
      'spec.nodes.max',
      "the member clusters' nodes at their max hold 4 pods in all: minReplicas 6 cannot all run, the rest stay Pending",
    ]);
    // no per-member warning against the federation's minReplicas
    expect(w.filter((d) => /cannot all run/.test(d.message))).toHaveLength(1);
  });
});
