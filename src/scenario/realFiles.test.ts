/** Real files as they are: many documents, kind: List dumps, the scaled workload, templates. */
import { describe, expect, it } from 'vitest';
import { parseScenario } from './index.ts';
import { BASIC_SPEC, HPA_V2, errors } from './__fixtures__/helpers.ts';

const CPU = `  metrics:\n    - type: Resource\n      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }\n`;
const hpa = (name: string, target = 'web', max = 10) =>
  `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: ${name}\nspec:\n  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${target} }\n  minReplicas: 2\n  maxReplicas: ${max}\n${CPU}`;
const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  template:
    spec:
      containers:
        - name: app
          resources:
            requests: { cpu: 250m }
            limits: { cpu: "1", memory: 512Mi }
          readinessProbe: { httpGet: { path: /, port: 80 }, initialDelaySeconds: 12, periodSeconds: 5 }
        - name: sidecar
          resources: { requests: { cpu: 50m, memory: 64Mi } }
`;
const SERVICE =
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports: [{ port: 80 }]\n';

/** What `kubectl get hpa -o yaml` prints for two HPAs. */
const LIST_DUMP = `apiVersion: v1
items:
- apiVersion: autoscaling/v2
  kind: HorizontalPodAutoscaler
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{"annotations":{},"name":"web","namespace":"default"}}
    creationTimestamp: "2025-02-19T09:55:21Z"
    name: web
    namespace: default
    resourceVersion: "3627994"
    uid: 28bfff7e-eb11-455a-9d0e-3d2f5b1c9a10
    managedFields:
    - apiVersion: autoscaling/v2
      fieldsType: FieldsV1
      fieldsV1: { "f:spec": { "f:maxReplicas": {} } }
      manager: kubectl-client-side-apply
      operation: Update
      time: "2025-02-19T09:55:21Z"
  spec:
    maxReplicas: 5
    metrics:
    - resource:
        name: cpu
        target:
          averageUtilization: 50
          type: Utilization
      type: Resource
    minReplicas: 2
    scaleTargetRef:
      apiVersion: apps/v1
      kind: Deployment
      name: web
  status:
    conditions:
    - lastTransitionTime: "2025-02-19T09:55:36Z"
      message: recommended size matches current size
      reason: ReadyForNewScale
      status: "True"
      type: AbleToScale
    currentMetrics:
    - resource:
        current:
          averageUtilization: 1
          averageValue: 1m
        name: cpu
      type: Resource
    currentReplicas: 2
    desiredReplicas: 2
    lastScaleTime: "2025-02-19T10:01:07Z"
- apiVersion: autoscaling/v2
  kind: HorizontalPodAutoscaler
  metadata:
    name: api
    namespace: default
  spec:
    maxReplicas: 8
    minReplicas: 1
    scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: api }
kind: List
metadata:
  resourceVersion: ""
`;

describe('many documents', () => {
  it('picks the HPA out of an install file, uses the Deployment it scales, ignores the rest', () => {
    const text = `${DEPLOYMENT}---\n${SERVICE}---\n${hpa('web')}---\n${SERVICE.replace('web', 'other')}`;
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.documents.map((d) => [d.index, d.role, d.kind, d.name])).toEqual([
      [0, 'workload', 'Deployment', 'web'],
      [1, 'ignored', 'Service', 'web'],
      [2, 'hpa', 'HorizontalPodAutoscaler', 'web'],
      [3, 'ignored', 'Service', 'other'],
    ]);
    const w = r.input!.workload;
    expect(w.initialReplicas).toBe(4);
    // A missing request defaults to the limit, as Kubernetes does.
    expect(w.containers).toEqual([
      {
        name: 'app',
        requests: { cpu: 250, memory: 512 * 1024 ** 2 * 1000 },
        limits: { cpu: 1000, memory: 512 * 1024 ** 2 * 1000 },
      },
      { name: 'sidecar', requests: { cpu: 50, memory: 64 * 1024 ** 2 * 1000 } },
    ]);
    // The Deployment's readiness probe, as the kubelet runs it.
    expect(w.startup.readinessProbe).toEqual({
      initialDelaySeconds: 12,
      periodSeconds: 5,
      successThreshold: 1,
    });
    expect(r.notices.join('\n')).toMatch(/ignored 2 documents .*: Service web, Service other/);
    expect(r.notices.join('\n')).toContain('the workload comes from the Deployment web');
    const info = r.diagnostics.find((d) => d.message.startsWith('ignored 2 documents'));
    // The assumed world, Deployment included, pasted after --- gives the same input.
    const again = parseScenario(`${text}---\n${r.defaultSimulation!}`);
    expect(again.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(again.input).toEqual(r.input);
    expect([info?.severity, info?.document, info?.line]).toEqual([
      'info',
      1,
      text.split('\n').indexOf('kind: Service'),
    ]);
  });

  it('with a Simulation document, the Deployment fills what its spec.workload leaves out', () => {
    const sim = `apiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n  workload: { replicas: 7 }\n  traffic: { type: constant, value: 100 }\n`;
    const r = parseScenario(`${hpa('web')}---\n${DEPLOYMENT}---\n${sim}`);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.defaultSimulation).toBeNull();
    expect(r.input!.workload.initialReplicas).toBe(7);
    expect(r.input!.workload.containers.map((c) => c.name)).toEqual(['app', 'sidecar']);
    expect(r.notices.join('\n')).toContain("the Simulation document's spec.workload wins");
  });

  it('a Deployment with another name is not used', () => {
    const r = parseScenario(`${DEPLOYMENT}---\n${hpa('web', 'api')}`);
    expect(r.documents.map((d) => d.role)).toEqual(['ignored', 'hpa']);
    expect(r.input!.workload.initialReplicas).toBe(2);
  });

  it('a StatefulSet named by scaleTargetRef is used as well', () => {
    const sts = DEPLOYMENT.replace('kind: Deployment', 'kind: StatefulSet');
    const r = parseScenario(
      `${hpa('web').replace('kind: Deployment', 'kind: StatefulSet')}---\n${sts}`,
    );
    expect(r.documents.map((d) => d.role)).toEqual(['hpa', 'workload']);
    expect(r.input!.workload.initialReplicas).toBe(4);
  });

  it('simulates the first of several HPAs; select picks another; an unknown name is an error', () => {
    const text = `${hpa('web')}---\n${hpa('api', 'api', 7)}`;
    const first = parseScenario(text);
    expect(first.selectedHpa).toBe('web');
    expect(first.hpaChoices).toEqual([
      { name: 'web', namespace: '', document: 0, item: null },
      { name: 'api', namespace: '', document: 1, item: null },
    ]);
    expect(first.documents.map((d) => d.role)).toEqual(['hpa', 'other-hpa']);
    expect(first.notices[0]).toContain("2 HorizontalPodAutoscalers (web, api): simulating 'web'");
    const api = parseScenario(text, { hpa: 'api' });
    expect(api.selectedHpa).toBe('api');
    expect(api.input!.hpa.spec.maxReplicas).toBe(7);
    expect(errors(parseScenario(text, { hpa: 'nope' }).diagnostics).map((d) => d.message)).toEqual([
      "no HorizontalPodAutoscaler named 'nope': the text holds web, api.",
    ]);
  });

  it('an empty HPA choice is no choice: the first HPA, or the located "no HPA" error', () => {
    const text = `${hpa('web')}---\n${hpa('api', 'api', 7)}`;
    expect(parseScenario(text, { hpa: '' }).selectedHpa).toBe('web');
    for (const options of [{}, { hpa: '' }]) {
      const none = parseScenario('kind: t', options);
      expect(none.ok).toBe(false);
      expect(errors(none.diagnostics).map((d) => [d.line, d.message.slice(0, 35)])).toEqual([
        [1, 'no HorizontalPodAutoscaler manifest'],
      ]);
    }
  });

  it('reads a kubectl get hpa -o yaml List with status and managedFields, errors located in the item', () => {
    const r = parseScenario(LIST_DUMP);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.hpaChoices.map((c) => [c.name, c.item])).toEqual([
      ['web', 0],
      ['api', 1],
    ]);
    expect(r.input!.hpa.spec.maxReplicas).toBe(5);
    const bad = parseScenario(LIST_DUMP.replace('maxReplicas: 8', 'maxReplicas: 0'), {
      hpa: 'api',
    });
    const e = errors(bad.diagnostics);
    const line = LIST_DUMP.split('\n').indexOf('    maxReplicas: 8') + 1;
    expect(e.map((d) => [d.path, d.line, d.message])).toEqual([
      ['hpa:spec.maxReplicas', line, 'spec.maxReplicas: must be greater than 0'],
      [
        'hpa:spec.maxReplicas',
        line,
        'spec.maxReplicas: must be greater than or equal to `minReplicas`',
      ],
    ]);
  });

  it('documents carry source ranges that slice out each object', () => {
    const text = `---\n# lead\n${hpa('web')}...\n---\n${SERVICE}`;
    const r = parseScenario(text);
    expect(text.slice(r.documents[0]!.start, r.documents[0]!.end)).toBe(`# lead\n${hpa('web')}`);
    expect(text.slice(r.documents[1]!.start, r.documents[1]!.end)).toBe(SERVICE);
    const list = parseScenario(LIST_DUMP).documents[1]!;
    expect(LIST_DUMP.slice(list.start, list.end)).toMatch(
      /^apiVersion: autoscaling\/v2\n {2}kind: HorizontalPodAutoscaler\n {2}metadata:\n {4}name: api\n/,
    );
  });

  it('only a Deployment: says what the file holds', () => {
    expect(errors(parseScenario(DEPLOYMENT).diagnostics).map((d) => d.message)).toEqual([
      'no HorizontalPodAutoscaler manifest (it holds Deployment web): paste one (apiVersion: autoscaling/v2, kind: HorizontalPodAutoscaler), optionally followed by --- and a kind: Simulation document',
    ]);
  });
});

describe('not a manifest: one clear message', () => {
  it('a Helm template', () => {
    const text = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: {{ include "app.fullname" . }}\nspec:\n  minReplicas: {{ .Values.hpa.min }}\n`;
    const d = parseScenario(text).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toMatch(/^this is a Helm chart template .*helm template/);
    expect([d[0]!.line, d[0]!.column]).toEqual([4, 9]);
  });

  it('a {{ NAME }} template of another language (Jinja, Ansible) is not sent to helm template', () => {
    const jinja = `apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: {{ PROJECT_NAME }}\nspec:\n  minReplicas: {{ item.min | default(1) }}\n`;
    const d = parseScenario(jinja).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toMatch(/^this is a template \(\{\{ NAME \}\} placeholders, as Jinja/);
    expect(d[0]!.message).not.toContain('helm template');
    expect([d[0]!.line, d[0]!.column]).toEqual([4, 9]);
    // Helm's own forms stay Helm: fields, variables, trim markers, comments, functions.
    for (const helm of [
      '{{ .Values.name }}',
      '{{ $name }}',
      '{{- .Release.Name }}',
      '{{/* c */}}',
      '{{ include "x" . }}',
      '{{ toYaml .Values.labels | nindent 4 }}',
    ])
      expect(
        parseScenario(jinja.replace('{{ PROJECT_NAME }}', helm)).diagnostics[0]!.message,
        helm,
      ).toMatch(/^this is a Helm chart template/);
  });

  it('{{ in a comment, a quoted string or a block scalar is not a template', () => {
    expect(parseScenario(`# see {{ docs }}\n${HPA_V2(BASIC_SPEC)}`).ok).toBe(true);
    const rule = `apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata: { name: r }\nspec:\n  groups:\n    - rules:\n        - annotations:\n            description: "now {{ $value }}"\n            summary: 'at {{ $labels.pod }}'\n          expr: |\n            up {{ odd }}\n`;
    expect(errors(parseScenario(`${HPA_V2(BASIC_SPEC)}---\n${rule}`).diagnostics)).toEqual([]);
    const control = `{{- if .Values.hpa.enabled }}\n${HPA_V2(BASIC_SPEC)}{{- end }}\n`;
    expect(parseScenario(control).diagnostics.map((d) => [d.line, d.column])).toEqual([[1, 1]]);
  });

  it('${…} placeholders (envsubst, Terraform): said first when the file is refused', () => {
    const text = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: "\${APP}-hpa"\nspec:\n  scaleTargetRef: { kind: Deployment, name: web }\n  minReplicas: \${MIN_PODS}\n  maxReplicas: 5\n`;
    const d = errors(parseScenario(text).diagnostics);
    expect(d[0]!.message).toMatch(/^this file has \$\{…\} placeholders .*envsubst/);
    expect([d[0]!.line, d[0]!.column]).toEqual([4, 10]);
    // The errors they cause stay listed, located.
    expect(d.some((e) => e.message.includes('expected an integer') && e.line === 7)).toBe(true);
  });

  it('${…} in a comment, or in a file the API server accepts, changes nothing', () => {
    const annotated = HPA_V2(BASIC_SPEC).replace(
      'metadata:\n',
      'metadata:\n  annotations:\n    note: "rendered from ${TEMPLATE}"\n',
    );
    expect(annotated).toContain('${TEMPLATE}');
    const ok = parseScenario(`# envsubst \${X}\n${annotated}`);
    expect(errors(ok.diagnostics)).toEqual([]);
    const bad = parseScenario(
      `# envsubst \${X}\n${HPA_V2(BASIC_SPEC)}`.replace(/maxReplicas: \d+/, 'maxReplicas: x'),
    );
    expect(bad.diagnostics.some((d) => d.message.includes('placeholders'))).toBe(false);
  });

  it('a KEDA ScaledObject of KEDA 1 (keda.k8s.io): paste the HPA it made', () => {
    const text = `apiVersion: keda.k8s.io/v1alpha1\nkind: ScaledObject\nmetadata:\n  name: worker\nspec:\n  scaleTargetRef: { deploymentName: worker }\n  triggers: [{ type: cpu, metadata: { value: "60" } }]\n`;
    const d = parseScenario(text).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toContain('KEDA ScaledObject, not a HorizontalPodAutoscaler');
    expect(d[0]!.message).toContain('kubectl get hpa keda-hpa-worker -o yaml');
    expect(d[0]!.line).toBe(2);
  });
});

describe('API validation beyond the spec', () => {
  const named = (name: string, extra = '') =>
    `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: ${name}\n${extra}spec:\n${BASIC_SPEC}`;
  const problems = (text: string) =>
    errors(parseScenario(text).diagnostics).map((d) => [d.path, d.message.slice(0, 60)]);

  it('metadata.name must be a DNS subdomain', () => {
    expect(problems(named('Web_API'))).toEqual([
      ['hpa:metadata.name', 'metadata.name: Invalid value: "Web_API": a lowercase RFC 112'],
    ]);
    const long = errors(parseScenario(named('a'.repeat(254))).diagnostics);
    expect(long.map((d) => d.message.replace(/"a+…"/, '"a…"'))).toEqual([
      'metadata.name: Invalid value: "a…": must be no more than 253 characters',
    ]);
    expect(problems(named('web.example-1'))).toEqual([]);
  });

  it('a name or generateName is required; generateName may end with -', () => {
    const noName = HPA_V2(BASIC_SPEC).replace('metadata:\n  name: web\n', 'metadata: {}\n');
    expect(problems(noName)).toEqual([
      ['hpa:metadata', 'metadata.name: Required value: name or generateName is requi'],
    ]);
    expect(problems(noName.replace('metadata: {}', 'metadata: { generateName: web- }'))).toEqual(
      [],
    );
  });

  it('namespace, label and annotation keys and values', () => {
    const extra = `  namespace: My_NS\n  labels: { "app.kubernetes.io/name": ok, bad key: x, tier: "-x" }\n  annotations: { "/nope": "" }\n`;
    expect(problems(named('web', extra)).map((p) => p[0])).toEqual([
      'hpa:metadata.namespace',
      'hpa:metadata.labels["bad key"]',
      'hpa:metadata.labels.tier',
      'hpa:metadata.annotations["/nope"]',
    ]);
  });

  it('a dump whose status does not decode is refused at the field', () => {
    const status = (s: string) => `${named('web')}status:\n${s}`;
    expect(problems(status('  lastScaleTime: <some-time>\n  currentReplicas: 1\n'))).toEqual([
      ['hpa:status.lastScaleTime', 'status.lastScaleTime: "<some-time>" is not an RFC 3339 time '],
    ]);
    expect(
      problems(
        status(
          '  currentMetrics:\n  - type: Resource\n    resource: { name: cpu, current: { averageValue: 12 cores } }\n',
        ),
      )[0]![0],
    ).toBe('hpa:status.currentMetrics[0].resource.current.averageValue');
    expect(problems(status('  desiredReplicas: 1.5\n'))[0]![1]).toContain('is not an integer');
    expect(problems(status('  lastScaleTime: "2024-02-30T00:00:00Z"\n'))).toHaveLength(1);
    expect(
      problems(
        status(
          '  lastScaleTime: "2024-02-29T23:59:59.5+01:00"\n  conditions: [{ type: AbleToScale, status: "True", lastTransitionTime: null }]\n',
        ),
      ),
    ).toEqual([]);
  });
});
