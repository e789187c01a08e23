// The curves of a scenario, found in its text for the curve editor: each with its YAML document
// and path, a label, its value as written, and the draggable handles of its shape. Pure: the
// page calls it on the current text; nothing here runs the simulation.

import { isMap, parseAllDocuments, type Document } from 'yaml';
import type { YamlPath } from './setScalar.ts';

/** One curve of the scenario (possibly inside another: the `of` of noise, scale, …). */
export interface CurveSlot {
  /** the YAML document (0-based) holding the Simulation */
  document: number;
  /** path of the curve inside that document, e.g. ['spec', 'traffic'] */
  path: YamlPath;
  /** what the curve drives, e.g. `traffic`, `cpu demand`, `traffic › noise of` */
  label: string;
  /** the curve as written (plain data; may be invalid: the editor then only offers shapes) */
  json: unknown;
  /** how deep inside another curve (0: the scenario's own field) */
  depth: number;
}

/** Curves inside these wrappers: [field, is a list]. */
const INNER: Record<string, [string, boolean]> = {
  noise: ['of', false],
  scale: ['of', false],
  clamp: ['of', false],
  shift: ['of', false],
  repeat: ['of', false],
  sum: ['of', true],
};

/** Beyond this much text the page does not parse on every edit (an imported series). */
export const FIND_CURVES_MAX_CHARS = 400_000;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function addCurve(
  out: CurveSlot[],
  document: number,
  path: YamlPath,
  label: string,
  json: unknown,
  depth: number,
): void {
  if (json === undefined || json === null) return;
  out.push({ document, path, label, json, depth });
  if (!isObject(json) || typeof json.type !== 'string' || depth >= 4) return;
  const inner = INNER[json.type];
  if (!inner) return;
  const [field, list] = inner;
  const of = json[field];
  if (list && Array.isArray(of)) {
    of.forEach((c, i) =>
      addCurve(
        out,
        document,
        [...path, field, i],
        `${label} › ${json.type} ${i + 1}`,
        c,
        depth + 1,
      ),
    );
  } else if (!list) {
    addCurve(out, document, [...path, field], `${label} › ${json.type} of`, of, depth + 1);
  }
}

/** Every curve of the Simulation document, in the order a reader meets them. */
export function findCurves(text: string): CurveSlot[] {
  if (text.length > FIND_CURVES_MAX_CHARS) return [];
  const docs = Array.from(parseAllDocuments(text, { logLevel: 'silent' }));
  const out: CurveSlot[] = [];
  docs.forEach((doc, document) => {
    if (!('contents' in doc) || !isMap((doc as Document).contents)) return;
    if ((doc as Document).errors.length > 0) return;
    const data = (doc as Document).toJS({ maxAliasCount: 100 }) as unknown;
    if (!isObject(data) || data.kind !== 'Simulation' || !isObject(data.spec)) return;
    const spec = data.spec;
    addCurve(out, document, ['spec', 'traffic'], 'traffic', spec.traffic, 0);
    const load = isObject(spec.load) ? spec.load : {};
    for (const [section, field] of [
      ['resources', 'demand'],
      ['pods', 'demand'],
      ['object', 'value'],
      ['external', 'value'],
    ] as const) {
      const entries = load[section];
      if (!isObject(entries)) continue;
      for (const [name, entry] of Object.entries(entries)) {
        if (!isObject(entry)) continue;
        const what = field === 'demand' ? `${name} demand` : `${name} value`;
        addCurve(out, document, ['spec', 'load', section, name, field], what, entry[field], 0);
        if (section === 'external' && isObject(entry.queue))
          addCurve(
            out,
            document,
            ['spec', 'load', section, name, 'queue', 'arrivals'],
            `${name} arrivals`,
            entry.queue.arrivals,
            0,
          );
      }
    }
  });
  return out;
}
