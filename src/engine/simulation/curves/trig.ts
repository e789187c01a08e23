/**
 * A cosine built from + and × only, so it gives bit-identical results in every JavaScript engine
 * (ECMAScript leaves Math.sin/Math.cos precision to the implementation; basic IEEE-754 arithmetic
 * is exactly specified and never fused). Accurate to about 1e-16 absolute.
 */

const HALF_PI = 1.5707963267948966;

// Taylor coefficients; |x| ≤ π/4 so the first omitted term is below 5e-17.
const S3 = -1 / 6;
const S5 = 1 / 120;
const S7 = -1 / 5040;
const S9 = 1 / 362880;
const S11 = -1 / 39916800;
const S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000;
const C2 = -1 / 2;
const C4 = 1 / 24;
const C6 = -1 / 720;
const C8 = 1 / 40320;
const C10 = -1 / 3628800;
const C12 = 1 / 479001600;
const C14 = -1 / 87178291200;
const C16 = 1 / 20922789888000;

/**
 * cos(2π · turns) for any finite `turns`; exact 0, ±1 at quarter turns. The polynomials are
 * written out here (trig.test.ts proves them equal bit for bit to a sinSmall/cosSmall form): as one leaf
 * function it inlines into the curve loops, and a double crossing a call boundary is boxed.
 */
export function cosTurns(turns: number): number {
  const fraction = turns - Math.floor(turns); // [0, 1]
  const quarters = fraction * 4; // exact
  const k = Math.round(quarters); // nearest quarter, 0..4
  const x = (quarters - k) * HALF_PI; // |x| ≤ π/4
  const x2 = x * x;
  const q = k & 3;
  if ((q & 1) === 0) {
    const c =
      1 +
      x2 *
        (C2 + x2 * (C4 + x2 * (C6 + x2 * (C8 + x2 * (C10 + x2 * (C12 + x2 * (C14 + x2 * C16)))))));
    return q === 0 ? c : -c;
  }
  const s =
    x * (1 + x2 * (S3 + x2 * (S5 + x2 * (S7 + x2 * (S9 + x2 * (S11 + x2 * (S13 + x2 * S15)))))));
  return q === 1 ? -s : s;
}
