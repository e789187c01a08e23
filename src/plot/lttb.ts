// Largest-Triangle-Three-Buckets downsampling (Steinarsson 2013) for chart series.
//
// Differences from the textbook version, each needed by the simulator's charts:
// - several series can share one set of x positions (`downsampleIndices`): a bucket keeps the
//   point with the largest sum of per-series triangle areas, each series normalised by its range,
//   so one row of chart data serves every line and a shared cursor lines up across charts;
// - NaN marks a gap (a metric the controller did not compute): around each gap the last finite
//   point, the first NaN and the first finite point after it are kept, so a line drawn from the
//   result breaks exactly where the data does, and NaN never enters a bucket average;
// - the first and last points and points flagged as important (rescale syncs) are always kept
//   while they fit in the budget.
//
// Pure and allocation-light: 40k points × 10 series take a few milliseconds.

/** Indices to keep: a `Uint8Array` of flags (1 = important) or a list of indices. */
export type ImportantPoints = Uint8Array | readonly number[];

/**
 * Choose at most `maxPoints` indices of `x` (sorted, strictly increasing) that best preserve the
 * shape of every series in `ys`. Returns all indices when `x.length <= maxPoints`.
 *
 * Guarantees: indices are sorted, unique and within range; the first and last index are always
 * present; the result has at most `max(2, maxPoints)` entries. Important points are all kept when
 * `important.length + 2 <= maxPoints` (otherwise an evenly spaced subset of them fills the
 * budget). Gap boundaries are kept, longest gaps first, while they fit in half of the budget.
 */
export function downsampleIndices(
  x: ArrayLike<number>,
  ys: readonly ArrayLike<number>[],
  maxPoints: number,
  important?: ImportantPoints,
): Int32Array {
  const n = x.length;
  const budget = Math.max(2, Math.floor(Number.isFinite(maxPoints) ? maxPoints : 2));
  if (n <= budget) return identity(n);

  const mandatory = new Set<number>([0, n - 1]);
  const imp = importantIndices(important, n);
  if (imp.length + 2 > budget) {
    // More important points than room: keep an evenly spaced subset of them.
    const room = budget - 2;
    for (let k = 0; k < room; k++) {
      mandatory.add(imp[Math.floor(((k + 0.5) * imp.length) / room)]!);
    }
    return sortedFrom(mandatory);
  }
  for (const i of imp) mandatory.add(i);

  // Gap boundaries, longest gaps first, while they fit in half of what is left.
  const gapRoom = Math.floor((budget - mandatory.size) / 2);
  let used = 0;
  for (const gap of findGaps(ys, n)) {
    const extra = gap.keep.filter((i) => !mandatory.has(i));
    if (used + extra.length > gapRoom) continue;
    for (const i of extra) mandatory.add(i);
    used += extra.length;
  }

  const anchors = Array.from(mandatory).sort((a, b) => a - b);
  const remaining = budget - anchors.length;
  if (remaining <= 0) return Int32Array.from(anchors);

  const ranges = ys.map(seriesRange);
  const allocation = allocate(anchors, remaining);
  // Written in place: the anchors and each span's picks, at most the budget (a result per frame
  // during a curve drag: no list grown point by point).
  const out = new Int32Array(anchors.length + remaining);
  let at = 0;
  for (let j = 0; j < anchors.length - 1; j++) {
    const left = anchors[j]!;
    const right = anchors[j + 1]!;
    out[at++] = left;
    const m = allocation[j]!;
    if (m > 0) at = lttbSpan(x, ys, ranges, left, right, m, out, at);
  }
  out[at++] = anchors[anchors.length - 1]!;
  return at === out.length ? out : out.slice(0, at);
}

/** Single-series LTTB: the kept points and their indices into the input. */
export function lttb(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  maxPoints: number,
  important?: ImportantPoints,
): { x: Float64Array; y: Float64Array; indices: Int32Array } {
  const indices = downsampleIndices(x, [y], maxPoints, important);
  const ox = new Float64Array(indices.length);
  const oy = new Float64Array(indices.length);
  indices.forEach((i, k) => {
    ox[k] = x[i]!;
    oy[k] = y[i]!;
  });
  return { x: ox, y: oy, indices };
}

function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

function sortedFrom(set: Set<number>): Int32Array {
  return Int32Array.from(Array.from(set).sort((a, b) => a - b));
}

function importantIndices(important: ImportantPoints | undefined, n: number): number[] {
  if (!important) return [];
  const out: number[] = [];
  if (important instanceof Uint8Array) {
    const end = Math.min(important.length, n - 1);
    for (let i = 1; i < end; i++) if (important[i]) out.push(i);
    return out;
  }
  const seen = new Set<number>();
  for (const i of important) {
    if (Number.isInteger(i) && i > 0 && i < n - 1 && !seen.has(i)) {
      seen.add(i);
      out.push(i);
    }
  }
  return out.sort((a, b) => a - b);
}

interface Gap {
  length: number;
  keep: number[];
}

/** Maximal NaN runs of each series with the indices that delimit them, longest first. */
function findGaps(ys: readonly ArrayLike<number>[], n: number): Gap[] {
  const gaps: Gap[] = [];
  for (const y of ys) {
    let i = 0;
    while (i < n) {
      if (Number.isFinite(y[i]!)) {
        i++;
        continue;
      }
      const start = i;
      while (i < n && !Number.isFinite(y[i]!)) i++;
      const keep = [start];
      if (start > 0) keep.unshift(start - 1);
      if (i < n) keep.push(i);
      // A series that is NaN everywhere has no boundary worth keeping.
      if (start > 0 || i < n) gaps.push({ length: i - start, keep });
    }
  }
  // Longest first; ties by position so the result is deterministic.
  return gaps.sort((a, b) => b.length - a.length || a.keep[0]! - b.keep[0]!);
}

function seriesRange(y: ArrayLike<number>): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < y.length; i++) {
    const v = y[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const r = hi - lo;
  return r > 0 && Number.isFinite(r) ? r : 1;
}

/** Split `remaining` points over the spans between anchors in proportion to their lengths. */
function allocate(anchors: number[], remaining: number): number[] {
  const spans = anchors.slice(0, -1).map((a, j) => anchors[j + 1]! - a - 1);
  const total = spans.reduce((s, l) => s + l, 0);
  if (total <= remaining) return spans;
  const exact = spans.map((l) => (l * remaining) / total);
  const out = exact.map((e, j) => Math.min(spans[j]!, Math.floor(e)));
  let left = remaining - out.reduce((s, v) => s + v, 0);
  const order = exact
    .map((e, j) => ({ j, frac: e - Math.floor(e) }))
    .sort((a, b) => b.frac - a.frac || a.j - b.j);
  for (let k = 0; left > 0 && k < order.length; k++) {
    const j = order[k]!.j;
    if (out[j]! < spans[j]!) {
      out[j]!++;
      left--;
    }
  }
  return out;
}

/**
 * LTTB over the interior (left, right) choosing `m` points; writes them to `out` from `at` and
 * returns where the next one goes.
 */
function lttbSpan(
  x: ArrayLike<number>,
  ys: readonly ArrayLike<number>[],
  ranges: number[],
  left: number,
  right: number,
  m: number,
  out: Int32Array,
  at: number,
): number {
  const lo = left + 1;
  const interior = right - left - 1;
  if (m >= interior) {
    for (let i = lo; i < right; i++) out[at++] = i;
    return at;
  }
  const size = interior / m;
  const s = ys.length;
  const avgY = new Float64Array(s);
  let prev = left;
  for (let k = 0; k < m; k++) {
    const from = lo + Math.floor(k * size);
    const to = lo + Math.floor((k + 1) * size);
    // The "third vertex": the average of the next bucket, or the right anchor after the last one.
    let avgX: number;
    if (k === m - 1) {
      avgX = x[right]!;
      for (let q = 0; q < s; q++) avgY[q] = ys[q]![right]!;
    } else {
      const nFrom = to;
      const nTo = Math.min(lo + Math.floor((k + 2) * size), right);
      avgX = 0;
      for (let i = nFrom; i < nTo; i++) avgX += x[i]!;
      avgX /= Math.max(1, nTo - nFrom);
      for (let q = 0; q < s; q++) {
        const y = ys[q]!;
        let sum = 0;
        let count = 0;
        for (let i = nFrom; i < nTo; i++) {
          const v = y[i]!;
          if (Number.isFinite(v)) {
            sum += v;
            count++;
          }
        }
        avgY[q] = count > 0 ? sum / count : NaN;
      }
    }
    const ax = x[prev]!;
    let best = from;
    let bestScore = -1;
    for (let i = from; i < to; i++) {
      let score = 0;
      for (let q = 0; q < s; q++) {
        const y = ys[q]!;
        const ay = y[prev]!;
        const by = y[i]!;
        const cy = avgY[q]!;
        if (!Number.isFinite(ay) || !Number.isFinite(by) || !Number.isFinite(cy)) continue;
        score += Math.abs((ax - avgX) * (by - ay) - (ax - x[i]!) * (cy - ay)) / ranges[q]!;
      }
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    out[at++] = best;
    prev = best;
  }
  return at;
}
