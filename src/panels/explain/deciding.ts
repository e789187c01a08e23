// Which step of a decision chain a class should read first: the last one that changed the value
// (the policy limit that bound, the stabilization that held back, the clamp) or stopped the sync;
// when no step changed it, the proposal itself decided.

import type { ChainStep } from '../../explain/decisionChain.ts';

export function decidingStep(steps: readonly ChainStep[]): number {
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.kind !== 'result' && (s.status === 'changed' || s.status === 'stop')) return i;
  }
  const proposal = steps.findIndex((s) => s.kind === 'max');
  return proposal >= 0 ? proposal : 0;
}
