// The gallery's search: presets whose id, title or "what to notice" hold every word of the query,
// best first. A word found whole in the title or id outranks one found inside another word or in
// the description, so "story 5" puts story 5 first, not story 1 (whose text has "15 s").

export interface Searchable {
  id: string;
  title: string;
  description: string;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .filter(Boolean);

/** How well `p` answers the query's words (0: some word is missing). */
export function presetScore(p: Searchable, query: string): number {
  const asked = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (asked.length === 0) return 1;
  const name = `${p.id} ${p.title}`.toLowerCase();
  const nameWords = new Set(words(`${p.id.replace(/-/g, ' ')} ${p.title}`));
  const descWords = new Set(words(p.description));
  const desc = p.description.toLowerCase();
  let score = 0;
  for (const w of asked) {
    if (nameWords.has(w)) score += 4;
    else if (name.includes(w)) score += 2;
    else if (descWords.has(w)) score += 1.5;
    else if (desc.includes(w)) score += 1;
    else return 0;
  }
  return score;
}

/** The presets matching every word of `query`, best first (ties keep their order). */
export function matchPresets<P extends Searchable>(presets: readonly P[], query: string): P[] {
  if (query.trim() === '') return [...presets];
  return presets
    .map((p, i) => ({ p, i, s: presetScore(p, query) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.p);
}
