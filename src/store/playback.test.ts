import { describe, expect, it } from 'vitest';
import {
  cadence,
  createPlayer,
  MAX_HOLD_MS,
  PLAYER_INITIAL,
  type PlaybackTarget,
  type PlayerState,
  type Ticker,
} from './playback.ts';

/** The player over a plain state object, read as the focus slice's fields are. */
function createPlayback(target: PlaybackTarget, ticker: Ticker) {
  let state: PlayerState = { ...PLAYER_INITIAL };
  const get = () => state;
  const set = (patch: Partial<PlayerState>) => (state = { ...state, ...patch });
  const actions = createPlayer(target, { get, set }, ticker);
  return { getState: () => ({ ...state, ...actions }) };
}

/** A ticker driven by hand: `fire()` runs one tick. */
function manualTicker() {
  let fn: (() => void) | null = null;
  let period = 0;
  const ticker: Ticker = (ms, f) => {
    fn = f;
    period = ms;
    return () => {
      fn = null;
    };
  };
  return { ticker, fire: () => fn?.(), running: () => fn !== null, period: () => period };
}

function target(count: number, start: number | null = null) {
  const t = { selected: start as number | null, picks: [] as number[] };
  return {
    t,
    api: {
      index: () => t.selected,
      count: () => count,
      select: (i: number) => {
        t.selected = i;
        t.picks.push(i);
      },
    },
  };
}

describe('playback', () => {
  it('plays from the first sync, advances one per tick and stops at the end', () => {
    const clock = manualTicker();
    const { t, api } = target(4);
    const p = createPlayback(api, clock.ticker);
    p.getState().setSpeed(1);
    p.getState().play();
    expect(t.selected).toBe(0);
    expect(p.getState().playing).toBe(true);
    clock.fire();
    clock.fire();
    clock.fire();
    expect(t.picks).toEqual([0, 1, 2, 3]);
    expect(p.getState().playing).toBe(false);
    expect(clock.running()).toBe(false);
  });

  it('holds a sync while the target waits for it, at most MAX_HOLD_MS', () => {
    const clock = manualTicker();
    const { t, api } = target(100);
    let waiting = true;
    const p = createPlayback({ ...api, waiting: () => waiting }, clock.ticker);
    p.getState().setSpeed(10);
    p.getState().play();
    const { ms } = cadence(10);
    const holds = Math.ceil(MAX_HOLD_MS / ms) - 1;
    for (let i = 0; i < holds; i++) clock.fire();
    expect(t.picks).toEqual([0]);
    clock.fire(); // a target that never answers does not stop the player
    expect(t.picks).toEqual([0, 1]);
    waiting = false;
    clock.fire();
    expect(t.picks).toEqual([0, 1, 2]);
  });

  it('continues from the selected sync and restarts from 0 at the end', () => {
    const clock = manualTicker();
    const { t, api } = target(10, 7);
    const p = createPlayback(api, clock.ticker);
    p.getState().play();
    expect(t.selected).toBe(7);
    p.getState().pause();
    t.selected = 9;
    p.getState().play();
    expect(t.selected).toBe(0);
  });

  it('steps one sync and pauses; clamps at both ends', () => {
    const clock = manualTicker();
    const { t, api } = target(3, 1);
    const p = createPlayback(api, clock.ticker);
    p.getState().play();
    p.getState().step(1);
    expect(p.getState().playing).toBe(false);
    expect(t.selected).toBe(2);
    p.getState().step(1);
    expect(t.selected).toBe(2);
    p.getState().step(-1);
    p.getState().step(-1);
    p.getState().step(-1);
    expect(t.selected).toBe(0);
  });

  it('a faster speed moves several syncs per tick and restarts the ticker', () => {
    const clock = manualTicker();
    const { t, api } = target(1000, 0);
    const p = createPlayback(api, clock.ticker);
    p.getState().play();
    p.getState().setSpeed(100);
    expect(clock.period()).toBe(cadence(100).ms);
    clock.fire();
    expect(t.selected).toBe(cadence(100).syncsPerTick);
    expect(cadence(100).syncsPerTick).toBeGreaterThan(1);
  });

  it('does nothing on an empty run', () => {
    const clock = manualTicker();
    const { t, api } = target(0);
    const p = createPlayback(api, clock.ticker);
    p.getState().play();
    p.getState().step(1);
    expect(p.getState().playing).toBe(false);
    expect(t.picks).toEqual([]);
  });
});

describe('next rescale', () => {
  it('jumps to the rescale after the selection, then the one before; none past the ends', () => {
    const t = { selected: null as number | null };
    const p = createPlayback(
      {
        index: () => t.selected,
        count: () => 100,
        select: (i) => (t.selected = i),
        rescales: () => [4, 30, 61],
      },
      manualTicker().ticker,
    );
    p.getState().jump(1);
    expect(t.selected).toBe(4);
    p.getState().jump(1);
    expect(t.selected).toBe(30);
    t.selected = 45;
    p.getState().jump(-1);
    expect(t.selected).toBe(30);
    t.selected = 70;
    p.getState().jump(1);
    expect(t.selected).toBe(70);
  });

  it('pauses a playing run', () => {
    const clock = manualTicker();
    const t = { selected: 0 as number | null };
    const p = createPlayback(
      {
        index: () => t.selected,
        count: () => 10,
        select: (i) => (t.selected = i),
        rescales: () => [5],
      },
      clock.ticker,
    );
    p.getState().play();
    p.getState().jump(1);
    expect(p.getState().playing).toBe(false);
    expect(t.selected).toBe(5);
  });
});

describe('play from a sync', () => {
  it('selects it and plays on from there (a lesson’s "Play to see")', () => {
    const clock = manualTicker();
    const { t, api } = target(50, 49);
    const p = createPlayback(api, clock.ticker);
    p.getState().setSpeed(1);
    p.getState().playFrom(20);
    expect(t.selected).toBe(20);
    expect(p.getState().playing).toBe(true);
    clock.fire();
    expect(t.selected).toBe(21);
  });
});
