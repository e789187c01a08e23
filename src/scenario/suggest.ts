/** "Did you mean …?" suggestions for misspelled field names and enum values. */

/** Edit distance with adjacent transpositions (optimal string alignment), case-sensitive. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 8 || a.length > 64 || b.length > 64) return 99;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The closest candidates to `word`: an exact case-insensitive match first, else those within an
 * edit distance of about a third of the word (at least 1, at most 3), best first.
 */
export function suggest(word: string, candidates: readonly string[], max = 2): string[] {
  const lower = word.toLowerCase();
  const sameCase = candidates.filter((c) => c.toLowerCase() === lower && c !== word);
  if (sameCase.length > 0) return sameCase.slice(0, max);
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  const scored: { candidate: string; distance: number }[] = [];
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= limit) scored.push({ candidate, distance });
  }
  // Also a candidate that contains the word or is contained in it (e.g. "replica" → "maxReplicas").
  if (scored.length === 0 && word.length >= 4) {
    for (const candidate of candidates) {
      const c = candidate.toLowerCase();
      if (c.includes(lower) || (lower.includes(c) && c.length >= 4)) {
        scored.push({ candidate, distance: limit + 1 });
      }
    }
  }
  scored.sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate));
  const best = scored[0]?.distance;
  return scored
    .filter((s) => s.distance === best)
    .slice(0, max)
    .map((s) => s.candidate);
}

/** " Did you mean 'x'?" or " Did you mean 'x' or 'y'?" or ''. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const found = suggest(word, candidates);
  if (found.length === 0) return '';
  return ` Did you mean ${found.map((f) => `'${f}'`).join(' or ')}?`;
}

// One wording for a value in every message: the engine's curve checks use it too.
export { describeValue } from '../engine/simulation/curves/validateFields.ts';
