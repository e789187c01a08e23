// A node's provisioning delay, drawn per node from the scenario's seed: a pure function of
// (seed, node number), so a replay or another worker draws the same delays.

import { noiseUnit } from '../simulation/curves/noiseHash.ts';
import type { DelayInput } from '../simulation/nodesInput.ts';

/** Seconds from the cloud call to Ready for the node numbered `n`, whole seconds. */
export function provisioningDelay(d: DelayInput, n: number): number {
  const u = (noiseUnit(d.seed, n) + 1) / 2; // [0, 1)
  return Math.round(d.minSeconds + u * (d.maxSeconds - d.minSeconds));
}
