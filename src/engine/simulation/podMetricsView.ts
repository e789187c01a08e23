// The controller's view of the listed pods' PodMetrics items (Observation.podMetrics): each
// entry's numbers read from its row of the pod store (podRows.ts) at the sync, instead of a
// report object per pod rewritten at every scrape. Reading the rows gives what the report would
// have held, number for number (MetricsPipeline.usage rounds as the report rounds), and
// `materialize` writes those reports when a reader wants the objects (the by-name port).

import type { PodMetricsColumns, PodObservation, SampleSink } from '../controller/index.ts';
import { NO_CONTAINER, NOT_REPORTED, type MetricsPipeline } from './metricsPipeline.ts';
import type { ObservedPods } from './observedPods.ts';

export class PodMetricsView implements PodMetricsColumns {
  /** the list the positions index (the observation's pods) */
  pods: PodObservation[] = [];

  constructor(
    private readonly pipeline: MetricsPipeline,
    private readonly list: ObservedPods,
  ) {}

  /** Position i's row, -1 when the row holds no state of its entry's pod. */
  private row(i: number): number {
    const r = this.list.rows[i]!;
    const rows = this.pipeline.rows;
    return rows.owner[r] === this.list.owners[i] ? r : -1;
  }

  listed(i: number): boolean {
    const r = this.row(i);
    return r >= 0 && !Number.isNaN(this.pipeline.rows.prevT[r]!);
  }

  timestamp(i: number): number {
    return this.pipeline.rows.lastT[this.list.rows[i]!]!;
  }

  window(i: number): number {
    const r = this.list.rows[i]!;
    const rows = this.pipeline.rows;
    return rows.lastT[r]! - rows.prevT[r]!;
  }

  usage(i: number, resource: string, container: string): number | undefined | null {
    return this.pipeline.usage(this.list.rows[i]!, resource, container);
  }

  /**
   * Every position's item in one pass over the rows (the per-position reads above, in order):
   * the report's numbers from MetricsPipeline.reportColumn, each entry weighed by its count.
   */
  readAll(resource: string, container: string, sink: SampleSink, count: number): number {
    const pipeline = this.pipeline;
    const col = pipeline.reportColumn(resource, container);
    if (col === NO_CONTAINER) return -1;
    const list = this.list;
    if (col !== NOT_REPORTED)
      return pipeline.readReports(col, count, list.rows, list.owners, list.weights, sink);
    // not reported: the listed entries are items with no sample
    let items = 0;
    for (let i = 0; i < count; i++) if (this.listed(i)) items++;
    return items;
  }

  materialize(): void {
    const pods = this.pods;
    for (let i = 0; i < pods.length; i++) this.pipeline.writeResourceMetrics(pods[i]!, this.row(i));
  }
}
