import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from '../worker/api.ts';
import { WARM_UP_RUN_ID, WARM_UP_SCENARIO } from './warmUp.ts';

describe('the warm-up scenario', () => {
  it('is a valid scenario the engine simulates (so warming up really runs the engine)', async () => {
    const reply = await createSimulatorApi().run(WARM_UP_RUN_ID, WARM_UP_SCENARIO);
    expect(reply.parse.diagnostics).toEqual([]);
    expect(reply.error).toBeNull();
    expect(reply.runs[0]?.result?.series.time.length).toBe(481);
    expect(reply.runs[0]?.result?.kpis.scaleEvents).toBeGreaterThan(1); // scales up and down: more code paths
  });

  it('runs below every real run id, so a real run always replaces it', () => {
    expect(WARM_UP_RUN_ID).toBeLessThan(1);
  });
});
