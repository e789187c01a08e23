/**
 * Whether two curve specs (plain JSON-like values: objects, arrays, numbers, strings, booleans,
 * null) are the same, field for field. A curve is a pure function of its spec, so two equal
 * specs give the same values: a run over a text parsed again may take another run's tape.
 */
export function sameSpec(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN is never a spec's value (validation refuses it); two NaNs are not the same curve.
    return false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    if (a.length !== bs.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameSpec(a[i], bs[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao);
  // An absent field and one set to undefined read the same in the curve's compiler.
  let defined = 0;
  for (const k of keys) {
    if (ao[k] === undefined) continue;
    defined++;
    if (!sameSpec(ao[k], bo[k])) return false;
  }
  let others = 0;
  for (const k of Object.keys(bo)) if (bo[k] !== undefined) others++;
  return defined === others;
}
