import { describe, expect, it } from 'vitest';
import { estimateWork, parseScenario } from '../index.ts';
import { HPA_V2, SIMULATION, at, errors } from '../__fixtures__/helpers.ts';

const HPA = `  scaleTargetRef: { kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
`;
const WORLD = `  duration: 30m
  traffic: { type: sine, base: 300, amplitude: 250, periodSeconds: 1800 }
`;
const withVariants = (variants: string, hpa = HPA) =>
  `${HPA_V2(hpa)}---\n${SIMULATION(`${WORLD}  variants:\n${variants}`)}`;

describe('spec.variants', () => {
  it('builds one input per variant: the HPA with its merge patch, over the same world', () => {
    const parsed = parseScenario(
      withVariants(`    - name: fast-down
      description: no window
      patch:
        behavior: { scaleDown: { stabilizationWindowSeconds: 0 } }
    - name: wider
      patch: { maxReplicas: 20, behavior: null }
`),
    );
    expect(errors(parsed.diagnostics)).toEqual([]);
    expect(parsed.variants.map((v) => [v.name, v.description])).toEqual([
      ['fast-down', 'no window'],
      ['wider', ''],
    ]);
    const [fast, wider] = parsed.variants.map((v) => v.input);
    expect(fast!.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(0);
    // The rest of the behavior is the HPA's, defaulted the same way.
    expect(fast!.hpa.spec.behavior?.scaleUp).toEqual(parsed.input!.hpa.spec.behavior?.scaleUp);
    expect(parsed.input!.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(300);
    expect(wider!.hpa.spec.maxReplicas).toBe(20);
    // null deleted the behavior: no behavior, as if the manifest never had one.
    expect(wider!.hpa.spec.behavior ?? null).toBeNull();
    // Same world: the workload, traffic and loads are the HPA run's.
    expect(fast!.traffic).toEqual(parsed.input!.traffic);
    expect(fast!.loads).toEqual(parsed.input!.loads);
    expect(fast!.workload).toEqual(parsed.input!.workload);
  });

  it('builds a multi-cluster variant: the same clusters, its own HPA for every member', () => {
    const text = `${HPA_V2(HPA)}---\n${SIMULATION(`${WORLD}  federation:
    policy: DynamicWeighted
    clusters: [{ name: east }, { name: west }]
  variants:
    - name: fast-down
      patch: { behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } }
`)}`;
    const parsed = parseScenario(text);
    expect(errors(parsed.diagnostics)).toEqual([]);
    const [v] = parsed.variants;
    expect(v!.input.federation).toEqual(parsed.input!.federation);
    expect(v!.input.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(0);
  });

  it('patches spec.controller per variant; its problems at the field it wrote', () => {
    const text = `${HPA_V2(HPA)}---\n${SIMULATION(`  kubernetesVersion: '1.35'
  controller: { tolerance: 0.1, syncPeriod: 15s }
${WORLD}  variants:
    - name: loose
      controller: { tolerance: 0.25 }
    - name: slow
      kubernetesVersion: '1.33'
      controller: { syncPeriod: 30s }
`)}`;
    const parsed = parseScenario(text);
    expect(errors(parsed.diagnostics)).toEqual([]);
    const [loose, slow] = parsed.variants.map((v) => v.input);
    expect(loose!.controller.tolerance).toBe(0.25);
    expect(loose!.controller.syncPeriodSeconds).toBe(15);
    expect(slow!.controller.tolerance).toBe(0.1);
    expect(slow!.controller.syncPeriodSeconds).toBe(30);
    expect(slow!.controller.kubernetesVersion).toBe('1.33');
    expect(parsed.input!.controller.syncPeriodSeconds).toBe(15);

    // A gate the variant's release does not know, set by the variant: located in its controller patch.
    const gate = text.replace(
      'controller: { syncPeriod: 30s }',
      'controller: { featureGates: { HPAGeneration: true } }',
    );
    const bad = parseScenario(gate);
    const e = errors(bad.diagnostics);
    expect(e.length).toBeGreaterThan(0);
    expect(e[0]!.message).toMatch(/^variant 'slow': /);
    expect(e[0]!.path).toBe('spec.variants[1].controller.featureGates.HPAGeneration');
    // A field no controller has: the schema's error, located in the patch.
    const typo = parseScenario(text.replace('tolerance: 0.25', 'tolerence: 0.25'));
    expect(errors(typo.diagnostics)).toEqual([
      expect.objectContaining({
        ...at(text, 'tolerance: 0.25'),
        message: expect.stringMatching(/unknown field 'tolerence'/),
      }),
    ]);
  });

  it('reports a patch that makes the HPA invalid at the field the patch wrote, named', () => {
    const text = withVariants(`    - name: slow
      patch:
        behavior: { scaleDown: { stabilizationWindowSeconds: 7200 } }
`);
    const parsed = parseScenario(text);
    const [e, ...rest] = errors(parsed.diagnostics);
    expect(rest).toEqual([]);
    expect(e!.path).toBe('spec.variants[0].patch.behavior.scaleDown.stabilizationWindowSeconds');
    expect(e!.message).toMatch(/^variant 'slow': /);
    expect([e!.line, e!.column]).toEqual(Object.values(at(text, '7200')));
    expect(parsed.ok).toBe(false);
    expect(parsed.variants).toEqual([]);
  });

  it('locates a rule broken by a field the patch did not write at the patch', () => {
    const text = withVariants(`    - name: big-min
      patch: { minReplicas: 30 }
`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.variants[0].patch']);
    expect(e[0]!.message).toContain('maxReplicas');
  });

  it('checks the patch against the HPA schema', () => {
    const text = withVariants(`    - name: typo
      patch: { maxReplica: 20 }
`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e).toHaveLength(1);
    expect(e[0]!.path).toBe('spec.variants[0].patch.maxReplica');
    expect(e[0]!.message).toMatch(/variant 'typo': .*maxReplica/);
  });

  it('reports a Simulation problem only the variant has (a metric its patch adds)', () => {
    const text = withVariants(`    - name: qps
      patch:
        metrics:
          - type: Pods
            pods: { metric: { name: qps }, target: { type: AverageValue, averageValue: "10" } }
`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.length).toBeGreaterThan(0);
    expect(e.every((d) => d.message.startsWith("variant 'qps': "))).toBe(true);
  });

  it('needs names that are unique, not the HPA name, not "main", and DNS labels', () => {
    const text = withVariants(`    - { name: a, patch: {} }
    - { name: a, patch: {} }
    - { name: web, patch: {} }
    - { name: main, patch: {} }
    - { name: Not_A_Label, patch: {} }
`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => d.path)).toEqual([
      'spec.variants[1].name',
      'spec.variants[2].name',
      'spec.variants[3].name',
      'spec.variants[4].name',
    ]);
    expect(e.map((d) => d.message.slice(0, 22))).toMatchInlineSnapshot(`
      [
        "a variant named 'a' is",
        "'web' is the HPA's own",
        "'main' names the HPA i",
        "the string "Not_A_Labe",
      ]
    `);
  });

  it('allows at most 8 variants', () => {
    const list = Array.from({ length: 9 }, (_, i) => `    - { name: v${i}, patch: {} }\n`);
    const e = errors(parseScenario(withVariants(list.join(''))).diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.variants']);
  });

  it('counts every variant as a whole run against the work budget', () => {
    const list = Array.from({ length: 4 }, (_, i) => `    - { name: v${i}, patch: {} }\n`);
    const text = withVariants(list.join(''));
    const alone = parseScenario(`${HPA_V2(HPA)}---\n${SIMULATION(WORLD)}`);
    const one = estimateWork(alone.input!).certainUnits;
    // Room for the HPA and three copies, not four.
    const parsed = parseScenario(text, { maxWork: Math.ceil(one * 4.5) });
    const e = errors(parsed.diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.variants']);
    expect(e[0]!.message).toMatch(
      /the HPA and its 4 variants are 5 whole runs that together need at least/,
    );
    expect(e[0]!.message).toContain('--max-work');
    expect(parseScenario(text, { maxWork: one * 6 }).ok).toBe(true);
  });
});

describe('spec.cost', () => {
  it('becomes the input cost model, missing prices 0', () => {
    const parsed = parseScenario(
      `${HPA_V2(HPA)}---\n${SIMULATION(`${WORLD}  cost: { vcpuHour: 0.04 }\n`)}`,
    );
    expect(parsed.input!.cost).toEqual({ currency: 'USD', podHour: 0, vcpuHour: 0.04, gibHour: 0 });
  });

  it('rejects a negative price and an unknown currency, located', () => {
    const parsed = parseScenario(
      `${HPA_V2(HPA)}---\n${SIMULATION(`${WORLD}  cost: { podHour: -1, currency: EUR }\n`)}`,
    );
    expect(errors(parsed.diagnostics).map((d) => d.path)).toEqual([
      'spec.cost.podHour',
      'spec.cost.currency',
    ]);
  });
});
