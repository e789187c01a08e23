// Adding a variant to a scenario's text: the "duplicate as variant" button and the policy
// search's "add candidate as variant" call this. The new entry is inserted as text after the last
// variant (or at the end of `spec`), so everything else stays byte for byte; only a flow-style
// `spec` or `variants` (`{ … }`, `[ … ]`) is re-serialized by the yaml Document API, which keeps
// comments but may re-wrap that one document. Pure, no DOM.

import {
  isMap,
  isSeq,
  parseAllDocuments,
  stringify,
  type Document,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { parseScenario } from '../parseScenario.ts';
import { isRecord } from '../plainData.ts';
import { BASE_RUN_KEY } from '../variants/readVariants.ts';
import type { EditResult } from './setScalar.ts';

export interface NewVariant {
  name: string;
  /** a JSON merge patch over the HPA's spec */
  patch: Record<string, unknown>;
  description?: string;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** `text` with `variant` appended to the Simulation document's spec.variants (both made if absent). */
export function addVariant(text: string, variant: NewVariant): EditResult {
  if (!DNS_LABEL.test(variant.name))
    return { ok: false, error: `'${variant.name}' is not a DNS label (a-z, 0-9, '-', ≤ 63)` };
  if (variant.name === BASE_RUN_KEY)
    return { ok: false, error: `'${BASE_RUN_KEY}' names the HPA itself` };
  if (!isRecord(variant.patch)) return { ok: false, error: 'the patch must be a map' };
  const entry: Record<string, unknown> = { name: variant.name };
  if (variant.description) entry.description = variant.description;
  entry.patch = variant.patch;

  const docs = Array.from(parseAllDocuments(text, { logLevel: 'silent' }));
  if (docs.some((d) => !('contents' in d) || d.errors.length > 0))
    return { ok: false, error: 'the scenario has syntax errors' };
  const sim = (docs as Document.Parsed[]).find((d) => isSimulation(d.contents));
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (!sim) return withNewSimulation(text, entry, eol);
  const names = sim.getIn(['spec', 'variants']);
  if (isSeq(names) && names.items.some((i) => isMap(i) && i.get('name') === variant.name))
    return { ok: false, error: `a variant named '${variant.name}' already exists` };
  const hpaName = parseScenario(text).selectedHpa;
  if (hpaName && hpaName === variant.name)
    return { ok: false, error: `'${variant.name}' is the HPA's own name` };
  const inserted = insertAsText(text, sim, entry, eol);
  return inserted ?? reserialized(text, sim, entry);
}

/** Block style: the entry's lines at the list's (or spec's) indentation, nothing else touched. */
function insertAsText(
  text: string,
  sim: Document.Parsed,
  entry: Record<string, unknown>,
  eol: string,
): EditResult | null {
  const spec = sim.get('spec', true);
  if (!isMap(spec) || (spec as YAMLMap).flow || !(spec as Node).range) return null;
  const list = (spec as YAMLMap).get('variants', true);
  let at: number;
  let body: string;
  if (list === undefined || list === null) {
    at = (spec as Node).range![1];
    const indent = columnOf(text, (spec as Node).range![0]);
    body = indented(stringify({ variants: [entry] }), indent);
  } else if (isSeq(list) && !(list as YAMLSeq).flow && (list as Node).range) {
    at = (list as Node).range![1];
    body = indented(stringify([entry]), columnOf(text, (list as Node).range![0]));
  } else {
    return null;
  }
  const lead = at > 0 && text[at - 1] !== '\n' ? eol : '';
  const lines = body.replace(/\n/g, eol);
  return { ok: true, text: text.slice(0, at) + lead + lines + text.slice(at) };
}

function reserialized(text: string, sim: Document.Parsed, entry: Record<string, unknown>) {
  const list = sim.getIn(['spec', 'variants'], true);
  if (isSeq(list)) list.add(sim.createNode(entry));
  else sim.setIn(['spec', 'variants'], sim.createNode([entry]));
  const [start, , end] = sim.range;
  const out = sim.toString();
  return { ok: true as const, text: text.slice(0, start) + out + text.slice(end) };
}

/** No Simulation document: the default world's equivalent one (same run) first, then the variant. */
function withNewSimulation(text: string, entry: Record<string, unknown>, eol: string): EditResult {
  const world = parseScenario(text).defaultSimulation;
  if (world === null)
    return { ok: false, error: 'the HPA must be valid before a variant can be added' };
  const sep = text.length === 0 || text.endsWith('\n') ? '' : eol;
  const withWorld = `${text}${sep}---${eol}${world.replace(/\n/g, eol)}`;
  if (!parseAllDocuments(withWorld).some((d) => isSimulation(d.contents)))
    return { ok: false, error: 'could not add a Simulation document' };
  return addVariant(withWorld, entry as unknown as NewVariant);
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

function indented(block: string, columns: number): string {
  const pad = ' '.repeat(columns);
  return block
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

function isSimulation(node: unknown): boolean {
  return isMap(node) && (node as YAMLMap).get('kind') === 'Simulation';
}

/**
 * "Duplicate as variant": a new variant (`variant-2`, `variant-3`, … the first free name) whose
 * patch is a copy of the HPA's behavior as written (the API defaults when it has none), ready to
 * edit. Refuses when the scenario has errors.
 */
export function duplicateAsVariant(text: string): EditResult {
  const parsed = parseScenario(text);
  if (!parsed.ok || !parsed.effectiveHpa)
    return { ok: false, error: 'fix the scenario first: only a valid HPA can be duplicated' };
  const taken = new Set([...parsed.variants.map((v) => v.name), parsed.selectedHpa]);
  let n = 2;
  while (taken.has(`variant-${n}`)) n++;
  const spec = (parsed.hpaManifest as { spec?: { behavior?: unknown } } | null)?.spec;
  const behavior = isRecord(spec?.behavior) ? spec.behavior : parsed.effectiveHpa.spec.behavior;
  return addVariant(text, {
    name: `variant-${n}`,
    description: 'a copy of the HPA behavior: edit the patch',
    patch: { behavior: JSON.parse(JSON.stringify(behavior ?? {})) as unknown },
  });
}
