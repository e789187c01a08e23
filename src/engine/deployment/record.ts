// The rollout's recorder: old and new pods at every sync (the pods chart's split) and the
// rollouts' instants (chart markers). A run without a rollout has none of it.

import type { RolloutRun } from '../simulation/result.ts';
import type { DeploymentPlane } from './plane.ts';

export class RolloutRecorder {
  private readonly series: RolloutRun['series'];

  constructor(
    private readonly plane: DeploymentPlane,
    syncCount: number,
  ) {
    this.series = { old: new Float64Array(syncCount), new: new Float64Array(syncCount) };
  }

  sync(k: number, t: number): void {
    const c = this.plane.controller.podsBySet(t);
    this.series.old[k] = c.old;
    this.series.new[k] = c.new;
  }

  build(): RolloutRun {
    return {
      series: this.series,
      rollouts: this.plane.rollouts.map((m) => ({ time: m.at, strategy: m.strategy })),
    };
  }
}
