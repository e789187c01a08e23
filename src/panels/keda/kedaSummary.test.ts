import { describe, expect, it } from 'vitest';
import { kedaSummary } from './kedaSummary.ts';

const phases = ['active', 'cooldown', 'inactive'] as const;
const time = [0, 60, 120, 180, 240];

describe("KEDA's lane in words", () => {
  it('lists the phases as they change, and counts KEDA’s own writes', () => {
    const keda = {
      phases: [...phases],
      phase: Uint8Array.from([0, 0, 1, 2, 2]),
      write: Float64Array.from([NaN, NaN, NaN, 0, NaN]),
    };
    expect(kedaSummary(keda, time, null)).toBe(
      "KEDA's phase at each sync: active from 0:00:00, cooling down from 0:02:00, inactive from 0:03:00; KEDA wrote the replicas 1 time.",
    );
    expect(kedaSummary(keda, time, 3)).toMatch(
      / Selected: sync 3 at 0:03:00, inactive; KEDA wrote 0 replicas\.$/,
    );
    expect(kedaSummary(keda, time, 1)).toMatch(/ Selected: sync 1 at 0:01:00, active\.$/);
  });

  it('lists six changes, then how many more', () => {
    const phase = Uint8Array.from({ length: 10 }, (_, i) => i % 2);
    const t = Array.from({ length: 10 }, (_, i) => i * 60);
    const text = kedaSummary(
      { phases: [...phases], phase, write: new Float64Array(10).fill(NaN) },
      t,
      null,
    );
    expect(text).toContain(
      'cooling down from 0:05:00, 4 more changes; KEDA wrote the replicas 0 times.',
    );
  });
});
