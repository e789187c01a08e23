// The orders of §0 and §A.2. "By name" is plain UTF-16 code-unit comparison (JavaScript `<`),
// never localeCompare: "Beta" < "alpha" and "east-10" < "east-2".

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Indices of `names` ordered by `keys` descending, then name ascending. */
export function descendingOrder(names: readonly string[], keys: readonly number[]): number[] {
  return names
    .map((_, i) => i)
    .sort((i, j) => keys[j]! - keys[i]! || compareNames(names[i]!, names[j]!));
}

/** Indices of `names` ordered by `keys` ascending, then name ascending. */
export function ascendingOrder(names: readonly string[], keys: readonly number[]): number[] {
  return names
    .map((_, i) => i)
    .sort((i, j) => keys[i]! - keys[j]! || compareNames(names[i]!, names[j]!));
}
