import { describe, expect, it } from 'vitest';
import { FakeClock } from '../bridge/testing/fakes.ts';
import { createFocusSlice } from './focusSlice.ts';
import { openTab } from './openTab.ts';
import { createScenarioSlice } from './scenarioSlice.ts';
import type { StoreDeps } from './types.ts';
import { FakeClient, invalidReply, MemoryStorage } from './testing/fakes.ts';
import { sliceHarness } from './testing/sliceHarness.ts';

function scenario(held = false) {
  const h = sliceHarness({ selectedSync: 3 });
  const client = new FakeClient();
  const clock = new FakeClock();
  const deps: StoreDeps = {
    client,
    storage: new MemoryStorage(),
    session: new MemoryStorage(),
    makeTabId: () => 't',
    defaultText: 'default',
  };
  const asked: string[] = [];
  let holds = 0;
  const focus = createFocusSlice(h.ctx, client, {});
  const tab = { ...openTab(deps, clock, () => 0), held };
  const slice = createScenarioSlice(h.ctx, deps, tab, clock, () => 0, {
    requestRun: (text) => asked.push(text),
    hold: () => holds++,
    focus,
  });
  h.put(slice.initial);
  return { h, slice, asked, holds: () => holds, clock };
}

const SCENARIO_FIELDS = [
  'draftHistory',
  'future',
  'gestureActive',
  'held',
  'hpa',
  'notice',
  'otherTabDrafts',
  'parse',
  'parseText',
  'past',
  'presetName',
  'text',
  'wholeText',
];

describe('scenario slice', () => {
  it('asks the runs slice for a run of every new text, and only its own fields change', () => {
    const { h, slice, asked, clock } = scenario();
    slice.actions.editScenarioText('a');
    clock.advance(1000);
    slice.actions.editScenarioText('ab');
    slice.actions.editScenarioText('ab'); // an editor's echo: nothing
    slice.actions.chooseHpa('web');
    slice.actions.undo();
    expect(asked).toEqual(['a', 'ab', 'ab', 'a']);
    expect(h.state.past).toEqual(['default']);
    expect(h.written().every((k) => SCENARIO_FIELDS.includes(k))).toBe(true);
  });

  it('clears the selection with a preset, in the same update as the text', () => {
    const { h, slice } = scenario();
    slice.actions.loadPreset('burst', 'preset text');
    expect(h.state).toMatchObject({ text: 'preset text', presetName: 'burst', selectedSync: null });
  });

  it('holds a held text instead of running it, until a preset', () => {
    const { slice, asked, holds } = scenario(true);
    expect(slice.initial.notice?.kind).toBe('held');
    slice.actions.editScenarioText('edited');
    expect(asked).toEqual([]);
    expect(holds()).toBe(1);
    slice.actions.loadPreset('p', 'preset');
    expect(asked).toEqual(['preset']);
  });

  it('keeps the diagnostics array when an answer says the same', () => {
    const { slice, h } = scenario();
    const first = slice.parsed('x', invalidReply('x'));
    h.put(first);
    const again = slice.parsed('x', invalidReply('x'));
    expect(again.parse!.diagnostics).toBe(first.parse!.diagnostics);
    expect(slice.parsed('y', invalidReply('y')).parse!.diagnostics).not.toBe(
      first.parse!.diagnostics,
    );
  });
});
