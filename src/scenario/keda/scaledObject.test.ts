/** A KEDA ScaledObject is simulated as the HPA KEDA's operator creates from it. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine/simulation/index.ts';
import { errors } from '../__fixtures__/helpers.ts';
import { parseScenario } from '../index.ts';

const so = (spec: string, meta = '') =>
  `apiVersion: keda.sh/v1alpha1\nkind: ScaledObject\nmetadata:\n  name: worker\n${meta}spec:\n  scaleTargetRef: { name: worker }\n${spec}`;
const CPU = `    - type: cpu\n      metricType: Utilization\n      metadata: { value: "60" }\n`;
/** cpu alone needs minReplicaCount ≥ 1 (KEDA's webhook: it cannot scale to 0). */
const ONLY_CPU = `  minReplicaCount: 1\n  triggers:\n${CPU}`;
const PROM = `    - type: prometheus\n      metadata: { serverAddress: "http://prom:9090", query: "sum(rate(x[1m]))", threshold: "30" }\n`;
const messages = (text: string) => errors(parseScenario(text).diagnostics).map((d) => d.message);
const errorAt = (text: string) =>
  errors(parseScenario(text).diagnostics).map((d) => [d.path, d.line, d.message]);
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('the HPA KEDA creates (newHPAForScaledObject)', () => {
  it('cpu and memory triggers, bounds and behavior: the HPA as KEDA writes it', () => {
    const text = so(
      `  minReplicaCount: 2\n  maxReplicaCount: 20\n  advanced:\n    horizontalPodAutoscalerConfig:\n      behavior:\n        scaleDown: { stabilizationWindowSeconds: 60 }\n  triggers:\n${CPU}    - type: memory\n      metricType: AverageValue\n      metadata: { value: 512Mi, containerName: app }\n`,
    );
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.selectedHpa).toBe('keda-hpa-worker');
    const spec = r.effectiveHpa!.spec;
    expect(spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'worker',
    });
    expect([spec.minReplicas, spec.maxReplicas]).toEqual([2, 20]);
    // Sorted by source type as KEDA sorts them: ContainerResource before Resource.
    expect(spec.metrics).toEqual([
      {
        type: 'ContainerResource',
        containerResource: {
          name: 'memory',
          container: 'app',
          target: { type: 'AverageValue', averageValue: '512Mi' },
        },
      },
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
      },
    ]);
    expect(spec.behavior!.scaleDown!.stabilizationWindowSeconds).toBe(60);
    expect(
      r.notices.some((n) => n.includes('simulating the HorizontalPodAutoscaler keda-hpa-worker')),
    ).toBe(true);
    // The ScaledObject stays the manifest as written (tuning patches only an HPA's text).
    expect((r.hpaManifest as { kind: string }).kind).toBe('ScaledObject');
  });

  it('defaults: minReplicas 1 (0 and unset leave 0 ↔ 1 to KEDA), maxReplicas 100, no behavior', () => {
    for (const min of ['', '  minReplicaCount: 0\n']) {
      const r = parseScenario(so(`${min}  triggers:\n${PROM}`));
      expect(errors(r.diagnostics)).toEqual([]);
      expect([r.input!.hpa.spec.minReplicas, r.input!.hpa.spec.maxReplicas]).toEqual([1, 100]);
      expect(r.input!.hpa.spec.behavior ?? null).toBeNull();
      const note = r.notices.find((n) => n.includes('KEDA ScaledObject'))!;
      expect(note).toContain(
        'activation (KEDA scales to 0 when every trigger is inactive and back to 1',
      );
      expect(note).toContain('pollingInterval (30s), cooldownPeriod (300s)');
    }
  });

  it('a prometheus trigger is the External metric s<index>-prometheus, AverageValue unless Value', () => {
    const text = so(
      `  triggers:\n${CPU}${PROM}    - type: prometheus\n      metricType: Value\n      metadata: { serverAddress: "http://prom:9090", query: q, threshold: "1.2345" }\n`,
    );
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    const metrics = r.input!.hpa.spec.metrics!;
    expect(metrics.map((m) => m.type)).toEqual(['External', 'External', 'Resource']);
    expect(metrics[0]!.external).toEqual({
      metric: {
        name: 's1-prometheus',
        selector: { matchLabels: { 'scaledobject.keda.sh/name': 'worker' } },
      },
      target: { type: 'AverageValue', averageValue: '30' },
    });
    // GetMetricTargetMili: %.3f of 1.2345 (whose binary value is just below) is 1.234 (2.20).
    expect(metrics[1]!.external!.metric.name).toBe('s2-prometheus');
    expect(metrics[1]!.external!.target).toEqual({ type: 'Value', value: '1234m' });
    const note = r.notices.find((n) => n.includes('KEDA ScaledObject'))!;
    expect(note).toContain(
      's1-prometheus, s2-prometheus are fed by the default world, or by spec.load.external.s1-prometheus (and the others) in a Simulation document',
    );
  });

  it('a metrics-api trigger is s<index>-metric-api-<valueLocation>, normalized as KEDA does', () => {
    const r = parseScenario(
      so(
        `  triggers:\n    - type: metrics-api\n      metadata: { url: "http://api/q", valueLocation: "data.queue/depth", targetValue: "20" }\n`,
      ),
    );
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.hpa.spec.metrics![0]!.external!.metric.name).toBe(
      's0-metric-api-data-queue-depth',
    );
    expect(r.input!.hpa.spec.metrics![0]!.external!.target).toEqual({
      type: 'AverageValue',
      averageValue: '20',
    });
    expect(
      messages(so(`  triggers:\n    - type: metrics-api\n      metadata: { targetValue: "20" }\n`)),
    ).toEqual([
      'error parsing metrics-api metadata: missing required parameter "valueLocation" in [triggerMetadata]',
    ]);
  });

  it('the External metric is fed by the Simulation document like any other', () => {
    const text = `${so(`  minReplicaCount: 1\n  maxReplicaCount: 10\n  triggers:\n${PROM}`)}---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n  duration: 10m\n  traffic: { type: constant, value: 100 }\n  load:\n    external:\n      s0-prometheus: { perUnit: 1 }\n`;
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    const out = simulate(r.input!, { record: 'full' });
    if (!out.ok) throw new Error(out.error);
    // 100 units → 100 against an AverageValue of 30: ceil(100 / 30) = 4.
    expect(out.result.syncs!.at(-1)!.replicas).toBe(4);
  });

  it('advanced.horizontalPodAutoscalerConfig.name names the HPA; --hpa takes either name', () => {
    const text = so(
      `  advanced: { horizontalPodAutoscalerConfig: { name: worker-hpa } }\n${ONLY_CPU}`,
    );
    expect(parseScenario(text).selectedHpa).toBe('worker-hpa');
    expect(parseScenario(text, { hpa: 'worker' }).selectedHpa).toBe('worker-hpa');
    expect(parseScenario(text, { hpa: 'worker-hpa' }).ok).toBe(true);
  });

  it('with an HPA in the same text the HPA is simulated first; the picker lists both', () => {
    const hpa = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: api\nspec:\n  scaleTargetRef: { kind: Deployment, name: api }\n  maxReplicas: 5\n`;
    const text = `${so(ONLY_CPU)}---\n${hpa}`;
    const r = parseScenario(text);
    expect(r.selectedHpa).toBe('api');
    expect(r.hpaChoices.map((c) => c.name)).toEqual(['api', 'keda-hpa-worker']);
    expect(parseScenario(text, { hpa: 'keda-hpa-worker' }).input!.hpa.spec.maxReplicas).toBe(100);
  });

  it('the Deployment it scales supplies the pods', () => {
    const deployment = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: worker\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers: [{ name: app, resources: { requests: { cpu: 200m } } }]\n`;
    const r = parseScenario(`${deployment}---\n${so(ONLY_CPU)}`);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.workload.initialReplicas).toBe(3);
    expect(r.documents.map((d) => d.role)).toEqual(['workload', 'hpa']);
  });

  it('paused-replicas pins min and max before 2.20 (0 becomes 1); paused-scale-in/out disable a direction', () => {
    const paused = (value: string, version = '"2.19"') =>
      parseScenario(
        `${so(`  maxReplicaCount: 9\n${ONLY_CPU}`, `  annotations: { autoscaling.keda.sh/paused-replicas: "${value}" }\n`)}---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nmetadata: { name: v }\nspec:\n  kedaVersion: ${version}\n`,
      );
    expect([
      paused('4').input!.hpa.spec.minReplicas,
      paused('4').input!.hpa.spec.maxReplicas,
    ]).toEqual([4, 4]);
    expect(paused('0').input!.hpa.spec.maxReplicas).toBe(1);
    // 2.20 deletes the HPA instead: the HPA built is the one KEDA re-creates on an unpause.
    expect([
      paused('4', '"2.20.2"').input!.hpa.spec.minReplicas,
      paused('4', '"2.20.2"').input!.hpa.spec.maxReplicas,
    ]).toEqual([1, 9]);
    const r = parseScenario(
      so(ONLY_CPU, `  annotations: { autoscaling.keda.sh/paused-scale-in: "true" }\n`),
    );
    expect(r.input!.hpa.spec.behavior!.scaleDown!.selectPolicy).toBe('Disabled');
    expect(r.input!.hpa.spec.behavior!.scaleUp!.selectPolicy).toBe('Max');
  });
});

describe('refused, located at the ScaledObject field', () => {
  it('an unknown field, or a number where the CRD wants a string', () => {
    const text = so(
      `  maxReplicas: 5\n  triggers:\n    - type: cpu\n      metricType: Utilization\n      metadata: { value: 60 }\n`,
    );
    const e = errorAt(text);
    expect(e.map((x) => x[0])).toEqual([
      'hpa:spec.maxReplicas',
      'hpa:spec.triggers[0].metadata.value',
    ]);
    expect(e[0]![2]).toContain("A ScaledObject calls the HPA's maxReplicas spec.maxReplicaCount.");
    expect(e[1]![2]).toContain('expected a string, got 60 (quote it)');
  });

  it("KEDA's own checks, with KEDA's messages", () => {
    expect(messages(so('  triggers: []\n'))).toEqual([
      'no triggers defined in the ScaledObject/ScaledJob',
    ]);
    expect(messages(so(`  minReplicaCount: 5\n  maxReplicaCount: 3\n  triggers:\n${CPU}`))).toEqual(
      ['MinReplicaCount=5 must be less than MaxReplicaCount=3'],
    );
    expect(
      messages(so(`  minReplicaCount: 2\n  idleReplicaCount: 2\n  triggers:\n${CPU}`)),
    ).toEqual(['IdleReplicaCount=2 must be less than MinReplicaCount=2']);
    expect(
      messages(so(`  fallback: { failureThreshold: 3, replicas: 6 }\n  triggers:\n${CPU}`)),
    ).toEqual([
      'fallback is not supported by the CPU & memory scalers, and this ScaledObject has no other trigger: KEDA refuses it',
    ]);
    // With another trigger the fallback runs in KEDA's plane, whatever its metricType.
    const fallback = parseScenario(
      so(`  fallback: { failureThreshold: 3, replicas: 6 }\n  triggers:\n${CPU}${PROM}`),
    );
    expect(errors(fallback.diagnostics)).toEqual([]);
    expect(fallback.notices.find((n) => n.includes('KEDA ScaledObject'))).toContain('fallback');
    expect(
      messages(
        so(`  minReplicaCount: 1\n  triggers:\n    - type: cpu\n      metadata: { value: "50" }\n`),
      ),
    ).toEqual([
      "error parsing cpu metadata: unknown metric type: , allowed values are 'Utilization' or 'AverageValue'",
    ]);
    // metadata.type: the typed config's `deprecated` tag refuses it once present (from 2.18).
    for (const t of ['Utilization', 'AverageValue'])
      expect(
        messages(
          so(
            `  minReplicaCount: 1\n  triggers:\n    - type: memory\n      metadata: { type: ${t}, value: "50" }\n`,
          ),
        ),
      ).toEqual([
        "error parsing memory metadata: scaler memory info: The 'type' setting is DEPRECATED and is removed in v2.18 - Use 'metricType' instead. " +
          `Fix: delete metadata.type and write metricType: ${t} on the trigger`,
      ]);
    expect(
      messages(
        so(
          `  triggers:\n    - type: prometheus\n      metricType: Utilization\n      metadata: { threshold: "5" }\n`,
        ),
      )[0],
    ).toContain("'Utilization' metric type is unsupported for external metrics");
    expect(
      messages(so(`  triggers:\n    - type: prometheus\n      metadata: { query: q }\n`)),
    ).toEqual([
      'error parsing prometheus metadata: missing required parameter "serverAddress" in [triggerMetadata]',
      'error parsing prometheus metadata: missing required parameter "threshold" in [triggerMetadata]',
    ]);
  });

  it("KEDA's webhook on cpu/memory: not alone with minReplicaCount 0, and only with requests", () => {
    for (const min of ['', '  minReplicaCount: 0\n'])
      expect(messages(so(`${min}  triggers:\n${CPU}`))).toEqual([
        "scaledobject has only cpu/memory triggers AND minReplica is 0 (scale to zero doesn't work in this case): set minReplicaCount to 1 or more",
      ]);
    // With another trigger KEDA's activation can scale to 0; a custom resource is not checked.
    expect(messages(so(`  triggers:\n${CPU}${PROM}`))).toEqual([]);
    expect(
      messages(
        so(`  triggers:\n${CPU}`).replace(
          '{ name: worker }',
          '{ apiVersion: yugabyte.com/v1alpha1, kind: YBCluster, name: worker }',
        ),
      ),
    ).toEqual([]);
    const deployment = (resources: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: worker\nspec:\n  template:\n    spec:\n      containers:\n        - { name: app, resources: ${resources} }\n        - { name: sidecar, resources: { limits: { cpu: 100m } } }\n---\n`;
    const text = `${deployment('{ requests: { memory: 64Mi } }')}${so(ONLY_CPU)}`;
    const e = errorAt(text);
    expect(e).toEqual([
      [
        'hpa:spec.triggers[0].type',
        lineOf(text, 'type: cpu'),
        "the scaledobject has a cpu trigger but the container app doesn't have the cpu request defined",
      ],
    ]);
    expect(messages(`${deployment('{ requests: { cpu: 250m } }')}${so(ONLY_CPU)}`)).toEqual([]);
  });

  it('a paused ScaledObject is simulated: the notice says KEDA deleted the HPA', () => {
    const r = parseScenario(
      so(ONLY_CPU, `  annotations: { autoscaling.keda.sh/paused: "true" }\n`),
    );
    expect(
      messages(so(ONLY_CPU, `  annotations: { autoscaling.keda.sh/paused: "true" }\n`)),
    ).toEqual([]);
    const notice = r.diagnostics.find((d) => d.message.startsWith('a KEDA ScaledObject'))!;
    expect(notice.message).toContain(
      'the pause (autoscaling.keda.sh/paused: KEDA stops its loop and deletes the HPA',
    );
  });

  it("the HPA's own validation lands on the field it came from", () => {
    const text = so(
      `  maxReplicaCount: 0\n  advanced:\n    horizontalPodAutoscalerConfig:\n      behavior:\n        scaleUp:\n          policies: [{ type: Pods, value: 1, periodSeconds: 0 }]\n  triggers:\n${PROM}`,
    );
    const e = errorAt(text);
    const max = e.find((x) => x[0] === 'hpa:spec.maxReplicaCount')!;
    expect(max[1]).toBe(lineOf(text, 'maxReplicaCount'));
    expect(max[2]).toBe('in the HPA KEDA creates: spec.maxReplicas: must be greater than 0');
    const period = e.find((x) => String(x[0]).includes('periodSeconds'))!;
    expect(period[0]).toBe(
      'hpa:spec.advanced.horizontalPodAutoscalerConfig.behavior.scaleUp.policies[0].periodSeconds',
    );
    expect(period[1]).toBe(lineOf(text, 'periodSeconds: 0'));
  });

  it('a threshold too large for a milli quantity is refused at the threshold, in plain words', () => {
    const text = so(
      `  triggers:\n    - type: prometheus\n      metadata: { serverAddress: "http://prom:9090", query: "q", threshold: "1e308" }\n`,
    );
    const e = errorAt(text);
    expect(e).toHaveLength(1);
    expect(e[0]![0]).toBe('hpa:spec.triggers[0].metadata.threshold');
    expect(e[0]![1]).toBe(lineOf(text, 'threshold'));
    expect(e[0]![2]).toMatch(/^threshold 1e\+308 is too large for a metric target/);
    expect(e[0]![2]).not.toContain('Infinity');
  });

  it("a workload an earlier HPA or ScaledObject already scales: refused as KEDA's webhook does", () => {
    const other = so(ONLY_CPU).replace('name: worker\nspec', 'name: first\nspec');
    const second = so(`  triggers:\n${PROM}`);
    const text = `${other}---\n${second}`;
    // Applied as one file the second is refused, so the file is, whichever one is simulated.
    for (const pick of [undefined, 'worker']) {
      const e = errors(parseScenario(text, { hpa: pick }).diagnostics);
      expect(e.map((d) => [d.path, d.line, d.message])).toEqual([
        [
          'hpa:spec.scaleTargetRef',
          text.slice(0, text.lastIndexOf('scaleTargetRef')).split('\n').length,
          "the workload 'worker' of type 'apps/v1.Deployment' is already managed by the ScaledObject 'first' (KEDA's admission webhook refuses this ScaledObject when the ScaledObject above is created first)",
        ],
      ]);
    }
    const hpa = (owner: string) =>
      `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: mine\n${owner}spec:\n  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }\n  maxReplicas: 5\n---\n`;
    expect(messages(`${hpa('')}${second}`).length).toBe(0); // the HPA is simulated by default
    expect(
      errors(parseScenario(`${hpa('')}${second}`, { hpa: 'worker' }).diagnostics)[0]!.message,
    ).toContain("is already managed by the hpa 'mine'");
    // A dump of the ScaledObject with the HPA KEDA made for it is no conflict.
    const owned = hpa(
      '  ownerReferences: [{ apiVersion: keda.sh/v1alpha1, kind: ScaledObject, name: worker, uid: u }]\n',
    );
    expect(errors(parseScenario(`${owned}${second}`, { hpa: 'worker' }).diagnostics)).toEqual([]);
  });

  it("KEDA's other kinds: one sentence each on what to paste instead, never 'no HorizontalPodAutoscaler manifest'", () => {
    const one = (kind: string, apiVersion = 'keda.sh/v1alpha1') => {
      const d = parseScenario(
        `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: web\nspec: {}\n`,
      ).diagnostics;
      expect(d).toHaveLength(1);
      expect(d[0]!.path).toBe('hpa:kind');
      return d[0]!.message;
    };
    expect(one('HTTPScaledObject', 'http.keda.sh/v1alpha1')).toContain(
      'paste the HPA KEDA created instead (kubectl get hpa keda-hpa-web -o yaml)',
    );
    expect(one('TriggerAuthentication')).toContain(
      'paste the ScaledObject whose trigger names it in authenticationRef',
    );
    expect(one('ClusterTriggerAuthentication')).toContain('KEDA ClusterTriggerAuthentication');
    expect(one('ScaledJob')).toContain(
      'paste a ScaledObject (keda.sh/v1alpha1) that scales a Deployment instead',
    );
    // Beside a ScaledObject, a TriggerAuthentication is only listed as unused.
    const both = parseScenario(
      `apiVersion: keda.sh/v1alpha1\nkind: TriggerAuthentication\nmetadata:\n  name: creds\nspec: {}\n---\n${so(`  triggers:\n${PROM}`)}`,
    );
    expect(errors(both.diagnostics)).toEqual([]);
  });

  it('a ScaledJob still gets one message: KEDA creates no HPA for it', () => {
    const d = parseScenario(
      `apiVersion: keda.sh/v1alpha1\nkind: ScaledJob\nmetadata:\n  name: batch\nspec:\n  jobTargetRef: {}\n  triggers: []\n`,
    ).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toContain('a KEDA ScaledJob');
  });
});

describe('scalingModifiers: the world feeds the triggers, the HPA reads the composite', () => {
  const MODS = `  minReplicaCount: 0\n  advanced:\n    scalingModifiers: { formula: "(a + b) / 2", target: "10" }\n  triggers:\n    - type: prometheus\n      name: a\n      metadata: { serverAddress: "http://prom:9090", query: "sum(a)", threshold: "5" }\n    - type: prometheus\n      name: b\n      metadata: { serverAddress: "http://prom:9090", query: "sum(b)", threshold: "5" }\n`;
  const sim = (loads: string) =>
    `---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nmetadata: { name: m }\nspec:\n  duration: 5m\n  load:\n    external:\n${loads}`;

  it("runs from the triggers' loads: the HPA sees the composite (a + b) / 2", () => {
    const text =
      so(MODS) +
      sim(
        `      s0-prometheus: { value: { type: constant, value: 30 } }\n      s1-prometheus: { value: { type: constant, value: 50 } }\n`,
      );
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.effectiveHpa!.spec.metrics!.map((m) => m.external?.metric.name)).toEqual([
      'composite-metric',
    ]);
    expect(r.input!.loads.map((l) => (l.kind === 'external' ? l.metric : l.kind))).toEqual([
      's0-prometheus',
      's1-prometheus',
    ]);
    const out = simulate(r.input!, { record: 'full' });
    if (!out.ok) throw new Error(out.error);
    // (30 + 50) / 2 = 40 against target 10: 4 pods once KEDA has activated the target.
    expect(out.result.syncs!.at(-1)!.replicas).toBe(4);
  });

  it("a trigger's missing load is located at that trigger, not at the composite", () => {
    const text = so(MODS) + sim(`      s0-prometheus: { value: { type: constant, value: 30 } }\n`);
    const found = errorAt(text);
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBe('hpa:spec.triggers[1]');
    expect(found[0]![1]).toBe(lineOf(text, 'name: b') - 1);
    expect(found[0]![2]).toContain("no load model for the External metric 's1-prometheus'");
  });
});

describe('spec.kedaVersion: the KEDA release the loop follows', () => {
  const PAUSED = so(
    `  minReplicaCount: 0\n  triggers:\n${PROM}`,
    `  annotations:\n    autoscaling.keda.sh/paused-replicas: "0"\n`,
  );
  const withVersion = (v: string) =>
    `${PAUSED}---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nmetadata: { name: v }\nspec:\n  duration: 3m\n${v ? `  kedaVersion: ${v}\n` : ''}  workload: { replicas: 3 }\n  load:\n    external:\n      s0-prometheus: { value: { type: constant, value: 90 } }\n`;
  const replicas = (text: string) => {
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    const out = simulate(r.input!, { record: 'full' });
    if (!out.ok) throw new Error(out.error);
    return out.result.syncs!.map((s) => s.replicas);
  };

  it('paused-replicas 0: 2.20 scales straight to 0, 2.19 keeps the pinned HPA at 1', () => {
    expect(new Set(replicas(withVersion('')))).toEqual(new Set([0]));
    expect(new Set(replicas(withVersion('"2.20.0"')))).toEqual(new Set([0]));
    // A YAML 2.19 is a number and names the release all the same.
    expect(new Set(replicas(withVersion('2.19')))).toEqual(new Set([1]));
    expect(parseScenario(withVersion('"2.19"')).input!.keda!.version).toBe('2.19');
    expect(parseScenario(withVersion('')).input!.keda!.version).toBe('2.20.2');
  });

  it('the explanation says what paused-replicas does to the HPA in that release', () => {
    const first = (text: string) => {
      const out = simulate(parseScenario(text).input!, { record: 'full' });
      if (!out.ok) throw new Error(out.error);
      return out.result.syncs![0]!.explanation;
    };
    expect(first(withVersion(''))).toContain(
      'paused: KEDA removed the HPA; paused-replicas 0: KEDA 2.20.2 holds the target at 0 itself',
    );
    expect(first(withVersion('"2.19"'))).toContain(
      'paused-replicas 0: KEDA 2.19 pins the HPA at min = max = 1',
    );
  });

  it('an unknown release is located at spec.kedaVersion; beside an HPA it has no effect', () => {
    const text = withVersion('"2.18"');
    const found = errorAt(text);
    expect(found.map((f) => [f[0], f[1]])).toEqual([
      ['spec.kedaVersion', lineOf(text, 'kedaVersion')],
    ]);
    const hpa = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: { name: web }\nspec:\n  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }\n  maxReplicas: 5\n  metrics:\n    - type: Resource\n      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }\n---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nmetadata: { name: h }\nspec:\n  kedaVersion: "2.19"\n`;
    const warnings = parseScenario(hpa).diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings.map((d) => d.message)).toContain(
      'has no effect: the autoscaler is a HorizontalPodAutoscaler, not a KEDA ScaledObject',
    );
  });
});
