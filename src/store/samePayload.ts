// Whether two replies' runs show the same thing: the same plain data, typed arrays compared by
// their bytes (NaN equal to NaN, as the charts draw it). A run that gives what the shown run gave
// (a comment typed, a drag's release re-running its last move, an edit the run ignores) keeps the
// shown objects, so nothing that reads them re-renders: the charts, the KPIs, the comparison.

function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength || a.constructor !== b.constructor) return false;
  // Float64 elements as two 32-bit words: every NaN the engine writes is the same NaN.
  const words = a.byteLength % 4 === 0;
  const x = words
    ? new Int32Array(a.buffer, a.byteOffset, a.byteLength / 4)
    : new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = words
    ? new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4)
    : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Deep equality of plain data (objects, arrays, primitives, typed arrays). */
export function samePayload(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b))
    return ArrayBuffer.isView(a) && ArrayBuffer.isView(b) && sameBytes(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of ka) if (!Object.hasOwn(rb, k) || !samePayload(ra[k], rb[k])) return false;
  return true;
}
