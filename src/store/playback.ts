// Playback along the timeline: the player the focus slice holds (its `playing` and `speed` are the
// slice's fields), moving the store's own selection forward on a ticker. The clock is injected,
// so a test drives ticks by hand and the browser uses setInterval.

/** Syncs per second of wall time the player can run at. */
export const SPEEDS = [1, 2, 5, 10, 30, 100] as const;
export type Speed = (typeof SPEEDS)[number];

/** Ticks at most this often; faster speeds move several syncs per tick. */
const MAX_TICKS_PER_SECOND = 20;

/** Starts a repeating callback every `ms`; returns its stop function. */
export type Ticker = (ms: number, fn: () => void) => () => void;

export const intervalTicker: Ticker = (ms, fn) => {
  const id = setInterval(fn, ms);
  return () => clearInterval(id);
};

/** What the player reads and drives: the selection (the focus slice's `selectedSync`). */
export interface PlaybackTarget {
  /** selected sync, or null */
  index(): number | null;
  /** syncs in the run */
  count(): number;
  select(index: number): void;
  /** the syncs that rescaled, in order (for "next rescale"; none: the player has no rescales) */
  rescales?(): ArrayLike<number>;
  /**
   * the selected sync is not on screen yet (its explanation is being fetched): the player holds
   * it, so a busy page plays slower instead of skipping syncs nobody saw explained
   */
  waiting?(): boolean;
}

/** The longest a tick holds a sync whose explanation has not come (a worker that never answers). */
export const MAX_HOLD_MS = 10_000;

/** The rescale after (+1) or before (-1) sync `cur` (null: none there); from nothing, the first/last. */
export function rescaleFrom(
  rescales: ArrayLike<number>,
  cur: number | null,
  direction: 1 | -1,
): number | null {
  const n = rescales.length;
  if (direction > 0) {
    for (let i = 0; i < n; i++) if (cur === null || rescales[i]! > cur) return rescales[i]!;
  } else {
    for (let i = n - 1; i >= 0; i--) if (cur === null || rescales[i]! < cur) return rescales[i]!;
  }
  return null;
}

/** The player's state: the focus slice's fields. */
export interface PlayerState {
  playing: boolean;
  speed: Speed;
}

/** What the player does; the focus slice's playback actions. */
export interface PlayerActions {
  play(): void;
  /** selects sync `index` and plays on from it */
  playFrom(index: number): void;
  pause(): void;
  toggle(): void;
  /** one sync back (-1) or forward (+1); pauses */
  step(direction: 1 | -1): void;
  /**
   * to the next (+1) or previous (-1) rescale of `rescales` (the syncs that rescaled, in order;
   * absent: the target's); pauses; nothing past the last
   */
  jump(direction: 1 | -1, rescales?: ArrayLike<number>): void;
  setSpeed(speed: Speed): void;
}

/** A player as the playback bar, the shortcuts and a lesson use it: its state and actions. */
export type PlaybackState = PlayerState & PlayerActions;

export const PLAYER_INITIAL: PlayerState = { playing: false, speed: 5 };

/** Ticker period and syncs per tick for a speed. */
export function cadence(speed: number): { ms: number; syncsPerTick: number } {
  const ticks = Math.min(speed, MAX_TICKS_PER_SECOND);
  return { ms: Math.round(1000 / ticks), syncsPerTick: Math.max(1, Math.round(speed / ticks)) };
}

export function createPlayer(
  target: PlaybackTarget,
  state: { get(): PlayerState; set(patch: Partial<PlayerState>): void },
  ticker: Ticker = intervalTicker,
): PlayerActions {
  let stop: (() => void) | null = null;
  const halt = () => {
    stop?.();
    stop = null;
  };
  const { get, set } = state;
  let held = 0;
  const tick = () => {
    if (target.waiting?.() && ++held * cadence(get().speed).ms < MAX_HOLD_MS) return;
    held = 0;
    const n = target.count();
    const cur = target.index();
    const next = (cur ?? -1) + cadence(get().speed).syncsPerTick;
    if (n === 0 || (cur !== null && cur >= n - 1)) {
      player.pause();
      return;
    }
    target.select(Math.min(n - 1, next));
    if (next >= n - 1) player.pause();
  };
  const start = () => {
    halt();
    held = 0;
    stop = ticker(cadence(get().speed).ms, tick);
  };
  const player: PlayerActions = {
    play() {
      const n = target.count();
      if (n === 0) return;
      // At the end, play starts over from the first sync.
      const cur = target.index();
      if (cur === null || cur >= n - 1) target.select(0);
      set({ playing: true });
      start();
    },
    playFrom(index) {
      const n = target.count();
      if (n === 0) return;
      target.select(Math.max(0, Math.min(n - 1, index)));
      set({ playing: true });
      start();
    },
    pause() {
      halt();
      if (get().playing) set({ playing: false });
    },
    toggle() {
      if (get().playing) player.pause();
      else player.play();
    },
    step(direction) {
      player.pause();
      const n = target.count();
      if (n === 0) return;
      const cur = target.index();
      const next =
        cur === null ? (direction > 0 ? 0 : n - 1) : Math.min(n - 1, Math.max(0, cur + direction));
      if (next !== cur) target.select(next);
    },
    jump(direction, rescales) {
      player.pause();
      const next = rescaleFrom(rescales ?? target.rescales?.() ?? [], target.index(), direction);
      if (next !== null) target.select(next);
    },
    setSpeed(speed) {
      set({ speed });
      if (get().playing) start();
    },
  };
  return player;
}
