import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine/simulation/index.ts';
import { parseScenario } from '../index.ts';
import { HPA_V2, SIMULATION, at, errors } from '../__fixtures__/helpers.ts';

const HPA = `  scaleTargetRef: { kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
`;
const world = (release: string, rest: string) => `  duration: 30m
  kubernetesVersion: '${release}'
  traffic: { type: sine, base: 300, amplitude: 250, periodSeconds: 1800 }
${rest}`;
const withChanges = (changes: string, release = '1.37', rest = '') =>
  `${HPA_V2(HPA)}---\n${SIMULATION(world(release, `${rest}  changes:\n${changes}`))}`;

describe('spec.changes', () => {
  it('stores each edit as the API server would: defaulted, cumulative, generation bumped (1.37)', () => {
    const parsed = parseScenario(
      withChanges(`    - at: 10m
      patch: { maxReplicas: 4 }
    - at: 20m
      patch: { minReplicas: 3 }
      description: raise the floor
    - at: 25m
      replicas: 6
`),
    );
    expect(errors(parsed.diagnostics)).toEqual([]);
    const changes = parsed.input!.changes!;
    expect(changes.map((c) => c.atSeconds)).toEqual([600, 1200, 1500]);
    // The second patch applies over the first: maxReplicas stays 4.
    expect(changes[1]!.hpa!.spec).toMatchObject({ minReplicas: 3, maxReplicas: 4 });
    expect(changes.map((c) => c.hpa?.metadata?.generation ?? null)).toEqual([2, 3, null]);
    expect(changes.map((c) => c.replicas)).toEqual([null, null, 6]);
    expect(changes.map((c) => c.description)).toEqual([
      'the HPA was edited (maxReplicas 10 → 4)',
      'the HPA was edited (minReplicas 2 → 3): raise the floor',
      'the target was scaled to 6 (kubectl scale)',
    ]);
  });

  it('bumps no generation without HPAGeneration (1.35), nor for an edit that changes nothing', () => {
    const old = parseScenario(
      withChanges(`    - at: 10m\n      patch: { maxReplicas: 4 }\n`, '1.35'),
    );
    expect(errors(old.diagnostics)).toEqual([]);
    expect(old.input!.changes![0]!.hpa!.metadata?.generation ?? 1).toBe(1);
    const same = parseScenario(withChanges(`    - at: 10m\n      patch: { maxReplicas: 10 }\n`));
    expect(same.input!.changes![0]!.hpa!.metadata?.generation ?? 1).toBe(1);
    expect(same.input!.changes![0]!.description).toBe('the HPA was applied unchanged');
  });

  it('runs an edit at once on 1.37 and at the next resync on 1.35', () => {
    const run = (release: string) => {
      const parsed = parseScenario(
        withChanges(`    - at: 127s\n      patch: { maxReplicas: 3 }\n`, release),
      );
      const out = simulate(parsed.input!, { record: 'full' });
      if (!out.ok) throw new Error(out.error);
      return out.result.syncs;
    };
    const now = run('1.37').find((s) => s.time === 127);
    expect(now?.explanation).toMatch(
      /^At t=127s the HPA was edited \(maxReplicas 10 → 3\); reconciled at once/,
    );
    expect(now?.observedGeneration).toBe(2);
    const old = run('1.35');
    expect(old.some((s) => s.time === 127)).toBe(false);
    expect(old.find((s) => s.time === 135)?.explanation).toMatch(/the first to read it\. /);
  });

  it.each([
    ['0s', /after 0/],
    ['31m', /after the run's end \(spec.duration 30m\)/],
  ])('refuses a change at %s, at its time', (when, message) => {
    const text = withChanges(`    - at: ${when}\n      replicas: 3\n`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => [d.path, d.message])).toEqual([
      ['spec.changes[0].at', expect.stringMatching(message)],
    ]);
  });

  it('refuses two changes at one instant, at the later one', () => {
    const text = withChanges(
      `    - at: 10m\n      replicas: 3\n    - at: 600s\n      patch: { maxReplicas: 5 }\n`,
    );
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.changes[1].at']);
    expect(e[0]!.message).toMatch(/spec.changes\[0\] is at the same instant/);
  });

  it('refuses a change with nothing to change', () => {
    const e = errors(
      parseScenario(withChanges(`    - at: 10m\n      description: x\n`)).diagnostics,
    );
    expect(e.map((d) => d.path)).toEqual(['spec.changes[0]']);
  });

  it('locates a patch of a field that does not exist, with a suggestion', () => {
    const text = withChanges(`    - at: 10m\n      patch: { maxReplica: 20 }\n`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.changes[0].patch.maxReplica']);
    expect(e[0]!.message).toMatch(/^change at 10m: .*maxReplicas/);
  });

  it('locates an edit the API server would reject at the field written', () => {
    const text = withChanges(`    - at: 10m\n      patch: { maxReplicas: 0 }\n`);
    const e = errors(parseScenario(text).diagnostics);
    // maxReplicas ≥ 1 and ≥ minReplicas: both at the value the patch wrote.
    expect(e.length).toBeGreaterThan(0);
    for (const d of e) {
      expect(d.path).toBe('spec.changes[0].patch.maxReplicas');
      expect(d.message).toMatch(/^change at 10m: spec.maxReplicas: /);
      const written = at(text, 'maxReplicas: 0 }');
      expect([d.line, d.column]).toEqual([written.line, written.column + 'maxReplicas: '.length]);
    }
  });

  it('refuses an edit that adds a metric or retargets the HPA', () => {
    const metric = withChanges(`    - at: 10m
      patch:
        metrics:
          - type: Resource
            resource: { name: memory, target: { type: Utilization, averageUtilization: 60 } }
`);
    const e = errors(parseScenario(metric).diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.changes[0].patch.metrics']);
    expect(e[0]!.message).toMatch(/targets, not which metrics there are/);
    const target = withChanges(`    - at: 10m\n      patch: { scaleTargetRef: { name: other } }\n`);
    expect(errors(parseScenario(target).diagnostics).map((d) => d.path)).toEqual([
      'spec.changes[0].patch.scaleTargetRef',
    ]);
  });

  it('accepts a new target for a metric', () => {
    const text = withChanges(`    - at: 10m
      patch:
        metrics:
          - type: Resource
            resource: { name: cpu, target: { type: Utilization, averageUtilization: 80 } }
`);
    const parsed = parseScenario(text);
    expect(errors(parsed.diagnostics)).toEqual([]);
    expect(parsed.input!.changes![0]!.description).toBe(
      'the HPA was edited (metrics[0].resource.target.averageUtilization 60 → 80)',
    );
  });

  it('applies the changes to each variant’s own HPA, and a variant may name its release', () => {
    const text = `${HPA_V2(HPA)}---\n${SIMULATION(
      world(
        '1.35',
        `  variants:
    - name: next
      kubernetesVersion: '1.37'
    - name: wide
      patch: { maxReplicas: 20 }
  changes:
    - at: 10m
      patch: { minReplicas: 3 }
`,
      ),
    )}`;
    const parsed = parseScenario(text);
    expect(errors(parsed.diagnostics)).toEqual([]);
    expect(parsed.input!.controller.kubernetesVersion).toBe('1.35');
    const [next, wide] = parsed.variants;
    expect(next!.input.controller.kubernetesVersion).toBe('1.37');
    expect(next!.input.controller.featureGates.HPAGeneration).toBe(true);
    expect(next!.input.changes![0]!.hpa!.metadata?.generation).toBe(2);
    expect(wide!.input.changes![0]!.hpa!.spec).toMatchObject({ minReplicas: 3, maxReplicas: 20 });
  });

  it("refuses a variant's release that the document's gates do not fit, named", () => {
    const text = `${HPA_V2(HPA)}---\n${SIMULATION(
      world(
        '1.37',
        `  controller: { featureGates: { HPAGeneration: false } }
  variants:
    - name: old
      kubernetesVersion: '1.35'
`,
      ),
    )}`;
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => [d.path, d.message])).toEqual([
      [
        'spec.controller.featureGates.HPAGeneration',
        expect.stringMatching(/^variant 'old': Kubernetes 1.35 has no HPAGeneration/),
      ],
    ]);
  });

  it('reads spec.controller.informerLag into the input (absent when 0)', () => {
    const lagged = parseScenario(
      withChanges(
        `    - at: 10m\n      replicas: 3\n`,
        '1.37',
        '  controller: { informerLag: 2s }\n',
      ),
    );
    expect(errors(lagged.diagnostics)).toEqual([]);
    expect(lagged.input!.informerLagSeconds).toBe(2);
    const none = parseScenario(withChanges(`    - at: 10m\n      replicas: 3\n`));
    expect('informerLagSeconds' in none.input!).toBe(false);
  });
});
