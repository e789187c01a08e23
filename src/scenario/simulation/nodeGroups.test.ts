import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { simulate } from '../../engine/simulation/index.ts';
import { nodeKpiLines } from '../../engine/nodes/explain.ts';

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
  duration: 30m
  traffic: { type: steps, steps: [{ at: 0, value: 100 }, { at: 60, value: 1500 }] }
  workload:
    containers: [{ name: app, resources: { requests: { cpu: 500m, memory: 1Gi } } }]
`;

// Two groups a pod of 500m / 1Gi fits: "small" (2 cpu, 4Gi: 4 pods, nothing left over) and
// "big" (16 cpu, 64Gi: 32 pods, most of it unused for a few pods).
const GROUPS = `    groups:
      - { name: small, shape: { cpu: "2", memory: 4Gi }, min: 1, max: 20, price: 0.1, priority: 10 }
      - { name: big, shape: { cpu: "16", memory: 64Gi }, min: 0, max: 5, price: 0.7, priority: 20 }
`;

const parse = (nodes: string) => parseScenario(`${HPA}  nodes:\n${nodes}`);
const diagnostics = (nodes: string, severity = 'error') =>
  parse(nodes)
    .diagnostics.filter((d) => d.severity === severity)
    .map((d) => `${d.path}: ${d.message}`);

function scaleUps(expander: string, extra = '') {
  const p = parse(`${GROUPS}    clusterAutoscaler: { expander: ${expander}${extra} }\n`);
  expect(p.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const out = simulate(p.input!, { record: 'compact' });
  if (!out.ok) throw new Error(out.error);
  return out.result.nodes!.events.filter((e) => e.kind === 'scale-up');
}

describe('spec.nodes.groups (cluster-autoscaler node groups and expanders)', () => {
  it('reads each group with its own shape, size, price and priority', () => {
    const p = parse(`${GROUPS}    clusterAutoscaler: { expander: least-waste }\n`);
    expect(p.ok).toBe(true);
    const n = p.input!.nodes!;
    expect(
      n.groups!.map((g) => [g.name, g.shape.cpuMilli, g.min, g.max, g.price, g.priority]),
    ).toEqual([
      ['small', 2000, 1, 20, 0.1, 10],
      ['big', 16000, 0, 5, 0.7, 20],
    ]);
    // the two starting pods fit small's one node (its min)
    expect(n.groups!.map((g) => g.initial)).toEqual([1, 0]);
    expect(n.provisioner).toMatchObject({ kind: 'cluster-autoscaler', expander: 'least-waste' });
  });

  it('least-waste grows the group whose new nodes leave the least cpu + memory unused', () => {
    const ups = scaleUps('least-waste');
    expect(ups.length).toBeGreaterThan(0);
    expect(ups[0]!.message).toContain('node group small (expander least-waste, of 2 options)');
    expect(ups[0]!.nodes.every((n) => n.startsWith('small-'))).toBe(true);
  });

  it('most-pods grows the group that places the most pending pods (one big node holds them all)', () => {
    // Uncapped, small's nodes and big's one node both place every pending pod: a tie, broken at
    // random. With small capped at one more node (3 pods), big's option places more.
    const capped = parse(
      GROUPS.replace('max: 20', 'max: 2') + '    clusterAutoscaler: { expander: most-pods }\n',
    );
    const out = simulate(capped.input!, { record: 'compact' });
    if (!out.ok) throw new Error(out.error);
    const first = out.result.nodes!.events.find((e) => e.kind === 'scale-up')!;
    expect(first.nodes.every((n) => n.startsWith('big-'))).toBe(true);
  });

  it('priority grows the highest-priority group', () => {
    const ups = scaleUps('priority');
    expect(ups[0]!.nodes.every((n) => n.startsWith('big-'))).toBe(true);
    expect(ups[0]!.message).toContain('node group big (expander priority');
  });

  it('random draws from the seed: the same seed, the same group; the draw moves with it', () => {
    const pick = (seed: number) =>
      scaleUps('random', `, provisioningDelay: { min: 60s, seed: ${seed} }`).map(
        (e) => e.nodes[0]!.split('-')[0],
      );
    expect(pick(1)).toEqual(pick(1));
    const seen = new Set([1, 2, 3, 4, 5].map((s) => pick(s)[0]));
    expect(seen).toEqual(new Set(['small', 'big']));
  });

  it("keeps each group's min on scale-down (verifyMinSize per group)", () => {
    const text = `${HPA.replace('value: 1500', 'value: 100')}  nodes:
    groups:
      - { name: small, shape: { cpu: "2", memory: 4Gi }, min: 0, initial: 2, max: 5 }
      - { name: big, shape: { cpu: "16", memory: 64Gi }, min: 1, initial: 1, max: 5 }
    clusterAutoscaler: { scaleDownUnneededTime: 1m, scaleDownDelayAfterAdd: 0s }
`;
    const p = parseScenario(text);
    expect(p.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const out = simulate(p.input!, { record: 'compact' });
    if (!out.ok) throw new Error(out.error);
    const n = out.result.nodes!;
    const removed = n.events
      .filter((e) => e.kind === 'scale-down' || e.kind === 'drain')
      .flatMap((e) => e.nodes);
    // small-2 is empty and goes; small-1 holds the two pods at 50 % (not under the threshold);
    // big-3 is empty and unneeded too, but its group is at its min (one pool-wide min of 1
    // would have let it go)
    expect(removed).toEqual(['small-2']);
    expect(n.kpis.finalNodes).toBe(2);
  });

  it('bills each group at its own price', () => {
    const p = parse(`${GROUPS}    clusterAutoscaler: { expander: priority }\n`);
    const out = simulate(p.input!, { record: 'compact' });
    if (!out.ok) throw new Error(out.error);
    const k = out.result.nodes!.kpis;
    // small-1 runs the 30 minutes at 0.1; the big nodes at 0.7 from their scale-up on
    const big = out.result.nodes!.events.find((e) => e.kind === 'scale-up')!;
    const bigHours = (big.nodes.length * (1800 - big.time)) / 3600;
    expect(k.cost).toBeCloseTo(0.5 * 0.1 + bigHours * 0.7, 9);
    // the KPI line names each group
    expect(nodeKpiLines(out.result.nodes!)[0]).toMatch(
      /node groups small \(4 pods each, final \d+\), big \(32 pods each, final \d+\)/,
    );
  });

  it('locates bad groups: an unknown expander, a name used twice, karpenter, a shape beside groups', () => {
    expect(diagnostics(`${GROUPS}    clusterAutoscaler: { expander: cheapest }\n`)).toEqual([
      expect.stringMatching(
        /^spec\.nodes\.clusterAutoscaler\.expander: .*random.*most-pods.*least-waste.*priority/,
      ),
    ]);
    expect(diagnostics(GROUPS.replace('name: big', 'name: small'))).toEqual([
      'spec.nodes.groups[1].name: node group name "small" is used twice',
    ]);
    expect(diagnostics(`${GROUPS}    provisioner: karpenter\n`)).toEqual([
      expect.stringContaining("spec.nodes.groups: node groups are cluster-autoscaler's"),
    ]);
    expect(diagnostics(`    shape: { cpu: "4" }\n${GROUPS}`)).toEqual([
      'spec.nodes.shape: with groups each node group has its own shape (groups[].shape); remove this one',
    ]);
    expect(diagnostics(GROUPS.replace('min: 1, max: 20', 'min: 3, max: 2'))).toEqual([
      'spec.nodes.groups[0].min: min (3) is above max (2)',
    ]);
  });

  it('says when the priority expander has no priorities (a random choice, as upstream)', () => {
    const noPrio = GROUPS.replace(', priority: 10', '').replace(', priority: 20', '');
    expect(
      diagnostics(`${noPrio}    clusterAutoscaler: { expander: priority }\n`, 'warning'),
    ).toEqual([
      expect.stringContaining(
        'spec.nodes.clusterAutoscaler.expander: the priority expander and no group has a priority',
      ),
    ]);
  });
});
