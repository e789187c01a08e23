// Test doubles for the bridge: a Worker made of a MessageChannel (so comlink runs for real) whose
// API answers only when the test says so, and a clock whose timers fire only on advance().

import { expose } from 'comlink';
import { METHOD_NAMES } from '../../worker/methods.ts';
import type { RunReply, SimulatorApi, SyncDetail, EditReply } from '../../worker/protocol.ts';
import type { Clock, WorkerLike } from '../types.ts';

export interface RunCall {
  runId: number;
  text: string;
  reply(overrides?: Partial<RunReply>): void;
}

export function fakeReply(runId: number, text: string): RunReply {
  return {
    runId,
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
    runs: [],
  };
}

/**
 * A SimulatorApi whose every method (from the method table) rejects, except those a subclass
 * defines: a fake names only what it controls, so a new API method needs no edit here.
 */
export const Unanswered = class {
  constructor() {
    const self = this as unknown as Record<string, unknown>;
    for (const name of METHOD_NAMES)
      if (!(name in self))
        self[name] = () => Promise.reject(new Error(`the fake does not answer ${name}`));
  }
} as unknown as new () => SimulatorApi;

/** An API whose runs stay pending until the test replies; getSync/exportCsv echo their run. */
export class ControlledApi extends Unanswered {
  readonly calls: RunCall[] = [];
  private waiters: (() => void)[] = [];

  override run(runId: number, text: string): Promise<RunReply> {
    return new Promise((resolve) => {
      const reply = (o: Partial<RunReply> = {}) => resolve({ ...fakeReply(runId, text), ...o });
      this.calls.push({ runId, text, reply });
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  override async getSync(runId: number, index: number): Promise<SyncDetail | null> {
    return { index, events: [], hpa: null, sync: { time: runId } } as unknown as SyncDetail;
  }

  override async exportCsv(runId: number): Promise<string | null> {
    return `run ${runId}`;
  }

  override async duplicateAsVariant(text: string): Promise<EditReply> {
    return { ok: true, text: `${text}# duplicated\n` };
  }

  override async addVariant(text: string, variant: { name: string }): Promise<EditReply> {
    return { ok: true, text: `${text}# variant ${variant.name}\n` };
  }

  /** Resolves with the n-th run call (1-based) once it has arrived. */
  async call(n: number): Promise<RunCall> {
    while (this.calls.length < n) await new Promise<void>((r) => this.waiters.push(r));
    return this.calls[n - 1]!;
  }
}

type Port = InstanceType<typeof MessageChannel>['port1'];

export class FakeWorker implements WorkerLike {
  terminated = false;
  /** what the page told its warm-up runs, in order (`true`: give way) */
  readonly warmUpYields: boolean[] = [];
  // Spelled via MessageChannel: Node's typings have MessagePort as a value, the DOM's as a type.
  private readonly port: Port;
  private readonly inside: Port;
  private readonly errorListeners = new Set<(event: unknown) => void>();
  private readonly messageListeners = new Map<(event: unknown) => void, (event: unknown) => void>();
  /** replies the main side has received (the first is the start probe's) */
  private replies = 0;
  private replyWaiters: (() => void)[] = [];

  /** `api`: what the worker runs (a ControlledApi by default; the real API for pool tests) */
  constructor(
    readonly api: ControlledApi = new ControlledApi(),
    exposed: SimulatorApi = api,
  ) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.inside = channel.port2;
    expose(exposed, this.inside);
  }

  postMessage(message: unknown, transfer: unknown[] = []): void {
    if (!this.terminated) this.port.postMessage(message, transfer as never);
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    if (type === 'message') {
      const counted = (event: unknown) => {
        listener(event);
        this.replies++;
        this.replyWaiters.splice(0).forEach((w) => w());
      };
      this.messageListeners.set(listener, counted);
      this.port.addEventListener('message', counted);
    } else if (type === 'error') this.errorListeners.add(listener);
  }

  removeEventListener(type: string, listener: (event: unknown) => void): void {
    if (type === 'message') {
      const counted = this.messageListeners.get(listener);
      if (counted) this.port.removeEventListener('message', counted);
      this.messageListeners.delete(listener);
    } else if (type === 'error') this.errorListeners.delete(listener);
  }

  /** Resolves once the main side has received a reply (the start probe's) and reacted to it. */
  async started(): Promise<void> {
    await this.received(1);
  }

  /** replies the main side has received so far (the start probe's included) */
  get replyCount(): number {
    return this.replies;
  }

  /**
   * Resolves once the main side has received `count` replies and reacted to them. A reply crosses
   * a MessageChannel, whose delivery a timer of 0 ms does not wait for on a busy machine.
   */
  async received(count: number): Promise<void> {
    while (this.replies < count) await new Promise<void>((r) => this.replyWaiters.push(r));
    await new Promise((resolve) => setTimeout(resolve, 0)); // comlink's promise callbacks
  }

  start(): void {
    this.port.start();
  }

  terminate(): void {
    this.terminated = true;
    this.port.close();
    this.inside.close();
  }

  yieldWarmUp(on: boolean): void {
    this.warmUpYields.push(on);
  }

  /** What a Worker does when its script throws: an `error` event. */
  crash(message: string): void {
    for (const l of [...this.errorListeners]) l({ message, preventDefault() {} });
  }
}

/** A FakeWorker with a stop signal: `interruptRuns` recorded (its ids, in order), as a page's. */
export class SignalledFakeWorker extends FakeWorker {
  readonly interrupts: number[] = [];

  interruptRuns(below: number): void {
    this.interrupts.push(below);
  }
}

export class FakeClock implements Clock {
  private t = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.t;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward, firing due timers in order (a timer set by a timer fires too). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) if (!next || entry[1].at < next[1].at) next = entry;
      if (!next || next[1].at > end) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].callback();
    }
    this.t = end;
  }
}
