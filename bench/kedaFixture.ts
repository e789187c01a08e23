// A day of a KEDA ScaledObject with three triggers (a prometheus value, a kafka queue, a cron
// window) and the same HPA without KEDA: the pair `npm run bench` compares (issue 22: KEDA
// within 1.5× of the HPA alone).
import { planScenario } from '../src/run/index.ts';
import type { SimulationInput, SimulationResult } from '../src/engine/simulation/index.ts';
import { createSimulation, runSimulation } from '../src/engine/simulation/simulate.ts';
import { generateMetricInMili } from '../src/engine/keda/quantity.ts';
import type { KedaVersion } from '../src/engine/keda/types.ts';

const TEXT = `apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata: { name: bench }
spec:
  scaleTargetRef: { name: app }
  minReplicaCount: 0
  maxReplicaCount: 200
  cooldownPeriod: 300
  triggers:
    - type: prometheus
      name: rps
      metadata: { serverAddress: "http://p:9090", query: q, threshold: "50", activationThreshold: "5" }
    - type: kafka
      name: lag
      metadata: { bootstrapServers: "k:9092", consumerGroup: g, topic: orders, lagThreshold: "100" }
    - type: cron
      name: office
      metadata: { timezone: UTC, start: "0 8 * * *", end: "0 18 * * *", desiredReplicas: "3" }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: keda-bench }
spec:
  duration: 24h
  workload:
    replicas: 1
    containers: [{ name: app, resources: { requests: { cpu: 250m } } }]
  traffic:
    type: steps
    steps:
      - { at: 0, value: 0 }
      - { at: 10800, value: 2000 }
      - { at: 32400, value: 6000 }
      - { at: 54000, value: 300 }
      - { at: 72000, value: 0 }
  load:
    external:
      s0-prometheus: { perUnit: "1" }
      s1-kafka-orders: { queue: { perPodThroughput: 40 } }
      # The run starts 10 min before the window opens (08:00 UTC), as cron's default world does.
      s2-cron-UTC-08xxx-018xxx:
        value:
          type: steps
          steps: [{ at: 0, value: 1 }, { at: 600, value: 3 }, { at: 36600, value: 1 }]
`;

/** The ScaledObject's run (KEDA's plane); `withKeda: false`: the HPA KEDA creates, alone. */
export function kedaInput(withKeda = true): SimulationInput {
  const plan = planScenario(TEXT).runs[0];
  if (!plan?.input.keda) throw new Error('the KEDA bench scenario does not parse');
  return withKeda ? plan.input : { ...plan.input, keda: null };
}

let kedaVersion: KedaVersion | undefined;

/**
 * The baseline of the pair: the HPA KEDA creates (its min 1, max, behavior and External metrics:
 * `kedaInput(false)`), fed the values KEDA's metrics server would serve it — each External read
 * live at the sync, quantised as KEDA quantises — with no ScaledObject, loop or fallback.
 * Without this the HPA would read the adapter's 30 s poll instead (world.metricValue), a
 * different HPA: it decided otherwise at two thirds of the syncs (537 rescales against KEDA's
 * 692); fed live, it differs only while KEDA holds the target at 0 (693 against 692).
 */
export function kedaBaselineRun(
  input: SimulationInput,
  record: 'compact' | 'full' = 'compact',
): SimulationResult {
  if (input.keda) throw new Error('the baseline runs without KEDA: kedaInput(false)');
  const version = (kedaVersion ??= kedaInput().keda!.version);
  const created = createSimulation(input);
  if (!created.ok) throw new Error(created.error);
  const { world, cluster } = created.simulation;
  cluster.externalSource = (metric, t) => {
    const milli = world.externalNow(metric, t);
    return milli === null ? null : generateMetricInMili(milli / 1000, version);
  };
  return runSimulation(input, created.simulation, { record });
}
