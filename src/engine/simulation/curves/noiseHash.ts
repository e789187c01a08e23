/**
 * Counter-based noise: a uniform number that is a pure function of (seed, index), so any
 * evaluation order gives the same values. Integer math only (Math.imul, shifts), which every
 * JavaScript engine computes identically.
 */

/** A 32-bit integer mix with good avalanche (Chris Wellons' "lowbias32"). */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

const TWO_32 = 4294967296;
const TWO_31 = 2147483648;

/**
 * A uniform number in [-1, 1) for integer `index` (any safe integer, negative included) and a
 * uint32 `seed`.
 */
export function noiseUnit(seed: number, index: number): number {
  const low = index >>> 0;
  const high = Math.floor(index / TWO_32) >>> 0;
  const h = mix32(mix32(mix32(high ^ 0x9e3779b9) ^ low) ^ seed);
  return h / TWO_31 - 1;
}
