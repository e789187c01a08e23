import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/index.ts';
import { drawInput, timingDraws, type TimingDraw } from './draws.ts';
import type { SimulationInput } from './input.ts';
import { nodeDelayMs, nodeSampleInstant, staggerBoundMs } from './scrapeStagger.ts';
import { createSimulation, simulate } from './simulate.ts';

describe('metrics-server per-node scrape stagger (scraper.go Scrape)', () => {
  it('bounds the delay at min(8 ms × nodes, 4 s), as upstream', () => {
    expect(staggerBoundMs(1, 15)).toBe(8);
    expect(staggerBoundMs(3, 15)).toBe(24);
    expect(staggerBoundMs(499, 15)).toBe(3992);
    expect(staggerBoundMs(500, 15)).toBe(4000);
    expect(staggerBoundMs(5000, 60)).toBe(4000);
    // never as long as half a (sub-metrics-server) resolution: two scrapes of a node keep order
    expect(staggerBoundMs(5000, 4)).toBe(2000);
    expect(staggerBoundMs(0, 15)).toBe(0);
  });

  it('draws each delay as rand.Intn(bound): whole ms below the bound, a pure function', () => {
    const st = { seed: 42, draw: 3 };
    const seen = new Set<number>();
    for (let scrape = 0; scrape < 50; scrape++)
      for (let node = 0; node < 40; node++) {
        const d = nodeDelayMs(st, scrape, node, 320);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(320);
        expect(nodeDelayMs({ seed: 42, draw: 3 }, scrape, node, 320)).toBe(d);
        seen.add(d);
      }
    // spread over the bound, not one value
    expect(seen.size).toBeGreaterThan(250);
    expect(nodeDelayMs({ seed: 42, draw: 4 }, 0, 0, 4000)).not.toBe(nodeDelayMs(st, 0, 0, 4000));
    // the store is at s: a node's sample falls in [s − bound, s)
    const at = nodeSampleInstant(st, 100, 7, 5, 320);
    expect(at).toBeGreaterThanOrEqual(100 - 0.32);
    expect(at).toBeLessThan(100);
  });
});

/** 40 pods, one per node (a node holds one such pod), traffic steady then stepping up. */
const FORTY_NODES = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 40
  maxReplicas: 40
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: forty-nodes }
spec:
  duration: 10m
  workload:
    replicas: 40
    containers:
      - name: app
        resources: { requests: { cpu: 500m, memory: 512Mi } }
  traffic:
    type: steps
    steps: [{ at: 0, value: 2000 }, { at: 300, value: 6000 }]
  load:
    resources:
      cpu: { perPod: 20m, perUnit: 4m }
  nodes:
    shape: { cpu: '1', memory: 2Gi, daemonsets: { cpu: 300m, memory: 256Mi, pods: 3 } }
    initial: 40
    min: 40
    max: 40
`;

function podsAt(input: SimulationInput, t: number) {
  const c = createSimulation(input, {});
  if (!c.ok) throw new Error(c.error);
  c.simulation.stepTo(t);
  const sim = c.simulation;
  return sim.cluster.observation(t, sim.world, false).pods;
}

describe('a timing draw staggers each node’s sample within a scrape', () => {
  const input = parseScenario(FORTY_NODES).input!;
  const draws = timingDraws(input, 3, 11);

  it('gives each node its own sample instant within the bound, the same every time', () => {
    const d: TimingDraw = draws[1]!;
    const drawn = drawInput(input, d);
    // the last scrape at or before 450 s (the store) and 40 nodes: bound 320 ms
    const first = (d.scrapeOffsetSeconds % 15) - 30;
    const s = first + Math.floor((450 - first) / 15) * 15;
    const pods = podsAt(drawn, 450);
    const stamps = pods.map((p) => p.resourceMetrics!.timestamp);
    for (const ts of stamps) {
      expect(ts).toBeGreaterThanOrEqual(s - 0.32 - 1e-9);
      expect(ts).toBeLessThan(s);
    }
    expect(new Set(stamps).size).toBeGreaterThan(30);
    // each window is the time between the node's two samples: 15 s ± the two delays
    for (const p of pods) expect(Math.abs(p.resourceMetrics!.window - 15)).toBeLessThan(0.32);
    expect(podsAt(drawInput(input, d), 450)).toEqual(pods);
  });

  it('draw 0 is the scenario as written: every pod sampled at the scrape instant', () => {
    const d0 = drawInput(input, draws[0]!);
    expect(d0.metricsPipeline.stagger).toBeUndefined();
    const stamps = new Set(podsAt(d0, 450).map((p) => p.resourceMetrics!.timestamp));
    expect([...stamps]).toEqual([442]);
    const a = simulate(d0, {});
    const b = simulate(input, {});
    expect(a.ok && b.ok && a.result.kpis).toEqual(b.ok && b.result.kpis);
  });

  it('moves the CPU the controller reads by the work of each node’s own interval', () => {
    const d = draws[2]!;
    // the first scrape after the step (moved later by the draw's sync phase)
    const step = 300 + d.syncPhaseSeconds;
    const first = (d.scrapeOffsetSeconds % 15) - 30;
    const scrape = first + Math.ceil((step - first) / 15) * 15;
    // read at the controller's first sync after that scrape
    const t = Math.ceil(scrape / 15) * 15;
    const staggered = podsAt(drawInput(input, d), t);
    const flat = podsAt(drawInput(input, { ...d, drawSeed: undefined }), t);
    const cpu = (ps: typeof flat) => ps.map((p) => p.resourceMetrics!.containers[0]!.usage!.cpu);
    // the step at 300 s lies inside the interval: a node sampled earlier saw less of it
    expect(new Set(cpu(flat)).size).toBe(1);
    expect(new Set(cpu(staggered)).size).toBeGreaterThan(1);
    for (const x of cpu(staggered)) expect(x).toBeLessThanOrEqual(cpu(flat)[0]!);
  });
});
