// The worst valid scenarios the work budget lets through: one family per cost the budget counts,
// each stretched (by its duration) until it sits just under the budget.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_WORK, estimateWork, parseScenario } from '../src/scenario/index.ts';

export interface Shape {
  pods: number;
  syncSeconds: number;
  resolutionSeconds: number;
  /** --horizontal-pod-autoscaler-downscale-stabilization */
  flagWindowSeconds?: number;
  /** a behavior block with both windows and one policy of this period */
  behavior?: { windowSeconds: number; periodSeconds: number };
  curveNodes?: number;
  extraMetrics?: number;
  outages?: number;
  /** a square wave of this period, so the HPA rescales often (scale events) */
  squareWaveSeconds?: number;
}

export interface WorstCase {
  name: string;
  shape: Shape;
}

export const WORST_CASES: WorstCase[] = [
  { name: 'syncs (1 pod, 15 s sync)', shape: { pods: 1, syncSeconds: 15, resolutionSeconds: 15 } },
  { name: 'syncs (1 pod, 1 s sync)', shape: { pods: 1, syncSeconds: 1, resolutionSeconds: 60 } },
  {
    name: 'pods × syncs (5,000 pods)',
    shape: { pods: 5000, syncSeconds: 15, resolutionSeconds: 3600 },
  },
  {
    name: 'pods × scrapes (5,000 pods)',
    shape: { pods: 5000, syncSeconds: 60, resolutionSeconds: 1 },
  },
  {
    name: 'curve nodes × scrapes (1,000 nodes)',
    shape: { pods: 1, syncSeconds: 600, resolutionSeconds: 1, curveNodes: 1000 },
  },
  {
    name: 'stored recommendations (3,600 s windows, 1 s sync)',
    shape: {
      pods: 1,
      syncSeconds: 1,
      resolutionSeconds: 60,
      behavior: { windowSeconds: 3600, periodSeconds: 15 },
    },
  },
  {
    name: 'flag window 31 days, no behavior (1 s sync)',
    shape: { pods: 1, syncSeconds: 1, resolutionSeconds: 60, flagWindowSeconds: 31 * 86400 },
  },
  {
    name: 'scale events (1,800 s policy periods, rescaling)',
    shape: {
      pods: 50,
      syncSeconds: 1,
      resolutionSeconds: 1,
      behavior: { windowSeconds: 0, periodSeconds: 1800 },
      squareWaveSeconds: 4,
    },
  },
  {
    name: 'metrics (50 metrics)',
    shape: { pods: 1, syncSeconds: 15, resolutionSeconds: 15, extraMetrics: 49 },
  },
  {
    name: 'outages (1,000 entries, 1 s scrapes)',
    shape: { pods: 1, syncSeconds: 600, resolutionSeconds: 1, outages: 1000 },
  },
];

const MAX_DURATION = 31 * 86400;

export function scenarioText(s: Shape, durationSeconds: number): string {
  const extra = s.extraMetrics ?? 0;
  const metrics = [
    `    - { type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } } }`,
    ...Array.from(
      { length: extra },
      (_, i) =>
        `    - { type: External, external: { metric: { name: e${i} }, target: { type: Value, value: '10' } } }`,
    ),
  ];
  const behavior = s.behavior
    ? `  behavior:
    scaleUp: { stabilizationWindowSeconds: ${s.behavior.windowSeconds}, policies: [{ type: Percent, value: 900, periodSeconds: ${s.behavior.periodSeconds} }] }
    scaleDown: { stabilizationWindowSeconds: ${s.behavior.windowSeconds}, policies: [{ type: Percent, value: 100, periodSeconds: ${s.behavior.periodSeconds} }] }
`
    : '';
  const level = s.pods * 50;
  let traffic = `{ type: constant, value: ${level} }`;
  if (s.squareWaveSeconds) {
    traffic = `{ type: repeat, periodSeconds: ${s.squareWaveSeconds}, of: { type: steps, steps: [{ at: 0, value: ${level * 4} }, { at: ${s.squareWaveSeconds / 2}, value: 1 }] } }`;
  } else if ((s.curveNodes ?? 1) > 2) {
    const n = s.curveNodes! - 2;
    const waves = Array.from(
      { length: n },
      (_, i) => `{ type: sine, base: ${level / n}, amplitude: 1, periodSeconds: ${600 + i} }`,
    );
    traffic = `{ type: noise, seed: 7, amplitude: 0.1, of: { type: sum, of: [${waves.join(', ')}] } }`;
  }
  const outages = Array.from(
    { length: s.outages ?? 0 },
    (_, i) => `    - { metric: resource/cpu, from: ${i * 10 + 5}, to: ${i * 10 + 6} }`,
  );
  const externalLoads = Array.from({ length: extra }, (_, i) => `e${i}: { perUnit: 0.001 }`);
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: worst }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worst }
  minReplicas: 1
  maxReplicas: ${s.pods}
  metrics:
${metrics.join('\n')}
${behavior}---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: worst }
spec:
  duration: ${durationSeconds}
  controller: { syncPeriod: ${s.syncSeconds}${s.flagWindowSeconds !== undefined ? `, downscaleStabilization: ${s.flagWindowSeconds}` : ''} }
  metricsPipeline: { resolution: ${s.resolutionSeconds} }
  workload:
    replicas: ${s.pods}
    startup: { scheduling: 0s, starting: 1s, readinessDelay: 0s }
    termination: 1s
  traffic: ${traffic}
  load: { resources: { cpu: { perUnit: 10m } }${extra ? `, external: { ${externalLoads.join(', ')} }` : ''} }
${outages.length ? `  outages:\n${outages.join('\n')}\n` : ''}`;
}

/**
 * The longest duration (whole seconds) whose scenario parses and whose worst case fits the budget
 * (a run the meter lets finish), with its text.
 */
export function worstWithinBudget(
  s: Shape,
  maxWork = DEFAULT_MAX_WORK,
): { durationSeconds: number; text: string; units: number } | null {
  const fits = (d: number) => {
    const parsed = parseScenario(scenarioText(s, d), { maxWork });
    const units = parsed.ok ? estimateWork(parsed.input!).units : null;
    return units !== null && units <= maxWork ? units : null;
  };
  if (fits(1) === null) return null;
  let lo = 1;
  let hi = MAX_DURATION;
  if (fits(hi) !== null) lo = hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid) !== null) lo = mid;
    else hi = mid;
  }
  return { durationSeconds: lo, text: scenarioText(s, lo), units: fits(lo)! };
}

/**
 * Scenarios run as written, for the estimate beside the measured cost: the design's own benchmark
 * (a week of diurnal load for 1,000 pods), the same pods where none can settle (a square wave that
 * rescales every few minutes: every pod distinct), and the default preset over 31 days.
 */
export interface FixedCase {
  name: string;
  text: () => string;
}

function diurnalText(days: number, peakPods: number, squareWaveSeconds?: number): string {
  const peak = 600 * peakPods;
  const min = Math.max(1, Math.round(peakPods / 10));
  const traffic = squareWaveSeconds
    ? `{ type: repeat, periodSeconds: ${squareWaveSeconds}, of: { type: steps, steps: [{ at: 0, value: ${peak} }, { at: ${squareWaveSeconds / 2}, value: ${peak / 10} }] } }`
    : `{ type: noise, seed: 42, amplitude: 0.05, of: { type: sine, base: ${peak * 0.55}, amplitude: ${peak * 0.45}, periodSeconds: 86400, peakAtSeconds: 50400 } }`;
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: diurnal }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: diurnal }
  minReplicas: ${min}
  maxReplicas: ${peakPods}
  metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } } }]
  behavior: { scaleDown: { stabilizationWindowSeconds: ${squareWaveSeconds ? 0 : 300} } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: ${days * 86400}
  workload: { replicas: ${min}, containers: [{ name: app, resources: { requests: { cpu: '1' } } }] }
  traffic: ${traffic}
  load: { resources: { cpu: { perUnit: 1m } } }
`;
}

export const FIXED_CASES: FixedCase[] = [
  { name: 'diurnal 7 d × 1,000 pods (the benchmark)', text: () => diurnalText(7, 1000) },
  {
    name: 'square wave 1 d × 1,000 pods (no pod settles)',
    text: () => diurnalText(1, 1000, 600),
  },
  {
    name: 'default preset over 31 d',
    text: () =>
      // The bundle runs from reports/bench; npm runs it from the checkout.
      readFileSync(
        path.join(process.env.HPA_SIM_ROOT ?? process.cwd(), 'src/presets/default.yaml'),
        'utf8',
      ).replace('duration: 24h', 'duration: 744h'),
  },
];
