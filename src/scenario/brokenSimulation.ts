/**
 * A Simulation document the YAML parser could not read: its own text still says
 * `kind: Simulation`. It is the user's world, broken mid-edit — not "no Simulation document": no
 * default world is assumed (nor offered for insertion), and the error names it, so the last
 * valid world stays on screen until the document reads again.
 */
import type { SourceDocument } from './yaml/documents.ts';

export const BROKEN_SIMULATION_MESSAGE =
  'this Simulation document has a YAML error (marked below), so it cannot be read: the last valid world is kept until it is fixed';

/** Where `kind: Simulation` stands in the first unreadable document that says it (null: none). */
export function brokenSimulation(
  documents: readonly SourceDocument[],
  text: string,
): { index: number; range: [number, number] } | null {
  for (const d of documents) {
    if (d.syntaxOk) continue;
    const own = text.slice(d.start, d.end);
    const m = /^kind:[ \t]*["']?Simulation["']?[ \t]*(?:#.*)?$/m.exec(own);
    if (m) return { index: d.index, range: [d.start + m.index, d.start + m.index + m[0].length] };
  }
  return null;
}
