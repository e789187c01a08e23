import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { DrawSetReply, DrawSetRequest, DrawsService } from '../bridge/drawLanes.ts';
import { watchDraws } from './drawSet.ts';
import type { SimState } from './types.ts';

/** What watchDraws reads of the app's state. */
function appState(text: string, draws: { count: number; seed: number } | null, over = {}) {
  return {
    text,
    hpa: null,
    result: { text } as unknown,
    resultText: text,
    parseText: text,
    parse: { draws } as unknown,
    gestureActive: false,
    runs: [],
    ...over,
  } as unknown as SimState;
}

function controlledService() {
  const asked: DrawSetRequest[] = [];
  const answers: ((r: DrawSetReply) => void)[] = [];
  const service: DrawsService = {
    run: (r) => {
      asked.push(r);
      return new Promise((resolve) => answers.push(resolve));
    },
    dispose() {},
  };
  const done = (text: string): DrawSetReply => ({
    ok: true,
    set: {
      count: 2,
      seed: 1,
      stats: { text } as never,
      band: { lo: new Float64Array(), hi: new Float64Array() },
      draws: [],
    },
  });
  return { service, asked, answers, done };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the app’s draws (spec.draws, issue 25)', () => {
  it('runs the shown result’s draws; the latest text wins, one runs and one waits', async () => {
    const app = createStore<SimState>()(() => appState('a', { count: 2, seed: 1 }));
    const { service, asked, answers, done } = controlledService();
    const draws = watchDraws(app, service);
    expect(draws.getState()).toMatchObject({ kind: 'running', count: 2, text: 'a' });
    app.setState(appState('b', { count: 2, seed: 1 }));
    app.setState(appState('c', { count: 2, seed: 1 }));
    expect(asked.map((r) => r.text)).toEqual(['a']); // b was replaced by c before it ran
    answers[0]!(done('a'));
    await tick();
    expect(asked.map((r) => r.text)).toEqual(['a', 'c']);
    expect(draws.getState()).toMatchObject({ kind: 'running', text: 'c' });
    answers[1]!(done('c'));
    await tick();
    expect(draws.getState()).toMatchObject({ kind: 'done', text: 'c' });
  });

  it('waits for a drag to end, and shows nothing for a text without draws', async () => {
    const app = createStore<SimState>()(() =>
      appState('a', { count: 2, seed: 1 }, { gestureActive: true }),
    );
    const { service, asked, answers, done } = controlledService();
    const draws = watchDraws(app, service);
    expect(asked).toHaveLength(0);
    app.setState({ gestureActive: false });
    expect(asked.map((r) => r.text)).toEqual(['a']);
    app.setState(appState('plain', null));
    answers[0]!(done('a'));
    await tick();
    expect(draws.getState()).toEqual({ kind: 'none' });
  });

  it('draws nothing for a multi-cluster result (its spec.draws is the command line’s)', () => {
    const runs = [
      { key: 'proposal/east', kind: 'member' },
      { key: 'proposal/total', kind: 'total' },
    ];
    const app = createStore<SimState>()(() => appState('fed', { count: 2, seed: 1 }, { runs }));
    const { service, asked } = controlledService();
    const draws = watchDraws(app, service);
    expect(asked).toHaveLength(0);
    expect(draws.getState()).toEqual({ kind: 'none' });
    // the same text over one cluster draws
    app.setState(appState('one', { count: 2, seed: 1 }, { runs: [{ key: 'main', kind: 'hpa' }] }));
    expect(asked.map((r) => r.text)).toEqual(['one']);
  });
});
