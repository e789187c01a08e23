/**
 * How pods turn Ready and how long they take to go, from a pasted Deployment or the Simulation
 * document: the kubelet's rules (issue 24, world gaps N3 and N8).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine/simulation/index.ts';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, errors, find } from '../__fixtures__/helpers.ts';

const CPU = `  metrics:\n    - type: Resource\n      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }\n`;
const deployment = (podSpec: string, container = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  template:
    spec:
${podSpec}      containers:
        - name: app
          resources: { requests: { cpu: 250m } }
${container}`;
const hpa = HPA_V2(BASIC_SPEC + CPU);
const STAND_IN = /no readiness probe or readinessDelay: pods are Ready 20s after they run/;

describe('readiness without a probe', () => {
  it('a pasted Deployment whose containers have no readiness probe: Ready as soon as running', () => {
    const r = parseScenario(`${deployment('')}---\n${hpa}`);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.workload.startup.readinessDelaySeconds).toBe(0);
    expect(r.input!.workload.startup.readinessProbe).toBeUndefined();
    expect(r.notices.join('\n')).toMatch(/no readiness probe \(Ready once running\)/);
    expect(r.notices.join('\n')).not.toMatch(STAND_IN);
  });

  it('runs: the pods the first sync adds are Ready at the next sync, not 20 s later', () => {
    // minReplicas 4 over the Deployment's 2: the sync at 0 s writes 4; the new pods are
    // scheduled at 1 s and run at 11 s, Ready then without a probe (at 31 s with the stand-in).
    const four = HPA_V2(BASIC_SPEC.replace('minReplicas: 1', 'minReplicas: 4') + CPU);
    const sim = SIMULATION('  duration: 2m\n  traffic: { type: constant, value: 0 }\n');
    const ready = (text: string) => {
      const run = simulate(parseScenario(text).input!);
      if (!run.ok) throw new Error('the run failed');
      return Array.from(run.result.series.readyReplicas.slice(0, 3));
    };
    expect(ready(`${deployment('')}---\n${four}---\n${sim}`)).toEqual([2, 4, 4]);
    const stand = SIMULATION(
      '  duration: 2m\n  traffic: { type: constant, value: 0 }\n  workload: { replicas: 2 }\n',
    );
    expect(ready(`${four}---\n${stand}`)).toEqual([2, 2, 2]);
  });

  it('a Simulation document that sets only `starting` keeps the Deployment’s readiness', () => {
    const sim = SIMULATION('  workload:\n    startup: { starting: 4s }\n');
    const r = parseScenario(`${deployment('')}---\n${hpa}---\n${sim}`);
    expect(r.input!.workload.startup).toEqual({
      schedulingSeconds: 1,
      startingSeconds: 4,
      readinessDelaySeconds: 0,
    });
    const probed = deployment(
      '',
      '          readinessProbe: { httpGet: { path: /, port: 80 }, periodSeconds: 5 }\n',
    );
    const p = parseScenario(`${probed}---\n${hpa}---\n${sim}`);
    expect(p.input!.workload.startup.readinessProbe).toEqual({
      initialDelaySeconds: 0,
      periodSeconds: 5,
      successThreshold: 1,
    });
  });

  it('no container information: the 20 s stand-in runs, and a notice says it is one', () => {
    const r = parseScenario(`${hpa}---\n${SIMULATION('  duration: 10m\n')}`);
    expect(r.input!.workload.startup.readinessDelaySeconds).toBe(20);
    expect(r.notices.join('\n')).toMatch(STAND_IN);
    const written = parseScenario(
      `${hpa}---\n${SIMULATION('  workload:\n    startup: { readinessDelay: 7s }\n')}`,
    );
    expect(written.input!.workload.startup.readinessDelaySeconds).toBe(7);
    expect(written.notices.join('\n')).not.toMatch(STAND_IN);
  });
});

describe('termination: the application exits, the grace period bounds it', () => {
  it('by default a deleted pod is gone after a few seconds, not the 30 s grace period', () => {
    const r = parseScenario(`${hpa}---\n${SIMULATION('  duration: 10m\n')}`);
    expect(r.input!.workload.terminationSeconds).toBe(5);
  });

  it('takes terminationGracePeriodSeconds from a pasted Deployment as the bound', () => {
    const r = parseScenario(`${deployment('      terminationGracePeriodSeconds: 2\n')}---\n${hpa}`);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.workload.terminationSeconds).toBe(2);
    expect(r.notices.join('\n')).toMatch(/terminationGracePeriodSeconds 2/);
  });

  it('an exit time above the grace period is cut there, and says so at the field', () => {
    const sim = SIMULATION('  workload:\n    termination: 90s\n    terminationGracePeriod: 45s\n');
    const r = parseScenario(`${hpa}---\n${sim}`);
    expect(r.input!.workload.terminationSeconds).toBe(45);
    const d = find(r.diagnostics, 'spec.workload.termination');
    expect(d?.severity).toBe('info');
    expect(d?.message).toMatch(/kills the containers at terminationGracePeriod \(45s\)/);
    const longer = parseScenario(`${hpa}---\n${SIMULATION('  workload:\n    termination: 20s\n')}`);
    expect(longer.input!.workload.terminationSeconds).toBe(20);
  });
});
