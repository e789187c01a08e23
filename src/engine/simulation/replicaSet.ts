// How the ReplicaSet controller's writes reach the API server: kube-controller-manager's client
// is rate limited (--kube-api-qps 20, --kube-api-burst 30; client-go's token bucket, a
// golang.org/x/time/rate Limiter), and pods are created in slow-start batches
// (pkg/controller/replicaset/replica_set.go slowStartBatch, SlowStartInitialBatchSize = 1).

/** A token bucket handing out reservations: each write returns the time it goes through. */
export class ApiWriter {
  private tokens: number;
  private at = -Infinity;

  constructor(
    private readonly qps: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  /** Reserve one write asked for at t; the time it is sent (t, or later once a token refills). */
  take(t: number): number {
    const now = Math.max(t, this.at);
    if (Number.isFinite(this.at))
      this.tokens = Math.min(this.burst, this.tokens + this.qps * (now - this.at));
    this.at = now;
    this.tokens -= 1;
    return this.tokens >= 0 || !(this.qps > 0) ? now : now - this.tokens / this.qps;
  }

  snapshot(): { tokens: number; at: number } {
    return { tokens: this.tokens, at: this.at };
  }

  restore(s: { tokens: number; at: number }): void {
    this.tokens = s.tokens;
    this.at = s.at;
  }
}

/**
 * replica_set.go slowStartBatch: batches of 1, 2, 4, … calls, each batch started when the
 * previous one has returned (the API's own latency is taken as zero). The creation time of each
 * of `count` pods asked for at t, in order.
 */
export function slowStartBatch(count: number, t: number, writer: ApiWriter): number[] {
  const times: number[] = [];
  let start = t;
  let remaining = count;
  for (let batch = Math.min(remaining, 1); batch > 0; batch = Math.min(2 * batch, remaining)) {
    let done = start;
    for (let i = 0; i < batch; i++) {
      const at = writer.take(start);
      times.push(at);
      if (at > done) done = at;
    }
    remaining -= batch;
    start = done;
  }
  return times;
}
