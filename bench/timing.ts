// Timing whole runs for `npm run bench`: wall and CPU time of one call, medians after a warm-up,
// and the touch-each-pod anchor the runs are compared with. Reported, never asserted.

/** Wall and CPU milliseconds of one call (CPU: this process's user + system time, GC threads too). */
export function timed<T>(fn: () => T): { ms: number; cpuMs: number; value: T } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, value };
}

export const median = (xs: number[]) =>
  xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Least time the unmeasured warm-up runs take: V8 needs ~10 runs of a 20 ms scenario to settle. */
export const WARMUP_MS = 600;

/**
 * Medians of `runs` calls after at least `warmup` unmeasured ones (and at least WARMUP_MS of
 * them, at most 100 calls): wall time, and the process's CPU time, which a machine shared with
 * other work inflates less.
 */
export function warmMedians(
  fn: () => unknown,
  warmup: number,
  runs: number,
): { ms: number; cpuMs: number } {
  const t0 = performance.now();
  for (let i = 0; i < 100 && (i < warmup || performance.now() - t0 < WARMUP_MS); i++) fn();
  const all = Array.from({ length: runs }, () => timed(fn));
  return { ms: median(all.map((r) => r.ms)), cpuMs: median(all.map((r) => r.cpuMs)) };
}

/**
 * The anchor: a loop that only touches each pod once per sync, with the runs' own pod counts
 * (`series`: spec.replicas per sync, one array per run), in CPU milliseconds. Warmed up like a
 * run (optimised before it is timed), and each sample repeats the loop until it lasts ≥ 20 ms,
 * so the clock's granularity and one descheduling do not decide the figure.
 */
export function anchorCpuMs(series: ArrayLike<number>[]): number {
  let max = 0;
  for (const counts of series)
    for (let k = 0; k < counts.length; k++) max = Math.max(max, counts[k]!);
  const pods = Array.from({ length: max }, (_, i) => ({ cpu: i % 7, ready: i % 3 !== 0 }));
  let sink = 0;
  const once = () => {
    for (const counts of series)
      for (let k = 0; k < counts.length; k++) {
        const n = counts[k]!;
        for (let i = 0; i < n; i++) {
          const p = pods[i]!;
          if (p.ready) sink += p.cpu;
        }
      }
  };
  // Warm-up, and the repetitions one ≥ 20 ms sample needs.
  let reps = 1;
  const w0 = performance.now();
  for (let i = 0; i < 1000 && performance.now() - w0 < WARMUP_MS / 2; i++) once();
  for (;;) {
    const t = timed(() => {
      for (let r = 0; r < reps; r++) once();
    });
    if (t.cpuMs >= 20 || reps >= 1 << 20) break;
    reps *= 2;
  }
  const samples: number[] = [];
  for (let s = 0; s < 7; s++)
    samples.push(
      timed(() => {
        for (let r = 0; r < reps; r++) once();
      }).cpuMs / reps,
    );
  if (sink < 0) throw new Error('unreachable');
  return median(samples);
}
