// The long run's memory judgement (memory.ts): an input is blamed for its own peak only, a
// process for what it keeps alive — not for the resident slack earlier inputs left.
import { describe, expect, it } from 'vitest';
import { inputOverBound, inputStarts, keptOverBound, peakSinceStart } from './memory.ts';

describe('memory judgement', () => {
  it('does not blame an input for the slack before it (the November 2026 finding)', () => {
    // RSS 945 MB before a 1.1 MB List dump that added ≈ 100 MB: 1,045 MB, the input's own 100
    expect(inputOverBound(945, 1045, 1024)).toBeNull();
    // the process kept 109 MB alive after a full collection: no accumulation
    expect(keptOverBound(109, 1024)).toBeNull();
  });

  it('finds an input that itself passes the bound, and a process that accumulates', () => {
    expect(inputOverBound(300, 1400, 1024)).toMatch(/raised RSS by 1100 MB \(300 → 1400 MB/);
    expect(keptOverBound(1100, 1024)).toMatch(/1100 MB still alive .* accumulates/);
  });

  it("measures an input's peak even when it frees everything before it ends", () => {
    const before = inputStarts();
    let big: number[][] | null = Array.from({ length: 200 }, () => new Array(100_000).fill(1.5));
    expect(big.length).toBe(200);
    big = null;
    // ≈ 160 MB of doubles, gone by now: the peak still counts them
    expect(peakSinceStart() - before).toBeGreaterThan(100);
  });
});
