import { describe, expect, it } from 'vitest';
import type { ResultPayload } from '../worker/protocol.ts';
import { playbackPosition } from './useFocusView.ts';

const result = { series: { time: new Float64Array([0, 15, 30, 45]) } } as unknown as ResultPayload;

describe('playbackPosition (the page and the embed view)', () => {
  it('names the selected sync and its time, else how many syncs', () => {
    expect(playbackPosition(result, 2)).toMatch(/^sync 2\/3 · /);
    expect(playbackPosition(result, null)).toBe('4 syncs');
    expect(playbackPosition(result, 9)).toBe('4 syncs'); // past the end of a shorter run
    expect(playbackPosition(null, 1)).toBe('0 syncs');
  });
});
