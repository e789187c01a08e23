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

/** Long float artefacts in engine text shortened for reading: "ratio 1.1666666666666667" → "ratio 1.1667". */
export function tidyNumbers(text: string, digits = 4): string {
  return text.replace(/\d+\.\d{5,}/g, (m) => formatNumber(Number(m), digits));
}

/** "1 replica", "3 replicas": a count with its noun, singular for exactly one. */
export function formatCount(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
