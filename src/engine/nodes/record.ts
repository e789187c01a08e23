// The node plane's recorder: what the node lane plots at every sync, and the node KPIs at the end.

import type { NodePlane } from './nodePlane.ts';
import type { NodeKpis, NodeRun, NodeSeries } from './result.ts';
import type { Workload } from '../simulation/workload.ts';

const HOURS_PER_MONTH = 730;

export class NodeRecorder {
  private readonly plane: NodePlane;
  private readonly workload: Workload;
  readonly series: NodeSeries;
  private peak = 0;

  constructor(plane: NodePlane, workload: Workload, syncCount: number) {
    this.plane = plane;
    this.workload = workload;
    const f = () => new Float64Array(syncCount);
    this.series = {
      ready: f(),
      provisioning: f(),
      draining: f(),
      allocatableCpu: f(),
      requestedCpu: f(),
      waiting: f(),
    };
  }

  sync(k: number, t: number): void {
    const pool = this.plane.pool;
    const c = pool.countsAt(t);
    const s = this.series;
    s.ready[k] = c.ready;
    s.provisioning[k] = c.provisioning;
    s.draining[k] = c.draining;
    s.allocatableCpu[k] = c.cpuMilli / 1000;
    s.requestedCpu[k] = (c.overheadCpuMilli + c.bound * pool.pod.cpu) / 1000;
    s.waiting[k] = this.workload.unscheduledCount;
    const live = c.ready + c.provisioning + c.draining;
    if (live > this.peak) this.peak = live;
  }

  build(durationSeconds: number): NodeRun {
    const pool = this.plane.pool;
    const nodeHours = pool.billedSeconds(durationSeconds) / 3600;
    // One group: its price times the node-hours (as before groups); several: each at its own.
    const several = (this.plane.input.groups?.length ?? 0) > 0;
    const price = this.plane.input.nodeHourPrice;
    const cost = several
      ? pool.costUntil(durationSeconds)
      : price === null
        ? null
        : nodeHours * price;
    // Pods still waiting at the end waited until then.
    const w = { ...pool.waits };
    for (const p of this.workload.pods) {
      if (p.scheduledAt !== null || p.deletedAt !== null || p.createdAt >= durationSeconds)
        continue;
      const wait = durationSeconds - Math.max(0, p.createdAt);
      w.pods++;
      w.totalSeconds += wait;
      w.maxSeconds = Math.max(w.maxSeconds, wait);
    }
    const events = this.plane.events.slice();
    const kpis: NodeKpis = {
      nodeHours,
      peakNodes: this.peak,
      finalNodes: pool.liveCount(),
      cost,
      costPerMonth:
        cost === null || durationSeconds <= 0
          ? null
          : (cost / (durationSeconds / 3600)) * HOURS_PER_MONTH,
      podsWaited: w.pods,
      waitTotalSeconds: w.totalSeconds,
      waitMaxSeconds: w.maxSeconds,
      waitMeanSeconds: w.pods === 0 ? 0 : w.totalSeconds / w.pods,
      scaleUps: events.filter((e) => e.kind === 'scale-up').length,
      scaleDowns: events.filter((e) => e.kind === 'scale-down' || e.kind === 'drain').length,
    };
    return {
      provisioner: this.plane.input.provisioner.kind,
      podsPerNode: pool.slots,
      ...(several
        ? {
            groups: pool.groups.map((g, gi) => ({
              name: g.name,
              podsPerNode: pool.slotsOf[gi]!,
              finalNodes: pool.groupSize(gi),
            })),
          }
        : {}),
      series: this.series,
      events,
      kpis,
    };
  }
}
