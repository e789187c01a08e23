// Number formatting shared by axes, tooltips, the explain panel and the KPI strip.

/** Compact: 1234 → "1.23k", 0.0123 → "0.0123", 12 → "12". */
export function formatCompact(v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  const a = Math.abs(v);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [scale, suffix] of units) {
    if (a >= scale) return `${trimZeros((v / scale).toPrecision(3))}${suffix}`;
  }
  if (a === 0) return '0';
  if (Number.isInteger(v)) return String(v);
  return trimZeros(a >= 1 ? v.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2) : v.toPrecision(3));
}

/** Up to `digits` decimals, trailing zeros removed: 1.5 → "1.5", 2 → "2", 0.3333 → "0.333". */
export function formatNumber(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  if (Number.isInteger(v)) return String(v);
  return trimZeros(v.toFixed(digits));
}

function trimZeros(s: string): string {
  return s.includes('.') && !s.includes('e') ? s.replace(/\.?0+$/, '') : s;
}

/** 1, 2, 2.5, 5 × 10^k at or above `v` (0 stays 0). */
export function niceCeil(v: number): number {
  if (!(v > 0) || !Number.isFinite(v)) return v > 0 ? Number.MAX_VALUE : 0;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) {
    if (m * p >= v * (1 - 1e-12)) return m * p;
  }
  return 10 * p;
}

export interface AxisScale {
  domain: [number, number];
  ticks: number[];
}

/**
 * A y-axis covering [min, max] with round ticks (1, 2, 2.5, 5 × 10^k steps; whole steps when
 * `integer`): the smallest step that needs at most `maxTicks` ticks. The domain ends on ticks.
 */
export function axisScale(min: number, max: number, maxTicks = 6, integer = false): AxisScale {
  let lo = Number.isFinite(min) ? Math.min(0, min) : 0;
  let hi = Number.isFinite(max) ? max : 1;
  if (hi <= lo) hi = lo + 1;
  const span = hi - lo;
  let p = 10 ** Math.floor(Math.log10(span / Math.max(1, maxTicks - 1)));
  for (let guard = 0; guard < 40; guard++) {
    for (const m of [1, 2, 2.5, 5]) {
      const step = m * p;
      if (integer && !Number.isInteger(step)) continue;
      const a = Math.floor(lo / step + 1e-9);
      const b = Math.ceil(hi / step - 1e-9);
      if (b - a + 1 <= maxTicks) {
        const ticks: number[] = [];
        for (let k = a; k <= b; k++) ticks.push(Number((k * step).toPrecision(12)));
        lo = ticks[0]!;
        hi = ticks[ticks.length - 1]!;
        return { domain: [lo, hi], ticks };
      }
    }
    p *= 10;
  }
  return { domain: [lo, hi], ticks: [lo, hi] };
}

/** Long float artefacts in engine text shortened for reading: "ratio 1.1666666666666667" → "ratio 1.1667". */
export function tidyNumbers(text: string, digits = 4): string {
  return text.replace(/\d+\.\d{5,}/g, (m) => formatNumber(Number(m), digits));
}
