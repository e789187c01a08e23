// Test doubles for the store: a simulator client answered by hand, and an in-memory storage that
// can be made to fail like a full or disabled localStorage.

import type {
  EditReply,
  ResultPayload,
  RunPayload,
  RunReply,
  RunRequestOptions,
  SyncDetail,
  VariantRequest,
} from '../../worker/protocol.ts';
import type { StorageLike, StoreClient } from '../types.ts';

interface PendingRun {
  text: string;
  options: RunRequestOptions;
  resolve: (reply: RunReply | null) => void;
  reject: (error: Error) => void;
}

export class FakeClient implements StoreClient {
  readonly runs: PendingRun[] = [];
  readonly details: { index: number; resolve: (d: SyncDetail | null) => void }[] = [];
  cancels = 0;

  run(text: string, options: RunRequestOptions = {}): Promise<RunReply | null> {
    return new Promise((resolve, reject) => this.runs.push({ text, options, resolve, reject }));
  }

  getSync(index: number): Promise<SyncDetail | null> {
    return new Promise((resolve) => this.details.push({ index, resolve }));
  }

  async exportCsv(): Promise<string | null> {
    return 'time\n0\n';
  }

  /** Each variant edit appends a comment naming it, so a test sees which one ran. */
  async addVariant(text: string, variant: VariantRequest): Promise<EditReply> {
    return { ok: true, text: `${text}\n# variant ${variant.name}` };
  }

  async duplicateAsVariant(text: string): Promise<EditReply> {
    return { ok: true, text: `${text}\n# variant copy` };
  }

  cancel(): void {
    this.cancels++;
  }

  get lastRun(): PendingRun {
    return this.runs.at(-1)!;
  }
}

/** A reply with a result of `syncs` syncs (series content is irrelevant to the store). */
export function resultReply(text: string, syncs = 3): RunReply {
  const result = {
    series: { time: new Float64Array(syncs) },
    kpis: { scaleEvents: text.length },
  } as unknown as ResultPayload;
  return {
    runId: 0,
    parse: {
      ok: true,
      diagnostics: [],
      notices: [],
      name: text,
      description: '',
      effectiveHpaYaml: null,
      documents: [],
      hpaChoices: [],
      selectedHpa: '',
      defaultSimulation: null,
      defaultWorld: null,
    },
    error: null,
    timings: { parseMs: 0, simulateMs: 0 },
    runs: [
      { key: 'main', kind: 'hpa', group: 'main', label: text, colour: 0, result, error: null },
    ],
  };
}

/**
 * A multi-cluster reply: the proposal model's member `east` and its total, for the HPA and for a
 * variant `tight` (east's weight 1 and 2: each group's lanes are its own).
 */
export function federatedReply(text: string, syncs = 3): RunReply {
  const base = resultReply(text, syncs);
  const result = base.runs[0]!.result!;
  const n = () => new Float64Array(syncs);
  const group = (variant?: string): RunPayload[] => {
    const v = variant ? `${variant}:` : '';
    return [
      {
        key: `${v}proposal/east`,
        kind: 'member',
        group: `${v}proposal`,
        label: 'east',
        colour: 0,
        result,
        error: null,
        lanes: {
          kind: 'member',
          capacityPods: null,
          weight: variant ? 2 : 1,
          priority: 0,
          unschedulable: n(),
          minReplicas: n(),
          maxReplicas: n(),
          failed: new Uint8Array(syncs),
          demandShare: n(),
        },
      },
      {
        key: `${v}proposal/total`,
        kind: 'total',
        group: `${v}proposal`,
        label: 'total',
        colour: 1,
        result,
        error: null,
        lanes: { kind: 'total', model: 'proposal', policy: 'DynamicWeighted', events: [] },
      },
    ];
  };
  return { ...base, runs: [...group(), ...group('tight')] };
}

export function invalidReply(text: string): RunReply {
  const diagnostic = {
    severity: 'error' as const,
    message: `cannot read ${text}`,
    path: '',
    document: 0 as const,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
  };
  return {
    ...resultReply(text),
    parse: {
      ok: false,
      diagnostics: [diagnostic],
      notices: [],
      name: '',
      description: '',
      effectiveHpaYaml: null,
      documents: [],
      hpaChoices: [],
      selectedHpa: '',
      defaultSimulation: null,
      defaultWorld: null,
    },
    runs: [],
  };
}

export function syncDetail(index: number): SyncDetail {
  return { index, events: [] } as unknown as SyncDetail;
}

export class MemoryStorage implements StorageLike {
  readonly values = new Map<string, string>();
  failing = false;
  writes = 0;

  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.failing) throw new Error('QuotaExceededError: the quota has been exceeded');
    this.writes++;
    this.values.set(key, value);
  }

  removeItem(key: string): void {
    this.values.delete(key);
  }

  key(index: number): string | null {
    return [...this.values.keys()][index] ?? null;
  }

  get length(): number {
    return this.values.size;
  }
}

/** Lets pending promise callbacks run (store reactions to client answers). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
