// The search's scheduler, one for the app and the CLI: a batch of candidates is fed one at a time
// to whichever lane (a worker) is free, so a slow candidate never leaves the others idle. The
// transport is injected: a lane is a Web Worker or a worker thread behind the bridge's pool
// (src/bridge/pool.ts), or this thread. Results are kept by slot, so the answer never depends on
// the number of lanes or on which finished first.
//
// A lane whose worker crashed or hung rejects with a LaneError (the pool has replaced the
// worker): a crashed candidate is tried once more, then kept with a plain error naming it; a hung
// one is not retried (it would hang again). Either way the search goes on. An aborted signal
// stops feeding and settles the batch short ([]): the search then ends as cancelled.

import type { Evaluation } from './candidate.ts';
import type { BatchEvaluator } from './search.ts';

/** An AbortSignal, structurally (the engine's lib has no DOM). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Why a lane gave no evaluation: its worker crashed or did not answer in time, or the job was aborted. */
export class LaneError extends Error {
  override name = 'LaneError';
  constructor(
    readonly kind: 'crashed' | 'hung' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}

/** One worker a search runs candidates on. */
export interface SearchLane {
  /** the candidate's evaluation; rejects with LaneError when its worker was lost */
  evaluate(patch: Record<string, unknown>, signal: AbortSignalLike): Promise<Evaluation>;
}

/** Something the user should hear of: a worker was lost on a candidate and replaced. */
export interface LaneIncident {
  /** the candidate's index in the search */
  candidate: number;
  kind: 'crashed' | 'hung';
  /** one plain sentence, naming the candidate */
  message: string;
}

export interface FeedOptions {
  signal: AbortSignalLike;
  onIncident?: (incident: LaneIncident) => void;
}

/** Attempts a crashed candidate gets (the first and one retry on a fresh worker). */
const CRASH_ATTEMPTS = 2;

function incidentMessage(kind: 'crashed' | 'hung', index: number, detail: string, last: boolean) {
  if (kind === 'hung')
    return `candidate ${index}: ${detail}; its worker was restarted and the search went on without it`;
  return last
    ? `candidate ${index}: the simulator stopped twice while running it (${detail}); it is probably too costly (memory), and the search went on without it`
    : `candidate ${index}: the simulator stopped while running it (${detail}); it was restarted and runs the candidate again`;
}

export function feedEvaluator(lanes: readonly SearchLane[], options: FeedOptions): BatchEvaluator {
  const { signal } = options;
  if (lanes.length === 0) throw new Error('a search needs at least one lane');
  return (items) =>
    new Promise<Evaluation[]>((resolve) => {
      const out: Evaluation[] = new Array(items.length);
      const attempts = new Array<number>(items.length).fill(0);
      const retry: number[] = [];
      let next = 0;
      let finished = 0;
      let settled = false;
      const settle = (value: Evaluation[]) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onAbort = () => settle([]);
      if (signal.aborted || items.length === 0) return settle(signal.aborted ? [] : out);
      signal.addEventListener('abort', onAbort);
      const take = (): number | undefined =>
        retry.shift() ?? (next < items.length ? next++ : undefined);
      const drive = async (lane: SearchLane) => {
        for (;;) {
          if (settled) return;
          const slot = take();
          if (slot === undefined) return;
          const item = items[slot]!;
          try {
            out[slot] = await lane.evaluate(item.patch, signal);
          } catch (error) {
            if (settled || signal.aborted) return;
            const lost = error instanceof LaneError && error.kind !== 'aborted' ? error : null;
            if (!lost) {
              // Not the worker's loss (the transport itself failed): this candidate only.
              out[slot] = { ok: false, error: `candidate ${item.index}: ${messageOf(error)}` };
            } else {
              const kind = lost.kind as 'crashed' | 'hung';
              const again = kind === 'crashed' && ++attempts[slot]! < CRASH_ATTEMPTS;
              const message = incidentMessage(kind, item.index, lost.message, !again);
              options.onIncident?.({ candidate: item.index, kind, message });
              if (again) {
                retry.push(slot);
                continue;
              }
              out[slot] = { ok: false, error: message };
            }
          }
          if (++finished === items.length) settle(out);
        }
      };
      for (const lane of lanes) void drive(lane);
    });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
