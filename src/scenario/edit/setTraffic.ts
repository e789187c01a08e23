// Writing imported traffic into a scenario's text: `spec.traffic` (and `spec.duration` when
// asked) of its Simulation document are replaced where they stand, or added under `spec:`; every
// other character (comments, other documents, key order) stays. A text without a Simulation
// document gets one appended: `baseSimulation` (the default world the run assumed) when given.

import { isMap, isScalar, parseAllDocuments, type Document, type Node, type Pair } from 'yaml';
import { NEWEST_KUBERNETES_VERSION } from '../simulation/defaults.ts';
import type { EditResult } from './setScalar.ts';

export interface TrafficEdit {
  /** the curve as YAML lines, starting with `traffic:` at column 0 */
  trafficYaml: string[];
  /** e.g. `24h`; null leaves spec.duration as it is */
  duration?: string | null;
  /** a Simulation document (YAML) to append when the text has none */
  baseSimulation?: string | null;
}

export function setTraffic(text: string, edit: TrafficEdit): EditResult {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) return { ok: false, error: 'the text is not YAML' };
  const sim = docs.find(isSimulation);
  if (!sim) {
    const base = (edit.baseSimulation ?? defaultSimulationYaml()).replace(/\s+$/, '') + '\n';
    const appended = setTraffic(base, edit);
    if (!appended.ok) return appended;
    const body = text.replace(/\s+$/, '');
    return { ok: true, text: body === '' ? appended.text : `${body}\n---\n${appended.text}` };
  }
  if (sim.errors.length > 0) {
    return { ok: false, error: `fix the Simulation document first: ${sim.errors[0]!.message}` };
  }
  const spec = (sim.contents as { get(k: string, keep: true): unknown }).get('spec', true);
  if (!isMap(spec) || spec.flow) {
    return { ok: false, error: 'the Simulation document needs a block `spec:` map' };
  }
  let out = replaceOrAdd(text, sim, spec.items as Pair[], 'traffic', edit.trafficYaml);
  if (edit.duration) {
    const again = reparse(out);
    if (!again) return { ok: false, error: 'internal: the edited text did not parse' };
    out = replaceOrAdd(out, again.doc, again.items, 'duration', [`duration: ${edit.duration}`]);
  }
  return { ok: true, text: out };
}

function reparse(text: string): { doc: Document; items: Pair[] } | null {
  const doc = parseAllDocuments(text);
  if (!Array.isArray(doc)) return null;
  const sim = doc.find(isSimulation);
  const spec = sim && (sim.contents as { get(k: string, keep: true): unknown }).get('spec', true);
  return sim && isMap(spec) ? { doc: sim, items: spec.items as Pair[] } : null;
}

function isSimulation(doc: Document): boolean {
  return isMap(doc.contents) && (doc.contents.get('kind') as unknown) === 'Simulation';
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The pair `key` of spec replaced by `lines` (re-indented to its column), or added first. */
function replaceOrAdd(
  text: string,
  _doc: Document,
  items: Pair[],
  key: string,
  lines: string[],
): string {
  const pair = items.find((p) => isScalar(p.key) && p.key.value === key);
  const first = items[0];
  const anchor = (pair ?? first)?.key as Node | undefined;
  if (!anchor?.range) return text;
  const start = lineStart(text, anchor.range[0]);
  const column = anchor.range[0] - start;
  const block = lines.map((l) => ' '.repeat(column) + l).join('\n');
  if (!pair) return `${text.slice(0, start)}${block}\n${text.slice(start)}`;
  const value = pair.value as Node | null;
  let end = value?.range ? value.range[1] : anchor.range[1];
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  // A comment after a scalar value on its line belongs to the old value: it goes too.
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  if (/^\s*#/.test(rest)) end = lineEnd < 0 ? text.length : lineEnd;
  return `${text.slice(0, start)}${block}${text.slice(end)}`;
}

/** A new document names the newest release, as the assumed world's does. */
function defaultSimulationYaml(): string {
  return `apiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nmetadata: { name: imported }\nspec:\n  duration: 1h\n  kubernetesVersion: "${NEWEST_KUBERNETES_VERSION}"\n`;
}
