import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { HPA_V2, SIMULATION, at, errors } from '../__fixtures__/helpers.ts';

const HPA = `  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
`;
const deployment = (strategy: string) => `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 4
${strategy}  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: app
          image: web:2
          resources: { requests: { cpu: 500m } }
`;
const scenario = (changes: string, strategy = '') =>
  `${HPA_V2(HPA)}---\n${deployment(strategy)}---\n${SIMULATION(`  duration: 30m
  traffic: { type: constant, value: 1000 }
  changes:
${changes}`)}`;

describe('spec.changes rollout', () => {
  it('runs with the apps/v1 defaults (25 % / 25 %) when neither the change nor the Deployment says', () => {
    const parsed = parseScenario(scenario(`    - at: 10m\n      rollout: {}\n`));
    expect(errors(parsed.diagnostics)).toEqual([]);
    const [c] = parsed.input!.changes!;
    expect(c!.rollout).toEqual({ maxSurge: '25%', maxUnavailable: '25%', minReadySeconds: 0 });
    expect(c!.description).toBe(
      'a new pod template was rolled out (maxSurge 25%, maxUnavailable 25%)',
    );
  });

  it("takes the pasted Deployment's strategy and minReadySeconds, the change's own fields over it", () => {
    const strategy = `  minReadySeconds: 20
  strategy:
    type: RollingUpdate
    rollingUpdate: { maxSurge: 2, maxUnavailable: 0 }
`;
    const parsed = parseScenario(
      scenario(`    - at: 10m\n      rollout: { maxSurge: 50% }\n`, strategy),
    );
    expect(errors(parsed.diagnostics)).toEqual([]);
    expect(parsed.input!.changes![0]!.rollout).toEqual({
      maxSurge: '50%',
      maxUnavailable: 0,
      minReadySeconds: 20,
    });
  });

  it("refuses maxSurge and maxUnavailable both 0 in the API server's words, at the field", () => {
    const text = scenario(`    - at: 10m\n      rollout: { maxSurge: 0, maxUnavailable: 0 }\n`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => [d.path, d.message])).toEqual([
      [
        'spec.changes[0].rollout.maxUnavailable',
        'spec.strategy.rollingUpdate.maxUnavailable: may not be 0 when `maxSurge` is 0',
      ],
    ]);
    const key = at(text, 'maxUnavailable: 0 }');
    expect({ line: e[0]!.line, column: e[0]!.column }).toEqual({
      line: key.line,
      column: key.column + 'maxUnavailable: '.length,
    });
  });

  it('refuses a bad percent string, located', () => {
    const text = scenario(`    - at: 10m\n      rollout: { maxSurge: 'half' }\n`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.changes[0].rollout.maxSurge']);
    expect(e[0]!.message).toMatch(
      /a valid percent string must be a numeric string followed by an ending '%'/,
    );
  });

  it("runs a Recreate Deployment's rollout as Recreate, with its minReadySeconds", () => {
    const text = scenario(
      `    - at: 10m\n      rollout: {}\n`,
      `  minReadySeconds: 5\n  strategy: { type: Recreate }\n`,
    );
    const parsed = parseScenario(text);
    expect(errors(parsed.diagnostics)).toEqual([]);
    const [c] = parsed.input!.changes!;
    expect(c!.rollout).toEqual({
      type: 'Recreate',
      maxSurge: 0,
      maxUnavailable: 0,
      minReadySeconds: 5,
    });
    expect(c!.description).toBe(
      'a new pod template was rolled out (Recreate: every old pod deleted, the new ones created when the last is gone; minReadySeconds 5)',
    );
  });

  it('runs `rollout: {strategy: Recreate}` over a RollingUpdate Deployment, and the reverse', () => {
    const recreate = parseScenario(
      scenario(
        `    - at: 10m\n      rollout: { strategy: Recreate }\n`,
        `  strategy: { type: RollingUpdate, rollingUpdate: { maxSurge: 2 } }\n`,
      ),
    );
    expect(errors(recreate.diagnostics)).toEqual([]);
    expect(recreate.input!.changes![0]!.rollout).toMatchObject({ type: 'Recreate' });
    const rolling = parseScenario(
      scenario(
        `    - at: 10m\n      rollout: { strategy: RollingUpdate }\n`,
        `  strategy: { type: Recreate }\n`,
      ),
    );
    expect(errors(rolling.diagnostics)).toEqual([]);
    // RollingUpdate is the default type: the strategy carries no type, as before Recreate ran
    expect(rolling.input!.changes![0]!.rollout).toEqual({
      maxSurge: '25%',
      maxUnavailable: '25%',
      minReadySeconds: 0,
    });
  });

  it("refuses maxSurge under Recreate in the API server's words, at the field", () => {
    const text = scenario(
      `    - at: 10m\n      rollout: { maxSurge: 1 }\n`,
      `  strategy: { type: Recreate }\n`,
    );
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => [d.path, d.message])).toEqual([
      [
        'spec.changes[0].rollout.maxSurge',
        "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate' (the pasted Deployment): leave maxSurge out, or write strategy: RollingUpdate",
      ],
    ]);
    expect(e[0]!.line).toBe(at(text, 'maxSurge: 1 }').line);
  });

  it("warns at a Recreate Deployment's rollingUpdate, and refuses an unknown strategy, located", () => {
    const warned = parseScenario(
      scenario(
        `    - at: 10m\n      rollout: {}\n`,
        `  strategy: { type: Recreate, rollingUpdate: { maxSurge: 1 } }\n`,
      ),
    );
    expect(errors(warned.diagnostics)).toEqual([]);
    const w = warned.diagnostics.filter((d) => d.severity === 'warning');
    expect(w.map((d) => d.path)).toContain('workload:spec.strategy.rollingUpdate');
    const text = scenario(`    - at: 10m\n      rollout: { strategy: BlueGreen }\n`);
    const e = errors(parseScenario(text).diagnostics);
    expect(e.map((d) => d.path)).toEqual(['spec.changes[0].rollout.strategy']);
    expect(e[0]!.line).toBe(at(text, 'strategy: BlueGreen').line);
  });

  it('models a rollout during a rollout (the newer template supersedes) without an error', () => {
    const parsed = parseScenario(
      scenario(`    - at: 10m\n      rollout: {}\n    - at: 10m20s\n      rollout: {}\n`),
    );
    expect(errors(parsed.diagnostics)).toEqual([]);
    expect(parsed.input!.changes!.map((c) => c.atSeconds)).toEqual([600, 620]);
  });
});
