import { describe, expect, it } from 'vitest';
import { metricKey } from '../../engine/simulation/input.ts';
import { simulate } from '../../engine/simulation/index.ts';
import { parseScenario } from '../index.ts';
import { HPA_V2, SIMULATION, errors } from '../__fixtures__/helpers.ts';
import { formatMilli } from './suggestLoad.ts';
import { scalingSeconds } from './defaultWorld.ts';

const SPEC = (metrics: string, extra = '') =>
  `  scaleTargetRef: { kind: Deployment, name: web }\n  minReplicas: 2\n  maxReplicas: 10\n${extra}  metrics:\n${metrics}`;

const METRICS: Record<string, string> = {
  'cpu utilization': `    - type: Resource\n      resource: { name: cpu, target: { type: Utilization, averageUtilization: 70 } }\n`,
  'memory 500Mi': `    - type: Resource\n      resource: { name: memory, target: { type: AverageValue, averageValue: 500Mi } }\n`,
  'memory utilization': `    - type: Resource\n      resource: { name: memory, target: { type: Utilization, averageUtilization: 80 } }\n`,
  'container resource': `    - type: ContainerResource\n      containerResource: { name: cpu, container: nginx, target: { type: Utilization, averageUtilization: 60 } }\n`,
  pods: `    - type: Pods\n      pods: { metric: { name: rps }, target: { type: AverageValue, averageValue: "50" } }\n`,
  'object value': `    - type: Object\n      object:\n        metric: { name: requests-per-second }\n        describedObject: { apiVersion: networking.k8s.io/v1, kind: Ingress, name: main }\n        target: { type: Value, value: 10k }\n`,
  'object average': `    - type: Object\n      object:\n        metric: { name: rps }\n        describedObject: { kind: Service, name: web }\n        target: { type: AverageValue, averageValue: 2k }\n`,
  'external value': `    - type: External\n      external: { metric: { name: queue_depth }, target: { type: Value, value: "30" } }\n`,
  'external average': `    - type: External\n      external: { metric: { name: queue_depth }, target: { type: AverageValue, averageValue: 500m } }\n`,
};

function run(text: string) {
  const parsed = parseScenario(text);
  expect(errors(parsed.diagnostics)).toEqual([]);
  const out = simulate(parsed.input!, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  const replicas = out.result.syncs!.map((s) => s.replicas);
  return { parsed, replicas, peak: Math.max(...replicas), last: replicas.at(-1)! };
}

describe('the default world (no Simulation document)', () => {
  for (const [name, metric] of Object.entries(METRICS)) {
    it(`${name}: scales up from minReplicas and back down`, () => {
      const { replicas, peak, last } = run(HPA_V2(SPEC(metric)));
      expect(replicas[0]).toBe(2);
      expect(peak).toBeGreaterThanOrEqual(5);
      expect(last).toBe(2);
    });
  }

  it('several metrics at once: each gets its own model, all meeting target together', () => {
    const all = Object.values(METRICS)
      .join('')
      .replace(/queue_depth(?=[^]*queue_depth)/, 'queue_age');
    const { parsed, peak, last } = run(HPA_V2(SPEC(all)));
    // One model per metric key: Resource and ContainerResource cpu share `resource/cpu`.
    expect(parsed.input!.loads.map((l) => metricKey(l))).toEqual([
      'resource/cpu',
      'resource/memory',
      'pods/rps',
      'object/requests-per-second',
      'object/rps',
      'external/queue_age',
      'external/queue_depth',
    ]);
    expect(peak).toBeGreaterThan(2);
    expect(last).toBe(2);
  });

  it('a memory target of 500Mi gets a per-pod base plus a per-unit part that reach it at 100 units', () => {
    const { parsed } = run(HPA_V2(SPEC(METRICS['memory 500Mi']!)));
    const load = parsed.input!.loads[0]!;
    expect(load).toMatchObject({ kind: 'resource', resource: 'memory' });
    const l = load as { perPodMilli: number; perUnitMilli: number };
    const atTarget = l.perPodMilli + 100 * l.perUnitMilli;
    expect(atTarget / 1000 / 1024 ** 2).toBeCloseTo(500, 0);
    expect(l.perPodMilli / 1000 / 1024 ** 2).toBeCloseTo(150, 0);
  });

  it('a memory utilization target is written in whole Ki, not milli-bytes, and still meets it', () => {
    const { parsed } = run(HPA_V2(SPEC(METRICS['memory utilization']!)));
    // 30 % of 80 % of the default 256Mi request is 62914.56Ki: rounded, not 64424509440m.
    expect(parsed.defaultSimulation).toContain('memory: { perPod: 62915Ki, perUnit: 1468Ki }');
    expect(parsed.defaultSimulation).not.toMatch(/\d{7,}(m|u)\b/);
    const l = parsed.input!.loads[0] as { perPodMilli: number; perUnitMilli: number };
    const atTarget = (l.perPodMilli + 100 * l.perUnitMilli) / 1000;
    expect(Math.abs(atTarget - 0.8 * 256 * 1024 ** 2) / (256 * 1024 ** 2)).toBeLessThan(0.001);
  });

  it('a ContainerResource metric gets a pod with the container it names', () => {
    const { parsed } = run(HPA_V2(SPEC(METRICS['container resource']!)));
    expect(parsed.input!.workload.containers.map((c) => c.name)).toEqual(['nginx']);
    expect(parsed.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
  });

  it('lasts long enough for a slow scale-down policy to reach minReplicas', () => {
    const behavior = `  behavior:\n    scaleDown:\n      stabilizationWindowSeconds: 600\n      policies: [{ type: Pods, value: 1, periodSeconds: 300 }]\n`;
    const { parsed, peak, last } = run(HPA_V2(SPEC(METRICS['cpu utilization']!, behavior)));
    expect(peak).toBeGreaterThanOrEqual(6);
    expect(last).toBe(2);
    // 6 pods down at one per 5 minutes after a 10-minute window: well over the quiet default.
    expect(parsed.input!.durationSeconds).toBeGreaterThan(600 + 6 * 300);
  });

  it('a notice says what was assumed, and its Simulation document gives the same run', () => {
    for (const metric of Object.values(METRICS)) {
      const text = HPA_V2(SPEC(metric));
      const r = parseScenario(text);
      expect(r.notices.some((n) => n.startsWith('no Simulation document'))).toBe(true);
      expect(r.defaultSimulation).toContain('kind: Simulation');
      const pasted = parseScenario(`${text}---\n${r.defaultSimulation!}`);
      expect(errors(pasted.diagnostics)).toEqual([]);
      expect(pasted.input).toEqual(r.input);
    }
  });
});

describe('the "no load model" fix, applied as the message says', () => {
  for (const [name, metric] of Object.entries(METRICS)) {
    // cpu (also through ContainerResource) has a built-in model: no error to fix.
    if (name === 'cpu utilization' || name === 'container resource') continue;
    it(`${name}: the suggested entry (and traffic) runs and rescales both ways`, () => {
      const text = `${HPA_V2(SPEC(metric))}---\n${SIMULATION('  duration: 1h\n')}`;
      const d = errors(parseScenario(text).diagnostics);
      expect(d).toHaveLength(1);
      const m =
        /add (spec\.load\.(\w+)\.([\w-]+)): (\{[^}]*\}) to the Simulation document.*spec\.traffic: (\{ type: ramp.*\] \})/.exec(
          d[0]!.message,
        );
      expect(m, d[0]!.message).not.toBeNull();
      const [, , section, metricName, entry, traffic] = m!;
      const fixed = `${HPA_V2(SPEC(metric))}---\n${SIMULATION(`  duration: 1h\n  traffic: ${traffic}\n  load:\n    ${section}:\n      ${metricName}: ${entry}\n`)}`;
      const { peak, last } = run(fixed);
      expect(peak).toBeGreaterThanOrEqual(5);
      expect(last).toBe(2);
    });
  }
});

describe('helpers', () => {
  it('formatMilli writes quantities a person would', () => {
    expect(formatMilli(524_288_000_000, true)).toBe('500Mi');
    expect(formatMilli(2_621_440_000, true)).toBe('2560Ki');
    expect(formatMilli(35, false)).toBe('35m');
    expect(formatMilli(1.08, false)).toBe('1080u');
    expect(formatMilli(0, true)).toBe('0');
  });

  it('scalingSeconds follows the policies', () => {
    expect(
      scalingSeconds(10, 2, { policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] }, true),
    ).toBe(8 * 60 - 45);
    expect(scalingSeconds(2, 10, undefined, false)).toBe(45); // 2 → 4 → 8 → 10
    expect(scalingSeconds(10, 2, { selectPolicy: 'Disabled', policies: [] }, true)).toBe(Infinity);
  });
});
