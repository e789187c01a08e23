// The scenario's timing draws (spec.draws) as the page shows them: a small store of its own beside
// the app's, fed from it. When a run is delivered (and no drag is under way) and its text asks
// for draws, they run on the pool's workers (src/bridge/drawLanes.ts); the latest text wins: at
// most one set runs and one waits, an older answer is dropped. Kept apart from the main store so
// its slices can move without touching this.

import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DrawSet, DrawSetRequest, DrawsService } from '../bridge/drawLanes.ts';
import { getStore } from './current.ts';
import type { SimState } from './types.ts';

export type DrawSetState =
  /** the shown result's text asks for no draws */
  | { kind: 'none' }
  | { kind: 'running'; count: number; seed: number; text: string }
  | { kind: 'done'; set: DrawSet; text: string }
  | { kind: 'error'; error: string; text: string };

const NONE: DrawSetState = { kind: 'none' };
/** Without a page (tests, the embed view) nothing draws. */
const idle: StoreApi<DrawSetState> = createStore<DrawSetState>()(() => NONE);
let current: StoreApi<DrawSetState> = idle;

/** What the shown result asks for: its text's spec.draws (null: none). */
export function drawRequestOf(s: SimState): DrawSetRequest | null {
  if (!s.result || s.resultText === null || s.parseText !== s.resultText) return null;
  const d = s.parse?.draws;
  if (!d) return null;
  // A multi-cluster scenario runs once on the page (its spec.draws is the command line's: the
  // text says so at spec.draws); the lanes draw one cluster.
  if (s.runs.some((r) => r.kind === 'member' || r.kind === 'total')) return null;
  return { text: s.resultText, count: d.count, seed: d.seed, ...(s.hpa ? { hpa: s.hpa } : {}) };
}

const key = (r: DrawSetRequest | null) =>
  r === null ? '' : `${r.count}/${r.seed}/${r.hpa ?? ''}/${r.text}`;

/** Runs the draws the app's store asks for; the hooks read this one from now on. */
export function watchDraws(app: StoreApi<SimState>, service: DrawsService): StoreApi<DrawSetState> {
  const draws = createStore<DrawSetState>()(() => NONE);
  let running = false;
  let waiting: DrawSetRequest | null = null;
  let asked = '';

  async function pump() {
    if (running) return;
    while (waiting) {
      const request = waiting;
      waiting = null;
      running = true;
      draws.setState(
        { kind: 'running', count: request.count, seed: request.seed, text: request.text },
        true,
      );
      const reply = await service.run(request);
      running = false;
      if (waiting || key(request) !== asked) {
        // A newer text: its set runs next, or it asks for none.
        if (!waiting && asked === '') draws.setState(NONE, true);
        continue;
      }
      draws.setState(
        reply.ok
          ? { kind: 'done', set: reply.set, text: request.text }
          : { kind: 'error', error: reply.error, text: request.text },
        true,
      );
    }
  }

  const ask = (s: SimState) => {
    if (s.gestureActive) return; // a drag's runs come frame by frame: draw once it ends
    const request = drawRequestOf(s);
    const k = key(request);
    if (k === asked) return;
    asked = k;
    if (!request) {
      waiting = null;
      if (!running) draws.setState(NONE, true);
      return;
    }
    waiting = request;
    void pump();
  };
  app.subscribe((s, prev) => {
    if (
      s.result !== prev.result ||
      s.gestureActive !== prev.gestureActive ||
      s.parse !== prev.parse
    )
      ask(s);
  });
  ask(app.getState());
  current = draws;
  return draws;
}

/**
 * The shown result's draws: none, running, done (the set) or why they could not run. A finished
 * set of another text than the shown result's is not shown.
 */
export function useDrawSet(): DrawSetState {
  const d = useStore(current);
  const resultText = useStore(getStore(), (s) => s.resultText);
  return d.kind === 'done' && d.text !== resultText ? NONE : d;
}
