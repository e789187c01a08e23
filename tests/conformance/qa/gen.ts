// Writes ../vectors/qa-edges.jsonl: edge cases of the controller's rules most likely to be probed,
// each worked out from upstream's Go (the function and tag are in its `source` and `notes`).
// The replica counts and every condition message and event text are written here by hand from
// upstream's format strings; the generator only fills in the history the step leaves (the
// recommendation and scale events, checked by eye against the notes) and refuses to write a case
// whose hand-written figures the engine does not reach. Run: npx tsx tests/conformance/qa/gen.ts

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseVectorValue } from '../../../src/conformance/vectorCase.ts';
import { checkCase, runVectorCase } from '../../../src/conformance/runCase.ts';

type Obj = Record<string, unknown>;
const NOW = 1_000_000;

function controller(release: boolean, o: Obj = {}): Obj {
  return {
    syncPeriodSeconds: 15,
    tolerance: 0.1,
    cpuInitializationPeriodSeconds: 300,
    initialReadinessDelaySeconds: 30,
    downscaleStabilizationSeconds: 300,
    // with a release named, its own gates and switches apply
    featureGates: release ? {} : { HPAConfigurableTolerance: true, HPAScaleToZero: false },
    scaleUpLimitFactor: 2,
    scaleUpLimitMinimum: 4,
    ...(release ? {} : { ignoreSucceededPods: false, containerMetricMissingIsError: true }),
    ...o,
  };
}

function pod(i: number, cpu: number | null, o: Obj = {}): Obj {
  return {
    name: `pod-${i}`,
    phase: 'Running',
    deleting: false,
    ready: true,
    readyTransitionTime: 999_000,
    startTime: 998_000,
    containers: [{ name: 'app', requests: { cpu: 1000 } }],
    resourceMetrics:
      cpu === null
        ? null
        : { timestamp: 999_990, window: 30, containers: [{ name: 'app', usage: { cpu } }] },
    ...o,
  };
}
const pods = (n: number, cpu: number | null) => Array.from({ length: n }, (_, i) => pod(i, cpu));

const CPU50 = {
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
};
const object = (type: 'Value' | 'AverageValue', v: string) => ({
  type: 'Object',
  object: {
    describedObject: { kind: 'Service', name: 'svc', apiVersion: 'v1' },
    metric: { name: 'rps' },
    target: type === 'Value' ? { type, value: v } : { type, averageValue: v },
  },
});
const external = (type: 'Value' | 'AverageValue', v: string, selector?: Obj) => ({
  type: 'External',
  external: {
    metric: { name: 'q', ...(selector ? { selector } : {}) },
    target: type === 'Value' ? { type, value: v } : { type, averageValue: v },
  },
});
const objectSample = (value: number) => ({
  objectMetrics: [
    { describedObject: { kind: 'Service', name: 'svc', apiVersion: 'v1' }, metric: 'rps', value },
  ],
});

interface Want {
  replicas: number;
  desired?: number;
  /** [type, status, reason, message?] in order */
  conditions: [string, string, string, string?][];
  events?: [string, string, string][];
}

interface Spec {
  name: string;
  source: string;
  notes: string;
  current: number;
  statusReplicas?: number;
  pods: Obj[];
  spec?: Obj;
  status?: Obj;
  release?: string;
  extra?: Obj;
  history?: Obj;
  want: Want;
}

const ABLE_GET = [
  'AbleToScale',
  'True',
  'SucceededGetScale',
  "the HPA controller was able to get the target's current scale",
] as [string, string, string, string];
const READY = [
  'AbleToScale',
  'True',
  'ReadyForNewScale',
  'recommended size matches current size',
] as [string, string, string, string];
const rescaled = (n: number) =>
  [
    'AbleToScale',
    'True',
    'SucceededRescale',
    `the HPA controller was able to update the target scale to ${n}`,
  ] as [string, string, string, string];
const valid = (metric: string) =>
  [
    'ScalingActive',
    'True',
    'ValidMetricFound',
    `the HPA was able to successfully calculate a replica count from ${metric}`,
  ] as [string, string, string, string];
const within = [
  'ScalingLimited',
  'False',
  'DesiredWithinRange',
  'the desired count is within the acceptable range',
] as [string, string, string, string];
const CPU_UTIL = 'cpu resource utilization (percentage of request)';
const unable = (reason: string, err: string) =>
  ['ScalingActive', 'False', reason, `the HPA was unable to compute the replica count: ${err}`] as [
    string,
    string,
    string,
    string,
  ];
const up = (n: number, metric: string): [string, string, string] => [
  'Normal',
  'SuccessfulRescale',
  `New size: ${n}; reason: ${metric} above target`,
];
const invalid = (err: string): [string, string, string] => [
  'Warning',
  'FailedComputeMetricsReplicas',
  `invalid metrics (1 invalid out of 1), first error is: ${err}`,
];

const G = 'kubernetes v1.35.0';
const NO_RESOURCE_METRICS =
  'unable to get metrics for resource cpu: no metrics returned from resource metrics API';

const specs: Spec[] = [
  {
    name: 'qa/tolerance: a ratio of exactly 1 + tolerance is within',
    source: `go:replica_calculator.go GetResourceReplicas, Tolerances.isWithin (${G})`,
    notes:
      '3 pods at 550m of 1000m: utilization 1650*100/3000 = 55, ratio 55/50 = 1.1; isWithin is (1-0.1) <= r <= (1+0.1), inclusive, so the count stays 3.',
    current: 3,
    pods: pods(3, 550),
    want: { replicas: 3, conditions: [READY, valid(CPU_UTIL), within], events: [] },
  },
  {
    name: 'qa/tolerance: a ratio of exactly 1 - tolerance is within',
    source: `go:replica_calculator.go GetResourceReplicas, Tolerances.isWithin (${G})`,
    notes: '3 pods at 450m of 1000m: utilization 45, ratio 0.9: within, the count stays 3.',
    current: 3,
    pods: pods(3, 450),
    want: { replicas: 3, conditions: [READY, valid(CPU_UTIL), within], events: [] },
  },
  {
    name: 'qa/tolerance: utilization is truncated before the ratio',
    source: `go:metrics/utilization.go GetResourceUtilizationRatio (${G})`,
    notes:
      '3 pods at 551m: int64 division 1653*100/3000 = 55 (55.1 truncated), ratio 55/50 = 1.1 exactly, within: 3, although 551/500 would be 1.102.',
    current: 3,
    pods: pods(3, 551),
    want: { replicas: 3, conditions: [READY, valid(CPU_UTIL), within], events: [] },
  },
  {
    name: 'qa/tolerance: behavior.scaleUp.tolerance 0.05 on 1.35 (gate beta, on)',
    source: `go:horizontal.go tolerancesForHpa (${G})`,
    notes:
      'ratio 53/50 = 1.06 > 1 + 0.05: ceil(1.06*3) = 4. Behavior is set, so a scale-up event of 1 is stored.',
    current: 3,
    pods: pods(3, 530),
    spec: { behavior: { scaleUp: { tolerance: '0.05' } } },
    release: '1.35',
    want: {
      replicas: 4,
      conditions: [rescaled(4), valid(CPU_UTIL), within],
      events: [up(4, CPU_UTIL)],
    },
  },
  {
    name: 'qa/tolerance: behavior.scaleUp.tolerance 0.05 is ignored on 1.33 (gate alpha, off)',
    source:
      'go:horizontal.go tolerancesForHpa (kubernetes v1.33.0, HPAConfigurableTolerance alpha)',
    notes:
      'With the gate off tolerancesForHpa returns the flag (0.1) for both sides: ratio 1.06 is within, the count stays 3.',
    current: 3,
    pods: pods(3, 530),
    spec: { behavior: { scaleUp: { tolerance: '0.05' } } },
    release: '1.33',
    want: { replicas: 3, conditions: [READY, valid(CPU_UTIL), within], events: [] },
  },
  {
    name: 'qa/behavior: scaleDown selectPolicy Disabled holds the count',
    source: `go:horizontal.go calculateScaleDownLimitWithBehaviors, convertDesiredReplicasWithBehaviorRate (${G})`,
    notes:
      'ratio 0.2 proposes 1; Disabled returns currentReplicas (5) as the limit, min 1 < 5 so ScalingLimited True ScaleDownLimit; the recommendation stored is the unlimited 1; stabilized 1 == proposal, so ReadyForNewScale.',
    current: 5,
    pods: pods(5, 100),
    spec: { behavior: { scaleDown: { selectPolicy: 'Disabled', stabilizationWindowSeconds: 0 } } },
    want: {
      replicas: 5,
      conditions: [
        READY,
        valid(CPU_UTIL),
        [
          'ScalingLimited',
          'True',
          'ScaleDownLimit',
          'the desired replica count is decreasing faster than the maximum scale rate',
        ],
      ],
      events: [],
    },
  },
  {
    name: 'qa/behavior: scaleUp selectPolicy Disabled holds the count',
    source: `go:horizontal.go calculateScaleUpLimitWithScalingRules, convertDesiredReplicasWithBehaviorRate (${G})`,
    notes:
      'ratio 1.8 proposes 4; Disabled gives the current 2 as the limit, max 100 > 2 so ScaleUpLimit; no rescale.',
    current: 2,
    pods: pods(2, 900),
    spec: { behavior: { scaleUp: { selectPolicy: 'Disabled' } } },
    want: {
      replicas: 2,
      conditions: [
        READY,
        valid(CPU_UTIL),
        [
          'ScalingLimited',
          'True',
          'ScaleUpLimit',
          'the desired replica count is increasing faster than the maximum scale rate',
        ],
      ],
      events: [],
    },
  },
  {
    name: 'qa/missing pods: on a scale-down a missing pod counts as max(100, target) %',
    source: `go:replica_calculator.go GetResourceReplicas (${G})`,
    notes:
      'target 150 %, two pods at 100m (10 %), one without a sample: ratio 10/150 < 1, so the missing pod counts 1000*150/100 = 1500m; (100+100+1500)*100/3000 = 56 %, new ratio 56/150 = 0.3733, ceil(0.3733*3) = 2.',
    current: 3,
    pods: [pod(0, 100), pod(1, 100), pod(2, null)],
    spec: {
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 150 } },
        },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 0 } },
    },
    want: {
      replicas: 2,
      conditions: [rescaled(2), valid(CPU_UTIL), within],
      events: [['Normal', 'SuccessfulRescale', 'New size: 2; reason: All metrics below target']],
    },
  },
  {
    name: 'qa/unready pods: on a scale-up an unready pod counts as 0 %',
    source: `go:replica_calculator.go groupPods, GetResourceReplicas (${G})`,
    notes:
      'pod-2 is not Ready and started 20 s ago (inside the 300 s CPU initialization period): unready. Ready pods at 900m give ratio 1.8 > 1, so pod-2 counts 0: 1800*100/3000 = 60 %, ratio 1.2, ceil(1.2*3) = 4.',
    current: 3,
    pods: [
      pod(0, 900),
      pod(1, 900),
      pod(2, 100, { ready: false, readyTransitionTime: 999_990, startTime: 999_980 }),
    ],
    want: {
      replicas: 4,
      conditions: [rescaled(4), valid(CPU_UTIL), within],
      events: [up(4, CPU_UTIL)],
    },
  },
  {
    name: 'qa/object AverageValue: status.replicas 0 still proposes ceil(usage / target)',
    source: `go:replica_calculator.go GetObjectPerPodMetricReplicas; horizontal.go computeStatusForObjectMetric (${G})`,
    notes:
      'usage 35 over statusReplicas 0: the ratio is +Inf, never within, so ceil(35/10) = 4 (the scale-up limit max(2*2, 4) = 4 allows it). Upstream names this metric "external metric rps(nil)" (its format string for an Object AverageValue target says external).',
    current: 2,
    statusReplicas: 0,
    pods: pods(2, 500),
    spec: { metrics: [object('AverageValue', '10')] },
    extra: objectSample(35_000),
    want: {
      replicas: 4,
      conditions: [rescaled(4), valid('external metric rps(nil)'), within],
      events: [up(4, 'external metric rps(nil)')],
    },
  },
  {
    name: 'qa/external AverageValue: usage / (target × status.replicas) within tolerance',
    source: `go:replica_calculator.go GetExternalPerPodMetricReplicas (${G})`,
    notes: '(20+22)/(10*4) = 1.05: within, the count stays 4.',
    current: 4,
    pods: pods(4, 500),
    spec: { metrics: [external('AverageValue', '10')] },
    extra: { externalMetrics: [{ metric: 'q', values: [20_000, 22_000] }] },
    want: {
      replicas: 4,
      conditions: [READY, valid('external metric q(nil)'), within],
      events: [],
    },
  },
  {
    name: 'qa/scale to zero 1.37: an HPA-made zero resumes from an External Value metric',
    source:
      'go:horizontal.go reconcileAutoscaler, shouldComputeMetricsForZeroReplicas; replica_calculator.go getUsageRatioReplicaCount (1.37, HPAScaleToZero beta)',
    notes:
      'ScaledToZero True and an External metric: metrics are computed at zero; from zero the proposal is ceil(25/10) = 3 without tolerance or pods; every rescale sets ScaledToZero, here False/NotScaledToZero (current was 0).',
    current: 0,
    statusReplicas: 0,
    pods: [],
    spec: { minReplicas: 0, metrics: [external('Value', '10')] },
    status: {
      desiredReplicas: 0,
      conditions: [{ type: 'ScaledToZero', status: 'True', reason: 'ScaledToZero' }],
    },
    release: '1.37',
    extra: { externalMetrics: [{ metric: 'q', values: [25_000] }] },
    want: {
      replicas: 3,
      conditions: [
        [
          'ScaledToZero',
          'False',
          'NotScaledToZero',
          'the HPA controller did not scale the workload to zero',
        ],
        rescaled(3),
        valid('external metric q(nil)'),
        within,
      ],
      events: [up(3, 'external metric q(nil)')],
    },
  },
  {
    name: 'qa/scale to zero 1.37: a zero the HPA did not make stays disabled',
    source: 'go:horizontal.go reconcileAutoscaler, shouldComputeMetricsForZeroReplicas (1.37)',
    notes:
      'No ScaledToZero condition (a person scaled to 0): metrics are not computed, ScalingActive False ScalingDisabled, no rescale, no recommendation.',
    current: 0,
    statusReplicas: 0,
    pods: [],
    spec: { minReplicas: 0, metrics: [external('Value', '10')] },
    release: '1.37',
    extra: { externalMetrics: [{ metric: 'q', values: [25_000] }] },
    want: {
      replicas: 0,
      conditions: [
        ABLE_GET,
        [
          'ScalingActive',
          'False',
          'ScalingDisabled',
          'scaling is disabled since the replica count of the target is zero',
        ],
      ],
      events: [],
    },
  },
  {
    name: 'qa/scale to zero 1.37: an External metric at 0 takes 2 replicas to 0',
    source: 'go:horizontal.go reconcileAutoscaler (ScaledToZero after a successful rescale, 1.37)',
    notes:
      'ratio 0: ceil(0*2) = 0, min 0; a successful rescale with current > 0, desired 0, min 0 and an External metric sets ScaledToZero True, appended after the other conditions.',
    current: 2,
    pods: pods(2, 500),
    spec: {
      minReplicas: 0,
      metrics: [external('Value', '10')],
      behavior: { scaleDown: { stabilizationWindowSeconds: 0 } },
    },
    release: '1.37',
    extra: { externalMetrics: [{ metric: 'q', values: [0] }] },
    want: {
      replicas: 0,
      conditions: [
        rescaled(0),
        valid('external metric q(nil)'),
        within,
        ['ScaledToZero', 'True', 'ScaledToZero', 'the HPA controller scaled the workload to zero'],
      ],
      events: [['Normal', 'SuccessfulRescale', 'New size: 0; reason: All metrics below target']],
    },
  },
  {
    name: 'qa/messages: no CPU samples',
    source: `go:horizontal.go computeStatusForResourceMetricGeneric, computeStatusForResourceMetric, computeReplicasForMetric (${G})`,
    notes:
      'The replica calculator\'s error is wrapped "failed to get cpu utilization: …" for the condition and the FailedGetResourceMetric event, and again "failed to get cpu resource metric value: …" for FailedComputeMetricsReplicas.',
    current: 2,
    pods: pods(2, null),
    want: {
      replicas: 2,
      conditions: [
        ABLE_GET,
        unable('FailedGetResourceMetric', `failed to get cpu utilization: ${NO_RESOURCE_METRICS}`),
      ],
      events: [
        [
          'Warning',
          'FailedGetResourceMetric',
          `failed to get cpu utilization: ${NO_RESOURCE_METRICS}`,
        ],
        invalid(
          `failed to get cpu resource metric value: failed to get cpu utilization: ${NO_RESOURCE_METRICS}`,
        ),
      ],
    },
  },
  {
    name: 'qa/messages: no CPU samples for an AverageValue target',
    source: `go:horizontal.go computeStatusForResourceMetricGeneric (${G})`,
    notes: 'A raw target wraps with "failed to get cpu usage: …".',
    current: 2,
    pods: pods(2, null),
    spec: {
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '500m' } },
        },
      ],
    },
    want: {
      replicas: 2,
      conditions: [
        ABLE_GET,
        unable('FailedGetResourceMetric', `failed to get cpu usage: ${NO_RESOURCE_METRICS}`),
      ],
      events: [
        ['Warning', 'FailedGetResourceMetric', `failed to get cpu usage: ${NO_RESOURCE_METRICS}`],
        invalid(
          `failed to get cpu resource metric value: failed to get cpu usage: ${NO_RESOURCE_METRICS}`,
        ),
      ],
    },
  },
  {
    name: 'qa/messages: a Pods metric without samples',
    source: `go:horizontal.go computeStatusForPodsMetric, computeReplicasForMetric (${G})`,
    notes:
      'The condition has the calculator\'s error; computeReplicasForMetric adds "failed to get pods metric value: ".',
    current: 2,
    pods: pods(2, 500),
    spec: {
      metrics: [
        {
          type: 'Pods',
          pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } },
        },
      ],
    },
    want: {
      replicas: 2,
      conditions: [
        ABLE_GET,
        unable(
          'FailedGetPodsMetric',
          'unable to get metric qps: no metrics returned from custom metrics API',
        ),
      ],
      events: [
        [
          'Warning',
          'FailedGetPodsMetric',
          'unable to get metric qps: no metrics returned from custom metrics API',
        ],
        invalid(
          'failed to get pods metric value: unable to get metric qps: no metrics returned from custom metrics API',
        ),
      ],
    },
  },
  {
    name: 'qa/messages: an Object metric the API does not serve',
    source: `go:replica_calculator.go GetObjectMetricReplicas; horizontal.go computeReplicasForMetric (${G})`,
    notes:
      'Upstream\'s "unable to get metric %s: %v on %s %s/%s" takes (name, kind, namespace, object name, err), so the kind follows the colon and the API error the slash. The API error itself is the simulator\'s.',
    current: 2,
    pods: pods(2, 500),
    spec: { metrics: [object('Value', '10')] },
    want: {
      replicas: 2,
      conditions: [
        ABLE_GET,
        unable(
          'FailedGetObjectMetric',
          'unable to get metric rps: Service on default svc/unable to fetch metrics from custom metrics API: no metric rps for Service svc',
        ),
      ],
      events: [
        [
          'Warning',
          'FailedGetObjectMetric',
          'unable to get metric rps: Service on default svc/unable to fetch metrics from custom metrics API: no metric rps for Service svc',
        ],
        invalid(
          'failed to get object metric value: unable to get metric rps: Service on default svc/unable to fetch metrics from custom metrics API: no metric rps for Service svc',
        ),
      ],
    },
  },
  {
    name: 'qa/messages: an External AverageValue metric the API does not serve',
    source: `go:replica_calculator.go GetExternalPerPodMetricReplicas; horizontal.go computeStatusForExternalMetric (${G})`,
    notes:
      '"unable to get external metric %s/%s/%+v: %s" with namespace, name and the nil selector; the returned error adds "failed to get q external metric: ".',
    current: 2,
    pods: pods(2, 500),
    spec: { metrics: [external('AverageValue', '10')] },
    want: {
      replicas: 2,
      conditions: [
        ABLE_GET,
        unable(
          'FailedGetExternalMetric',
          'unable to get external metric default/q/nil: unable to fetch metrics from external metrics API: no metric q',
        ),
      ],
      events: [
        [
          'Warning',
          'FailedGetExternalMetric',
          'unable to get external metric default/q/nil: unable to fetch metrics from external metrics API: no metric q',
        ],
        invalid(
          'failed to get q external metric: unable to get external metric default/q/nil: unable to fetch metrics from external metrics API: no metric q',
        ),
      ],
    },
  },
  {
    name: 'qa/messages: an External metric with a selector names it as Go prints it',
    source: `go:horizontal.go computeStatusForExternalMetric (%+v of *metav1.LabelSelector: generated.pb.go String) (${G})`,
    notes:
      '50/10 = 5 proposed, scale-up limit max(2*2, 4) = 4. The name is "external metric q(" + the selector\'s String(): labels in key order as "k: v,", requirements as "LabelSelectorRequirement{Key:…,Operator:…,Values:[x y],},".',
    current: 2,
    pods: pods(2, 500),
    spec: {
      metrics: [
        external('AverageValue', '10', {
          matchLabels: { b: '2', a: '1' },
          matchExpressions: [{ key: 'k', operator: 'In', values: ['x', 'y'] }],
        }),
      ],
    },
    extra: { externalMetrics: [{ metric: 'q', values: [50_000] }] },
    want: {
      replicas: 4,
      conditions: [
        rescaled(4),
        valid(
          'external metric q(&LabelSelector{MatchLabels:map[string]string{a: 1,b: 2,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},})',
        ),
        [
          'ScalingLimited',
          'True',
          'ScaleUpLimit',
          'the desired replica count is increasing faster than the maximum scale rate',
        ],
      ],
      events: [
        up(
          4,
          'external metric q(&LabelSelector{MatchLabels:map[string]string{a: 1,b: 2,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},})',
        ),
      ],
    },
  },
  {
    name: 'qa/messages: an Object Value metric is named "<Kind> metric <name>"',
    source: `go:horizontal.go computeStatusForObjectMetric (${G})`,
    notes: '50/10 = 5 ratio × 2 ready pods = 10, scale-up limit 4.',
    current: 2,
    pods: pods(2, 500),
    spec: { metrics: [object('Value', '10')] },
    extra: objectSample(50_000),
    want: {
      replicas: 4,
      conditions: [
        rescaled(4),
        valid('Service metric rps'),
        [
          'ScalingLimited',
          'True',
          'ScaleUpLimit',
          'the desired replica count is increasing faster than the maximum scale rate',
        ],
      ],
      events: [up(4, 'Service metric rps')],
    },
  },
  {
    name: 'qa/messages: a ContainerResource AverageValue target is named "<resource> resource"',
    source: `go:horizontal.go computeStatusForResourceMetricGeneric (${G})`,
    notes:
      'Only the Utilization name says "container resource"; a raw target is "cpu resource". 900m average over a 500m target: ratio 1.8, ceil(1.8*2) = 4.',
    current: 2,
    pods: pods(2, 900),
    spec: {
      metrics: [
        {
          type: 'ContainerResource',
          containerResource: {
            name: 'cpu',
            container: 'app',
            target: { type: 'AverageValue', averageValue: '500m' },
          },
        },
      ],
    },
    want: {
      replicas: 4,
      conditions: [rescaled(4), valid('cpu resource'), within],
      events: [up(4, 'cpu resource')],
    },
  },
  {
    name: 'qa/stabilization (no behavior): a recommendation exactly one window old still votes',
    source: `go:horizontal.go stabilizeRecommendation (${G})`,
    notes:
      'The legacy path drops a recommendation only when rec.timestamp.Before(now - window): the 5 at now-300 is not before the cutoff, so it votes (max 5) and is not replaced; the new 1 is appended. (The behavior path uses After(cutoff) and would leave it out.)',
    current: 5,
    pods: pods(5, 100),
    history: {
      recommendations: [
        { timestamp: NOW - 300, replicas: 5 },
        { timestamp: NOW - 299, replicas: 4 },
      ],
      scaleUpEvents: [],
      scaleDownEvents: [],
    },
    want: {
      replicas: 5,
      conditions: [
        [
          'AbleToScale',
          'True',
          'ScaleDownStabilized',
          'recent recommendations were higher than current one, applying the highest recent recommendation',
        ],
        valid(CPU_UTIL),
        within,
      ],
      events: [],
    },
  },
];

function build(s: Spec): Obj {
  const raw: Obj = {
    name: s.name,
    source: s.source,
    notes: s.notes,
    now: NOW,
    controller: controller(s.release !== undefined),
    hpa: {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        scaleTargetRef: { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' },
        minReplicas: 1,
        maxReplicas: 100,
        metrics: [CPU50],
        ...s.spec,
      },
      status: s.status ?? { desiredReplicas: s.current },
    },
    currentReplicas: s.current,
    statusReplicas: s.statusReplicas ?? s.current,
    pods: s.pods,
    history: s.history ?? { recommendations: [], scaleUpEvents: [], scaleDownEvents: [] },
    ...(s.release ? { kubernetesVersion: s.release } : {}),
    ...s.extra,
  };
  const parsed = parseVectorValue(raw);
  if (!parsed.ok) throw new Error(`${s.name}: ${parsed.error}`);
  const out = runVectorCase(parsed.value);
  const r = out.result;
  const rescale = r.rescaled;
  raw.expected = {
    validationErrors: out.validationErrors,
    replicas: s.want.replicas,
    desiredReplicas: s.want.desired ?? s.want.replicas,
    rescaled: s.want.replicas !== s.current,
    lastScaleTime: s.want.replicas !== s.current ? NOW : null,
    conditions: s.want.conditions.map(([type, status, reason, message]) => ({
      type,
      status,
      reason,
      ...(message !== undefined ? { message } : {}),
    })),
    // the memory the step leaves: checked by eye against the notes
    history: {
      recommendations: r.memory.recommendations,
      scaleUpEvents: r.memory.scaleUpEvents,
      scaleDownEvents: r.memory.scaleDownEvents,
    },
    ...(s.want.events
      ? { events: s.want.events.map(([type, reason, message]) => ({ type, reason, message })) }
      : {}),
  };
  void rescale;
  const check = parseVectorValue(raw);
  if (!check.ok) throw new Error(`${s.name}: ${check.error}`);
  const d = checkCase(check.value, out);
  if (d)
    throw new Error(
      `${s.name}: the engine differs at ${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`,
    );
  return raw;
}

const lines = specs.map((s) => JSON.stringify(build(s)));
writeFileSync(resolve(import.meta.dirname, '../vectors/qa-edges.jsonl'), `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} cases`);
