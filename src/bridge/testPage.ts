// Entry of e2e/pages/bridge.html (built only by e2e/worker-bridge.spec.ts, never part of the app):
// drives the real bridge and worker from Playwright through `window.bridgeTest`.

import defaultPreset from '../presets/default.yaml?raw';
import type { RunReply } from '../worker/protocol.ts';
import { createSimulatorClient, createSimulatorWorker, loadMainThreadApi } from './index.ts';
import { podHoursObjective } from '../tune/goals.ts';
import { search } from '../tune/search.ts';
import { createWorkerPool } from './pool.ts';
import { openSearch } from './searchLanes.ts';
import type {
  BridgeTestApi,
  BridgeTestGlobal,
  ReplySummary,
  RunOutcome,
  SearchOutcome,
  TestWorkerMode,
} from './testPageApi.ts';
import type { BridgeStatus, SimulatorClient, WorkerLike } from './types.ts';

function scriptWorker(source: string): WorkerLike {
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return new Worker(url, { type: 'module' });
}

let client: SimulatorClient | null = null;
const statuses: BridgeStatus[] = [];
let workersCreated = 0;
let mainThreadLoads = 0;
/** real runs that answered 'cancelled' (stopped through the stop signal) */
let cancelledReplies = 0;

/** The simulator worker, its cancelled runs counted (comlink's reply carries the RunReply). */
function countingWorker(): WorkerLike {
  const worker = createSimulatorWorker();
  worker.addEventListener('message', (event) => {
    const value = (event as MessageEvent<{ value?: { runId?: unknown; error?: unknown } }>).data
      ?.value;
    // Real runs only: a spare's warm-up runs (id 0) give way to them.
    if (typeof value?.runId === 'number' && value.runId > 0 && value.error === 'cancelled')
      cancelledReplies++;
  });
  return worker;
}

function setup(mode: TestWorkerMode, replyTimeoutMs = 20_000, stopGraceMs?: number): void {
  client?.dispose();
  statuses.length = 0;
  workersCreated = 0;
  mainThreadLoads = 0;
  cancelledReplies = 0;
  client = createSimulatorClient({
    replyTimeoutMs,
    spareDelayMs: 0, // the spare at once, so a test sees it right after the first run
    quietMs: 0, // and no pause needed before it starts and warms up
    spareQuietMs: 0, // nor, where the current worker warms itself, once its warm-up is over
    ...(stopGraceMs === undefined ? {} : { stopGraceMs }),
    onStatus: (status) => statuses.push(status),
    createWorker: () => {
      workersCreated++;
      if (mode === 'always-crash' || (mode === 'crash-first' && workersCreated === 1)) {
        return scriptWorker('throw new Error("simulated worker crash")');
      }
      if (mode === 'hang') return scriptWorker('self.onmessage = () => {};');
      return countingWorker();
    },
    loadFallbackApi: () => {
      mainThreadLoads++;
      return loadMainThreadApi();
    },
  });
}

function summary(reply: RunReply | null): ReplySummary | null {
  if (!reply) return null;
  const result = reply.runs[0]?.result;
  const series = result?.series;
  return {
    parseOk: reply.parse.ok,
    error: reply.error,
    name: reply.parse.name,
    syncs: series?.time.length ?? null,
    timeIsFloat64Array: series?.time instanceof Float64Array,
    rescaledIsUint8Array: series?.rescaled instanceof Uint8Array,
    ratios: series?.ratios.map((r) => r.length) ?? null,
    peakReplicas: result?.kpis.peakReplicas ?? null,
  };
}

async function settled(promise: Promise<RunReply | null>): Promise<RunOutcome> {
  try {
    return summary(await promise);
  } catch (error) {
    return { rejected: error instanceof Error ? error.message : String(error) };
  }
}

const api: BridgeTestApi = {
  defaultPreset,
  // Four weeks whose traffic is a sum of 80 sines: within the work budget yet ≈ 6 s of engine
  // time in Node. It must outlast the client's patience with a known-short scenario (up to 2 s:
  // twice a run under SHORT_RUN_MS), else it finishes before it is interrupted; a week (≈ 1.5 s
  // once the engine got faster) often did, and the test then saw no replacement worker.
  longScenario: defaultPreset
    .replace('duration: 24h', 'duration: 672h')
    .replace(
      '        - { type: sine, base: 700, amplitude: 550, periodSeconds: 86400, peakAtSeconds: 54000 }',
      Array.from(
        { length: 80 },
        (_, i) =>
          `        - { type: sine, base: 6, amplitude: 4, periodSeconds: ${86_400 - i * 60}, peakAtSeconds: 54000 }`,
      ).join('\n'),
    ),
  setup,
  run: (text) => settled(client!.run(text)),
  runAll: (texts) => Promise.all(texts.map((t) => settled(client!.run(t)))),
  async runThenReplace(first, second, ms) {
    const a = settled(client!.run(first));
    await new Promise((resolve) => setTimeout(resolve, ms));
    const b = settled(client!.run(second));
    return Promise.all([a, b]);
  },
  async getSync(index) {
    const detail = await client!.getSync(index);
    return detail && { index: detail.index, time: detail.sync.time, events: detail.events.length };
  },
  exportCsv: () => client!.exportCsv(),
  state: () => ({ statuses: [...statuses], workersCreated, mainThreadLoads }),
  cancelledReplies: () => cancelledReplies,
  async search(text, runs, mode): Promise<SearchOutcome> {
    let created = 0;
    const pool = createWorkerPool({
      createWorker: () => {
        created++;
        if (mode === 'second-crashes' && created === 2)
          return scriptWorker('throw new Error("simulated worker crash")');
        return createSimulatorWorker();
      },
    });
    const incidents: string[] = [];
    const abort = new AbortController();
    try {
      const opened = await openSearch(
        pool,
        { text, maxWork: 20_000_000 },
        { workers: 2, signal: abort.signal, onIncident: (i) => incidents.push(i.message) },
      );
      if (!opened.ok)
        return {
          candidates: 0,
          evaluated: 0,
          errors: [],
          incidents,
          workersCreated: created,
          error: opened.error,
        };
      const r = await search(
        opened.session.base,
        {
          constraints: [{ flag: 'max-unmet-demand-percent', limit: 0.5 }],
          objective: podHoursObjective(),
        },
        { seed: 1, budget: runs },
        opened.session.evaluate,
      );
      opened.session.close();
      return {
        candidates: r.candidates.length,
        evaluated: r.candidates.filter((c) => c.kpis).length,
        errors: r.candidates.flatMap((c) => (c.kpis ? [] : [c.error ?? ''])),
        incidents,
        workersCreated: created,
        error: null,
      };
    } finally {
      pool.dispose();
    }
  },
  async warmUpGivesWay() {
    let posted = () => {};
    const longPosted = new Promise<void>((resolve) => (posted = resolve));
    let warmUpError: Promise<string | null> = Promise.resolve(null);
    const pool = createWorkerPool({
      createWorker: createSimulatorWorker,
      // Loaded and warm first (its reply says so), then seconds of warm-up work.
      warmUp: async (warm) => {
        await warm.run(0, defaultPreset);
        warmUpError = warm.run(0, api.longScenario).then((r) => r.error);
        posted();
      },
    });
    try {
      pool.makeSpare();
      await longPosted;
      const taken = pool.take(() => {});
      const real = await settled(taken.backend.api.run(1, defaultPreset));
      return { warmUpError: await warmUpError, real };
    } finally {
      pool.dispose();
    }
  },
};

(globalThis as unknown as BridgeTestGlobal).bridgeTest = api;
