/** The invariants every ParseResult keeps, for the fuzz tests (throws on a broken one). */
import type { ParseResult } from '../types.ts';

function check(ok: boolean, what: string, r: ParseResult): void {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(r.diagnostics).slice(0, 500)}`);
}

export function wellFormed(r: ParseResult): void {
  check(typeof r.ok === 'boolean', 'ok is a boolean', r);
  check(r.ok === !r.diagnostics.some((d) => d.severity === 'error'), 'ok ⇔ no error', r);
  check(r.ok || r.input === null, 'no input unless ok', r);
  for (const d of r.diagnostics) {
    check(d.line >= 1 && d.column >= 1, 'positions are 1-based', r);
    check(d.endLine * 1e6 + d.endColumn > d.line * 1e6 + d.column, 'ranges are not empty', r);
    check(d.document === 0 || d.document === 1, 'document is 0 or 1', r);
    check(typeof d.message === 'string' && d.message.length > 0, 'a message', r);
    // An internal error means a code path threw: always a bug.
    check(!d.message.startsWith('internal error'), 'no internal error', r);
  }
}
