// SVG path text written byte by byte into one reused buffer, decoded once per path: a path of a
// thousand points is one string allocation, not thousands of small strings and concatenations
// (building them and collecting them afterwards was most of what a new result allocated on the
// page, `npm run bench:ui -- --profile`). The numbers are written as `pxText` writes them.

/** Coordinates far outside the plot are pinned (the clip hides them; SVG stays finite). */
export const FAR = 1e5;

/** `v` in tenths of a pixel, rounded and pinned to ±FAR (NaN stays NaN). */
export function tenths(v: number): number {
  return Math.round(Math.max(-FAR, Math.min(FAR, v)) * 10);
}

const decoder = new TextDecoder();

/** Writes one path's text; `done()` returns it and empties the writer for the next one. */
export class PathText {
  private buf = new Uint8Array(1 << 14);
  private n = 0;

  private room(bytes: number): void {
    const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.n + bytes));
    bigger.set(this.buf.subarray(0, this.n));
    this.buf = bigger;
  }

  /** One ASCII character (a command letter, ',' …). */
  char(code: number): void {
    if (this.n === this.buf.length) this.room(1);
    this.buf[this.n++] = code;
  }

  /**
   * A coordinate given in tenths (`tenths(v)`), as `String(k / 10)` prints it: "-" when below 0,
   * the integer part, then a point and the tenth unless it is 0; "NaN" for NaN.
   */
  tenths(k: number): void {
    if (this.n + 12 > this.buf.length) this.room(12);
    const buf = this.buf;
    let n = this.n;
    if (k !== k) {
      buf[n++] = 78; // N
      buf[n++] = 97; // a
      buf[n++] = 78; // N
      this.n = n;
      return;
    }
    // -0 is not below 0: String(-0) is "0". |k| ≤ 10^6 (FAR): int32 arithmetic, which V8 does
    // in registers (a double's % is a call).
    let i = k | 0;
    if (i < 0) {
      buf[n++] = 45; // -
      i = -i;
    }
    const tenth = i % 10;
    let a = (i / 10) | 0;
    if (a < 10) buf[n++] = 48 + a;
    else {
      const start = n;
      n += a < 100 ? 2 : a < 1000 ? 3 : a < 10_000 ? 4 : a < 100_000 ? 5 : 6;
      for (let j = n - 1; j >= start; j--) {
        const next = (a / 10) | 0;
        buf[j] = 48 + a - next * 10;
        a = next;
      }
    }
    if (tenth > 0) {
      buf[n++] = 46; // .
      buf[n++] = 48 + tenth;
    }
    this.n = n;
  }

  /** `X,Y` of two coordinates in tenths. */
  pair(kx: number, ky: number): void {
    this.tenths(kx);
    this.char(44);
    this.tenths(ky);
  }

  /** The text written since the last `done()`; the writer starts over. */
  done(): string {
    const text = this.n === 0 ? '' : decoder.decode(this.buf.subarray(0, this.n));
    this.n = 0;
    return text;
  }
}

/** The writer the plotting kit shares (paths are built one at a time, on one thread). */
export const pathText = new PathText();
