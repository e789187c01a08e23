// The Simulation document's real-cluster knobs: containers' limits and own usage, the readiness
// probe, the node size, the ReplicaSet's client, the scrape phase and the adapters' interval.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, errors, find } from '../__fixtures__/helpers.ts';

const scenario = (simSpec: string) =>
  parseScenario(`${HPA_V2(`${BASIC_SPEC}`)}---\n${SIMULATION(simSpec)}`);

describe('real-cluster knobs', () => {
  it('reads every knob into the input', () => {
    const r = scenario(`  workload:
    containers:
      - name: app
        resources: { requests: { cpu: 500m }, limits: { cpu: "1" } }
      - name: proxy
        resources: { requests: { cpu: 100m } }
        usage: { cpu: { perPod: 20m } }
    startup:
      readinessProbe: { initialDelaySeconds: 5, periodSeconds: 3, successThreshold: 2 }
    nodeCpu: "4"
    replicaSet: { apiQps: 50, apiBurst: 100, burstReplicas: 200 }
  metricsPipeline: { resolution: 30s, offset: 12s, adapterInterval: 1m }
`);
    expect(errors(r.diagnostics)).toEqual([]);
    const w = r.input!.workload;
    expect(w.containers).toEqual([
      { name: 'app', requests: { cpu: 500 }, limits: { cpu: 1000 } },
      {
        name: 'proxy',
        requests: { cpu: 100 },
        usage: { cpu: { perPodMilli: 20, perUnitMilli: 0 } },
      },
    ]);
    expect(w.startup.readinessProbe).toEqual({
      initialDelaySeconds: 5,
      periodSeconds: 3,
      successThreshold: 2,
    });
    expect(w.nodeCpuMilli).toBe(4000);
    expect(w.replicaSet).toEqual({ apiQps: 50, apiBurst: 100, burstReplicas: 200 });
    expect(r.input!.metricsPipeline).toEqual({
      resolutionSeconds: 30,
      offsetSeconds: 12,
      adapterIntervalSeconds: 60,
    });
  });

  it('warns that window is ignored and that metrics-server refuses a resolution below 10 s', () => {
    const r = scenario('  metricsPipeline: { resolution: 5s, window: 30s }\n');
    expect(errors(r.diagnostics)).toEqual([]);
    expect(find(r.diagnostics, 'spec.metricsPipeline.window')).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('metrics-server has no window setting'),
    });
    expect(find(r.diagnostics, 'spec.metricsPipeline.resolution')).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('refuses a resolution below 10s'),
    });
  });

  it('locates a bad probe value', () => {
    const r = scenario('  workload:\n    startup:\n      readinessProbe: { periodSeconds: 0 }\n');
    expect(
      find(r.diagnostics, 'spec.workload.startup.readinessProbe.periodSeconds')?.severity,
    ).toBe('error');
  });
});

describe('sidecars and pod-level requests', () => {
  it('reads restartable init containers as sidecars and pod-level requests', () => {
    const r = scenario(`  workload:
    containers:
      - name: app
        resources: { requests: { cpu: 500m } }
    initContainers:
      - name: mesh
        restartPolicy: Always
        resources: { requests: { cpu: 100m } }
        usage: { cpu: { perPod: 30m } }
      - name: migrate
        resources: { requests: { cpu: "1" } }
    podRequests: { cpu: "1" }
`);
    expect(errors(r.diagnostics)).toEqual([]);
    const w = r.input!.workload;
    // The one-shot init container has finished before the app starts: it is not modelled.
    expect(w.containers.map((c) => [c.name, c.sidecar ?? false])).toEqual([
      ['app', false],
      ['mesh', true],
    ]);
    expect(w.podRequests).toEqual({ cpu: 1000 });
  });
});
