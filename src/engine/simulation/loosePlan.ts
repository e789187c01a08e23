// The scrape's plan of the pods outside the steady group (MetricsPipeline.loosePods): each one's
// fields the scrape reads, as columns by position in the loose list, so the scrape's loop runs
// over arrays instead of reading every SimPod at every scrape (a churn run's pods never group).

/**
 * The loose pods' fields a scrape reads, as columns by position in the loose list: rebuilt with
 * the list (a pod's times, flags and slot change only with the workload's version), so the
 * scrape's loop reads arrays instead of every SimPod at every scrape.
 */
export class LoosePlan {
  /** the pod's row in the pod store (slot + POD_ROW) */
  row = new Int32Array(0);
  /** SimPod.index, the row's owner */
  index = new Int32Array(0);
  /** runFrom, readyFrom */
  run = new Float64Array(0);
  ready = new Float64Array(0);
  /** deletedAt, Infinity: not deleted */
  deleted = new Float64Array(0);
  /** 1: never in the kubelet's answer while the plan holds (unbound, Failed, no metrics) */
  out = new Uint8Array(0);
  /**
   * The scrape's usual pod in three reads (MetricsPipeline.scrapeShared): it serves through
   * (prev, s] when `servesFrom ≤ prev` (max(run, ready); NaN when out) and `s < servesTo`
   * (min(deleted, deleted + termination)); its burst ends at `burstEnd` (run + burst seconds).
   */
  servesFrom = new Float64Array(0);
  servesTo = new Float64Array(0);
  burstEnd = new Float64Array(0);

  ensure(n: number): void {
    if (n <= this.row.length) return;
    const cap = Math.max(n, 2 * this.row.length, 16);
    this.row = new Int32Array(cap);
    this.index = new Int32Array(cap);
    this.run = new Float64Array(cap);
    this.ready = new Float64Array(cap);
    this.deleted = new Float64Array(cap);
    this.out = new Uint8Array(cap);
    this.servesFrom = new Float64Array(cap);
    this.servesTo = new Float64Array(cap);
    this.burstEnd = new Float64Array(cap);
  }
}
