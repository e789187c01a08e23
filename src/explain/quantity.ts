// Kubernetes quantities as `kubectl describe` prints them (resource.Quantity.String()), for
// display only: the engine's exact parser stays in the worker.

const DECIMAL_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'];
const BINARY = new Set(['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']);
const MULTIPLIER: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** Canonical DecimalSI form of a milli-value: 350 → "350m", 2000 → "2", 5e6 → "5k". */
export function formatMilliQuantity(milli: number | undefined): string {
  if (milli === undefined || !Number.isFinite(milli)) return '<unknown>';
  const m = Math.round(milli);
  if (m % 1000 !== 0) return `${m}m`;
  let v = m / 1000;
  let k = 0;
  while (v !== 0 && v % 1000 === 0 && k < DECIMAL_SUFFIXES.length - 1) {
    v /= 1000;
    k++;
  }
  return `${v}${DECIMAL_SUFFIXES[k]}`;
}

/** Milli-value of a quantity string or number (approximate for huge values), NaN if unreadable. */
export function quantityMilli(q: string | number | undefined | null): number {
  if (q === undefined || q === null) return NaN;
  if (typeof q === 'number') return Math.ceil(q * 1000);
  const m =
    /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?\s*$/.exec(
      q,
    );
  if (!m) return NaN;
  return Math.ceil(Number(m[1]) * MULTIPLIER[m[2] ?? '']! * 1000 - 1e-9);
}

/** A target as kubectl prints it: binary-suffixed values as written, the rest canonical. */
export function formatQuantity(q: string | number | undefined | null): string {
  if (q === undefined || q === null) return '<unset>';
  if (typeof q === 'string') {
    const suffix = /(Ki|Mi|Gi|Ti|Pi|Ei)\s*$/.exec(q)?.[1];
    if (suffix && BINARY.has(suffix)) return q.trim();
  }
  const milli = quantityMilli(q);
  return Number.isNaN(milli) ? String(q) : formatMilliQuantity(milli);
}
