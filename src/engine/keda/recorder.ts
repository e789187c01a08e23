/**
 * What a run keeps of KEDA beside the HPA's series: per sync KEDA's phase and its writes (the
 * charts' spans and markers), and KEDA's KPIs: time at zero, activations (cold starts), the
 * longest time work waited with no ready pod, and the time in fallback.
 */
import {
  KEDA_PHASES,
  type KedaKpis,
  type KedaRunInput,
  type KedaSeries,
  type KedaSyncRecord,
} from './step.ts';

export class KedaRecorder {
  readonly series: KedaSeries;
  private readonly kpis: KedaKpis = {
    timeAtZeroSeconds: 0,
    activations: 0,
    deactivations: 0,
    longestWaitAtZeroSeconds: 0,
    fallbackSeconds: 0,
  };
  private lastTime = NaN;
  private atZero = false;
  private inFallback = false;
  private waitingSince: number | null = null;

  constructor(run: KedaRunInput, syncCount: number) {
    this.series = {
      phase: new Uint8Array(syncCount),
      write: new Float64Array(syncCount).fill(NaN),
      minReplicas: run.scaledObject.minReplicaCount ?? 0,
      version: run.version,
    };
  }

  /**
   * Sync k at t: KEDA's record, the target's spec.replicas and ready pods after the sync, and
   * whether work is waiting (demand, or a trigger value above 0).
   */
  sync(
    k: number,
    t: number,
    r: KedaSyncRecord,
    specReplicas: number,
    ready: number,
    demand: number,
  ): void {
    this.series.phase[k] = KEDA_PHASES.indexOf(r.phase);
    const w = r.writes[r.writes.length - 1];
    if (w) this.series.write[k] = w.to;
    for (const e of r.events) {
      if (e.reason === 'KEDAScaleTargetActivated') this.kpis.activations++;
      if (e.reason === 'KEDAScaleTargetDeactivated') this.kpis.deactivations++;
    }
    // The interval since the previous sync is counted with the state seen at that sync.
    if (!Number.isNaN(this.lastTime)) {
      const dt = t - this.lastTime;
      if (this.atZero) this.kpis.timeAtZeroSeconds += dt;
      if (this.inFallback) this.kpis.fallbackSeconds += dt;
    }
    this.lastTime = t;
    this.atZero = specReplicas === 0;
    this.inFallback = r.phase === 'fallback';
    // Work waits only where no pod is ready (looked at only then).
    const work =
      ready === 0 &&
      ((Number.isFinite(demand) && demand > 0) ||
        (r.check?.reads.some(
          (x) => x.value !== null && x.value > 0 && !x.metric.includes('cron-'),
        ) ??
          false));
    if (work) {
      this.waitingSince ??= t;
      this.kpis.longestWaitAtZeroSeconds = Math.max(
        this.kpis.longestWaitAtZeroSeconds,
        t - this.waitingSince,
      );
    } else this.waitingSince = null;
  }

  build(): KedaKpis {
    return { ...this.kpis };
  }
}
