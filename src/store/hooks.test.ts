import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initStore } from './current.ts';
import { useCanUndo, useDiagnostics, useIsStale, useRunStatus, useScenarioText } from './hooks.ts';
import { selectDiagnosticsCurrent, selectTextUnlessGesture } from './selectors.ts';
import { FakeClient, MemoryStorage } from './testing/fakes.ts';

function Probe() {
  const text = useScenarioText();
  const diagnostics = useDiagnostics();
  const stale = useIsStale();
  const status = useRunStatus();
  const canUndo = useCanUndo();
  return createElement(
    'p',
    null,
    `${text}|${diagnostics.length}|${stale}|${status.kind}|${canUndo}`,
  );
}

describe('hooks', () => {
  it('read one value each from the store initStore() made', () => {
    initStore({ client: new FakeClient(), storage: new MemoryStorage(), defaultText: 'hello' });
    // Server rendering reads the store's initial state (first run not yet answered).
    expect(renderToString(createElement(Probe))).toBe('<p>hello|0|false|idle|false</p>');
  });
});

describe('the narrow selectors', () => {
  const state = { text: 'b', parseText: 'a', gestureActive: false };
  it('give the text except during a gesture', () => {
    expect(selectTextUnlessGesture(state)).toBe('b');
    expect(selectTextUnlessGesture({ ...state, gestureActive: true })).toBe(null);
  });
  it('say whether the diagnostics are the text’s own', () => {
    expect(selectDiagnosticsCurrent(state)).toBe(false);
    expect(selectDiagnosticsCurrent({ ...state, parseText: 'b' })).toBe(true);
    expect(selectDiagnosticsCurrent({ ...state, parseText: null })).toBe(false);
  });
});
