// Timing helpers for `npm run bench`: median of batch means, never asserted anywhere.

export interface Timing {
  medianMicros: number;
  p95Micros: number;
  samples: number;
  iterationsPerSample: number;
}

/** Run `fn` in batches until ~`budgetMs` is spent; report per-call median and p95 in µs. */
export function measure(fn: () => unknown, budgetMs = 400, minSamples = 15): Timing {
  // Warm up so the JIT has compiled the hot path.
  let iterations = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    const dt = performance.now() - t0;
    if (dt > 5 || iterations > 1e6) break;
    iterations *= 2;
  }
  const per: number[] = [];
  const start = performance.now();
  while (per.length < minSamples || performance.now() - start < budgetMs) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    per.push(((performance.now() - t0) * 1000) / iterations);
    if (per.length > 1000) break;
  }
  per.sort((a, b) => a - b);
  const pick = (q: number) => per[Math.min(per.length - 1, Math.floor(q * per.length))]!;
  return {
    medianMicros: pick(0.5),
    p95Micros: pick(0.95),
    samples: per.length,
    iterationsPerSample: iterations,
  };
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
