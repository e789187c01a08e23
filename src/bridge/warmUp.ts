// The runs a spare worker does before it is needed, so the first real run on that worker (an
// edit after an interrupted run, a crash's retry) is not a cold one. The best warm-up is the
// scenario the user is editing: the spare runs the last delivered text when that run took at most
// a second (its parse, its curves, its metrics are then the code the JIT has optimised), else a
// scenario of its own shaped like the default one (two simulated hours: a noisy wave, a spike,
// pods that start, scale up and down). Each run waits until no real run is in flight (the
// client's idle time), so warming up never slows the run the user waits for.
// How many (`warmEnough`): WARM_UP_TARGET_ROUNDS whole runs, fewer once they have taken
// WARM_UP_BUDGET_MS by the worker's clock or a run is as short as WARM_RUN_MS (at least
// WARM_UP_ROUNDS). V8 optimises by work done, and Chromium's needs about twice Node's runs: the
// default scenario back to back in a bare Chromium 156 worker took 187, 135, 85, 100, 88, 92, 67,
// 41, 47, 55, 65, 50, 17, 17, 18, 22, 15 … ms, three runs in a row under 11 ms only from the
// 20th–23rd (1.1–1.2 s for the first 40), steady 9; in Node 20 from the 11th. Five runs (the
// rule before) left a page's first edits on runs of 40–130 ms. A warm-up run gives way to real
// runs (stopped at its next sync, src/worker/stopSignal.ts) and is then not counted, so the
// rounds cost the user nothing but an idle core.

import type { SimulatorApi } from '../worker/protocol.ts';

export const WARM_UP_SCENARIO = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: warm-up }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: warm-up }
  minReplicas: 1
  maxReplicas: 12
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 120
      policies: [{ type: Percent, value: 50, periodSeconds: 60 }]
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: warm-up }
spec:
  duration: 2h
  workload:
    replicas: 1
    containers:
      - name: app
        resources: { requests: { cpu: 500m, memory: 256Mi } }
    startup: { scheduling: 2s, starting: 10s, readinessDelay: 15s }
    podCapacity: 120
  traffic:
    type: noise
    seed: 7
    amplitude: 0.08
    of:
      type: sum
      of:
        - { type: sine, base: 400, amplitude: 350, periodSeconds: 7200, peakAtSeconds: 3600 }
        - type: spikes
          base: 0
          spikes:
            - { at: 1800, durationSeconds: 600, height: 400 }
  load:
    resources:
      cpu: { perPod: 30m, perUnit: 3m }
`;

/**
 * The run id of warm-up runs: below every real run id (those start at 1), so a real run always
 * replaces it, and the worker tells a warm-up run by it (src/worker/stopSignal.ts).
 */
export const WARM_UP_RUN_ID = 0;

/** Whole warm-up runs a worker does at least. */
export const WARM_UP_ROUNDS = 5;

/**
 * ...and then until there are this many: V8 optimises by work done, which is runs of the same
 * scenario whatever the machine's load (a loaded core makes each run longer by the clock, not the
 * JIT's work shorter). The default scenario was warm in a Chromium worker from its 20th–23rd run.
 */
export const WARM_UP_TARGET_ROUNDS = 25;

/**
 * ...or until they have taken this long together (ms, the worker's own parse + simulate): a long
 * scenario (each run a second) warms the JIT in fewer runs, and a core is not held for minutes.
 */
export const WARM_UP_BUDGET_MS = 3000;

/** A whole warm-up run this short (ms) ends the warm-up once WARM_UP_ROUNDS are done: warm. */
export const WARM_RUN_MS = 4;

/** Warm-up runs a worker starts at most, counting those that gave way to a real run. */
export const WARM_UP_ATTEMPTS = 3 * WARM_UP_TARGET_ROUNDS;

/**
 * Whether whole warm-up runs that took `runMs` (each its parse + simulate, in order) are enough:
 * WARM_UP_ROUNDS at least, then until there are WARM_UP_TARGET_ROUNDS, their sum reaches
 * WARM_UP_BUDGET_MS, or the last is as short as WARM_RUN_MS.
 */
export function warmEnough(runMs: readonly number[]): boolean {
  if (runMs.length < WARM_UP_ROUNDS) return false;
  if (runMs.length >= WARM_UP_TARGET_ROUNDS) return true;
  if (runMs[runMs.length - 1]! <= WARM_RUN_MS) return true;
  return runMs.reduce((a, b) => a + b, 0) >= WARM_UP_BUDGET_MS;
}

/**
 * A last run up to this long (ms, the worker's own parse + simulate) makes its text the spare's
 * warm-up, where warm-up runs cannot give way (a page without shared memory): a longer one
 * would hold the second core while the user's next run waits for it.
 */
export const WARM_WITH_TEXT_MS = 300;

/**
 * The same where a warm-up run gives way at its next sync (a cross-origin isolated page: the
 * stop signal's second flag), so a longer one costs the user nothing. The worker's clock counts
 * the time its thread waited for a core. Under load the page's first 24 h default run measured
 * 329 ms, so at 300 the spare warmed on the toy scenario. Its first real run then cost 39–47 ms
 * CPU, against 20 when warmed on the user's text (`npm run bench:ui -- --profile
 * --fresh-worker`, load 8.4).
 */
export const WARM_WITH_TEXT_GIVING_WAY_MS = 1000;

/** The limit for this page: whether its workers get the stop signal (src/bridge/stopSignal.ts). */
export function warmWithTextMs(isolated = globalThis.crossOriginIsolated === true): number {
  return isolated ? WARM_WITH_TEXT_GIVING_WAY_MS : WARM_WITH_TEXT_MS;
}

/**
 * What a new spare runs: `text()` (the user's scenario, read at each run) when it gives one, else
 * `fallback`, whole runs until `warmEnough` says so. Each run first waits for `idle()` (no real
 * run in flight: a warm-up run never starts beside one), and it stops once `stillSpare()` says the
 * spare was taken. A run that gave way (cancelled: a real run started, or the spare was taken) is run again
 * at the next pause, up to WARM_UP_ATTEMPTS runs in all.
 */
export type WarmUp = (
  api: SimulatorApi,
  text: () => string | null,
  stillSpare: () => boolean,
  idle: () => Promise<void>,
) => Promise<unknown>;

export function warmUpWith(fallback: string): WarmUp {
  return async (api, text, stillSpare, idle) => {
    const whole: number[] = [];
    for (let i = 0; i < WARM_UP_ATTEMPTS && !warmEnough(whole); i++) {
      await idle();
      if (!stillSpare()) return;
      const reply = await api.run(WARM_UP_RUN_ID, text() ?? fallback);
      if (reply.error !== 'cancelled') whole.push(reply.timings.parseMs + reply.timings.simulateMs);
    }
  };
}
