// The contract between e2e/worker-bridge.spec.ts and src/bridge/testPage.ts (`window.bridgeTest`).
// Types only and DOM-free, so the spec (checked with Node's types) can import it.

import type { BridgeStatus } from './types.ts';

/** How the page's workers behave: the real one, or broken ones to exercise recovery. */
export type TestWorkerMode = 'real' | 'crash-first' | 'always-crash' | 'hang';

/** What a test needs to know of a reply (typed arrays do not survive page.evaluate). */
export interface ReplySummary {
  parseOk: boolean;
  error: string | null;
  name: string;
  syncs: number | null;
  timeIsFloat64Array: boolean;
  rescaledIsUint8Array: boolean;
  ratios: number[] | null;
  peakReplicas: number | null;
}

/** null: superseded; `rejected`: the simulator failed */
export type RunOutcome = ReplySummary | null | { rejected: string };

export interface BridgeTestApi {
  defaultPreset: string;
  /** the default preset over 30 days: a run of a second or more */
  longScenario: string;
  /** `stopGraceMs`: the client's wait for a run stopped through its stop signal (ClientOptions) */
  setup(mode: TestWorkerMode, replyTimeoutMs?: number, stopGraceMs?: number): void;
  run(text: string): Promise<RunOutcome>;
  /** starts every run at once (latest wins) and reports each outcome */
  runAll(texts: string[]): Promise<RunOutcome[]>;
  /** starts `first`, waits `ms`, then starts `second` */
  runThenReplace(first: string, second: string, ms: number): Promise<[RunOutcome, RunOutcome]>;
  getSync(index: number): Promise<{ index: number; time: number; events: number } | null>;
  exportCsv(): Promise<string | null>;
  /** workersCreated counts the warm spare too; mainThreadLoads: times the engine was loaded on the page's thread */
  state(): { statuses: BridgeStatus[]; workersCreated: number; mainThreadLoads: number };
  /** runs of the client's workers that answered 'cancelled' (stopped mid-run), since setup */
  cancelledReplies(): number;
  /**
   * A policy search of `text` on a pool of the simulator worker (2 lanes, `runs` candidates);
   * `second-crashes`: the pool's second worker is a script that throws (it dies before answering).
   */
  search(text: string, runs: number, mode: 'real' | 'second-crashes'): Promise<SearchOutcome>;
  /**
   * A pool's spare warming up on `longScenario` is taken for a run of the default preset: the
   * warm-up run's error ('cancelled' when it gave way, null when it ran to its end) and the run.
   */
  warmUpGivesWay(): Promise<{ warmUpError: string | null; real: RunOutcome }>;
}

export interface SearchOutcome {
  candidates: number;
  /** candidates with KPIs */
  evaluated: number;
  errors: string[];
  /** the plain sentences the search reported for lost workers */
  incidents: string[];
  workersCreated: number;
  error: string | null;
}

/** Where the page puts it; `globalThis` so page.evaluate callbacks type-check without the DOM. */
export type BridgeTestGlobal = { bridgeTest: BridgeTestApi };
