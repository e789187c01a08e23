/**
 * K11, KEDA's quantisation of thresholds and metric values (kedacore/keda pkg/scalers/scaler.go).
 * ≤ 2.19: `int64(v × 1000)` milli (truncation toward zero). 2.20.0: the `%.3f` text parsed as a
 * Quantity (rounded to the nearest thousandth; NaN and ±Inf → 0). 2.20.2: a negative value is 0
 * as well (kedacore/keda#7880).
 */
import type { KedaVersion } from './types.ts';
import { atLeast } from './version.ts';

/**
 * Go's fmt `%.3f` as milli-units: the exact binary value rounded to the nearest thousandth, an
 * exact tie to even (JavaScript's toFixed rounds a tie up, so ties are settled here).
 */
function formatMilli(value: number): number {
  // An exact tie (x × 1000 ends in exactly .5) is an odd multiple of 1/16: 125 divides the odd
  // numerator of k/2000 only then. Go rounds it to even; toFixed would round it away from zero.
  const sixteenths = value * 16;
  if (Number.isInteger(sixteenths) && sixteenths % 2 !== 0) {
    const floor = Math.floor(value * 1000);
    return floor % 2 === 0 ? floor : floor + 1;
  }
  return Math.round(Number(value.toFixed(3)) * 1000);
}

// upstream: kedacore/keda v2.20.2 pkg/scalers/scaler.go quantityFromFloat64
export function quantityFromFloat64(value: number, version: KedaVersion): number {
  if (!atLeast(version, '2.20.0')) return Math.trunc(value * 1000) + 0;
  if (Number.isNaN(value) || !Number.isFinite(value)) return 0;
  if (atLeast(version, '2.20.2') && value < 0) return 0;
  return formatMilli(value) + 0;
}

// upstream: kedacore/keda v2.20.2 pkg/scalers/scaler.go GetMetricTargetMili
/** The target of a threshold written as a float, in milli-units. */
export function getMetricTargetMili(value: number, version: KedaVersion): number {
  return quantityFromFloat64(value, version);
}

// upstream: kedacore/keda v2.20.2 pkg/scalers/scaler.go GenerateMetricInMili
/** A scaler's metric value in milli-units. */
export function generateMetricInMili(value: number, version: KedaVersion): number {
  return quantityFromFloat64(value, version);
}

/** A milli count as the DecimalSI text a Quantity prints (`1500m`, `2`). */
export function milliText(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}
