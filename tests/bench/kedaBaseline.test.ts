// The bench's KEDA pair compares what issue 22 names: a ScaledObject's run against the HPA KEDA
// creates, fed the same values, without KEDA (bench/kedaFixture.ts). The two may differ only
// where KEDA's own loop acts: while it holds the target at 0 (the HPA alone stays at its min 1).
import { describe, expect, it } from 'vitest';
import { kedaBaselineRun, kedaInput } from '../../bench/kedaFixture.ts';
import { simulate } from '../../src/engine/simulation/index.ts';

describe("the bench's KEDA baseline", () => {
  const withKeda = simulate(kedaInput());
  const alone = kedaBaselineRun(kedaInput(false));

  it('is the HPA KEDA creates, without a ScaledObject', () => {
    const input = kedaInput(false);
    expect(input.keda).toBeNull();
    expect(input.hpa).toEqual(kedaInput().hpa);
    expect(input.hpa.spec.minReplicas).toBe(1);
    expect(alone.keda).toBeUndefined();
  });

  it("decides as KEDA's HPA does at every sync KEDA does not hold at 0", () => {
    if (!withKeda.ok) throw new Error(withKeda.error);
    const k = withKeda.result.series.specReplicas;
    const h = alone.series.specReplicas;
    expect(h.length).toBe(k.length);
    let atZero = 0;
    for (let i = 0; i < k.length; i++) {
      if (k[i] === 0) {
        atZero++;
        expect(h[i]).toBe(1);
      } else expect([i, h[i]]).toEqual([i, k[i]]);
    }
    // KEDA's cooldown takes the target to 0 in the night hours of the day.
    expect(atZero).toBeGreaterThan(500);
  });
});
