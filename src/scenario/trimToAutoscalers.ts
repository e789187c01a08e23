/**
 * A file over the size limit, cut down to what a scenario reads: the autoscalers
 * (HorizontalPodAutoscaler, KEDA ScaledObject), the workloads their scaleTargetRef names, and any
 * Simulation document. Made for `kubectl get … -o yaml` dumps: a `kind: List` of a namespace's
 * objects (thousands of Deployments around one HPA) is megabytes, its scenario a few kilobytes.
 *
 * The file is not parsed whole (that is what the limit protects): a YAML List is cut into its items
 * by their `- ` lines, a stream into its documents by `---`, and only an autoscaler's own text is
 * parsed; every kept object stays byte for byte as written (comments, order, formatting). JSON is
 * parsed (cheaply) and written back with its kept items.
 */
import { parse } from 'yaml';

const AUTOSCALERS = new Set(['HorizontalPodAutoscaler', 'ScaledObject']);
/** The trimmer does not even scan texts past this (a paste of that size is not a cluster dump). */
const MAX_SCANNED_CHARS = 64 * 1024 * 1024;

interface Target {
  kind: string;
  name: string;
  namespace: string | null;
}

interface ObjectText {
  /** the object's lines with the list item's indentation taken off (top-level keys at column 0) */
  flat: string;
}

/** The text with only the autoscalers, their workloads and Simulation documents (null: none). */
export function trimToAutoscalers(text: string): string | null {
  if (text.length > MAX_SCANNED_CHARS) return null;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return trimJson(text);
  return trimYaml(text);
}

const patterns = new Map<string, RegExp>();
/** `key: value` at the start of a line after `indent` (patterns made once per key). */
function field(block: string, key: string, indent = ''): string | null {
  const id = `${indent}|${key}`;
  let re = patterns.get(id);
  if (!re) patterns.set(id, (re = new RegExp(`^${indent}${key}:[ \\t]*["']?([^"'\\s#]+)`, 'm')));
  return re.exec(block)?.[1] ?? null;
}

function topLevel(flat: string, key: string): string | null {
  return field(flat, key);
}

/** metadata.name and metadata.namespace of a block `metadata:` (kubectl writes it so). */
function metadataOf(flat: string): { name: string | null; namespace: string | null } {
  const at = /^metadata:[ \t]*$/m.exec(flat);
  if (!at) return { name: null, namespace: null };
  const rest = flat.slice(at.index + at[0].length + 1);
  const end = rest.search(/^\S/m);
  const block = end < 0 ? rest : rest.slice(0, end);
  const indent = /^([ \t]+)\S/m.exec(block)?.[1] ?? '  ';
  return { name: field(block, 'name', indent), namespace: field(block, 'namespace', indent) };
}

function targetOf(flat: string): Target | null {
  let doc: unknown;
  try {
    doc = parse(flat);
  } catch {
    return null;
  }
  const o = doc as {
    kind?: unknown;
    metadata?: { namespace?: unknown };
    spec?: { scaleTargetRef?: { kind?: unknown; name?: unknown } };
  } | null;
  const ref = o?.spec?.scaleTargetRef;
  if (!ref || typeof ref.name !== 'string') return null;
  // A ScaledObject's target is a Deployment unless it says otherwise.
  const kind = typeof ref.kind === 'string' ? ref.kind : 'Deployment';
  const ns = o?.metadata?.namespace;
  return { kind, name: ref.name, namespace: typeof ns === 'string' ? ns : null };
}

function isTarget(flat: string, targets: readonly Target[]): boolean {
  const kind = topLevel(flat, 'kind');
  if (!kind) return false;
  const { name, namespace } = metadataOf(flat);
  return targets.some(
    (t) =>
      t.kind === kind &&
      t.name === name &&
      (t.namespace === null || namespace === null || t.namespace === namespace),
  );
}

/** Which objects to keep: autoscalers, Simulation documents, then what the autoscalers scale. */
function keep(objects: readonly ObjectText[]): boolean[] {
  const kinds = objects.map((o) => topLevel(o.flat, 'kind'));
  const targets = objects.flatMap((o, i) =>
    AUTOSCALERS.has(kinds[i] ?? '') ? [targetOf(o.flat)].filter((t) => t !== null) : [],
  );
  if (!kinds.some((k) => AUTOSCALERS.has(k ?? ''))) return objects.map(() => false);
  return objects.map(
    (o, i) =>
      AUTOSCALERS.has(kinds[i] ?? '') || kinds[i] === 'Simulation' || isTarget(o.flat, targets),
  );
}

interface ListCut {
  header: string;
  items: string[][];
  flats: string[];
  trailer: string;
}

function trimYaml(text: string): string | null {
  const docs = text.split(/^(?=---[ \t]*(?:#.*)?$)/m).map((raw) => {
    const marker = /^---[^\n]*\n?/.exec(raw)?.[0] ?? '';
    const body = raw.slice(marker.length);
    return { marker, body, list: cutList(body) };
  });
  // Every object of the file, in order, so an HPA keeps its workload whatever document it is in.
  const flats = docs.flatMap((d) => (d.list ? d.list.flats : d.body.trim() ? [d.body] : []));
  const kept = keep(flats.map((flat) => ({ flat })));
  if (!kept.some(Boolean)) return null;
  let k = 0;
  const out: string[] = [];
  for (const d of docs) {
    if (d.list) {
      const items = d.list.items.filter(() => kept[k++]);
      if (items.length === 0) continue;
      const parts = [d.list.header.replace(/\n$/, ''), ...items.flat(), d.list.trailer];
      out.push(d.marker + parts.join('\n'));
    } else if (d.body.trim()) {
      if (kept[k++]) out.push(d.marker + d.body);
    }
  }
  return out.join('').replace(/^---[^\n]*\n/, '');
}

/** A document with a top-level `items:` list cut into its header, its items and its trailer. */
function cutList(body: string): ListCut | null {
  const items = /^items:[ \t]*\n/m.exec(body);
  if (!items) return null;
  const start = items.index + items[0].length;
  const lines = body.slice(start).split('\n');
  const first = lines.findIndex((l) => /^[ \t]*- /.test(l));
  if (first < 0) return null;
  const indent = /^[ \t]*/.exec(lines[first]!)![0].length;
  const chunks: string[][] = [];
  let i = first;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    const lead = /^[ \t]*/.exec(l)![0].length;
    if (l.trim() === '' || l.trimStart().startsWith('#')) {
      chunks[chunks.length - 1]?.push(l);
      continue;
    }
    if (lead === indent && l.slice(indent).startsWith('- ')) chunks.push([l]);
    else if (lead > indent) chunks[chunks.length - 1]!.push(l);
    else break; // the list ended: `kind: List`, `metadata:` …
  }
  // The item's own text with its top-level keys at column 0 (the `- ` becomes indentation).
  const flat = (c: string[]) =>
    c
      .map((l, k) => (k === 0 ? ' '.repeat(indent + 2) + l.slice(indent + 2) : l))
      .map((l) => l.slice(Math.min(indent + 2, /^[ \t]*/.exec(l)![0].length)))
      .join('\n');
  return {
    header: body.slice(0, start) + lines.slice(0, first).join('\n'),
    items: chunks,
    flats: chunks.map(flat),
    trailer: lines.slice(i).join('\n'),
  };
}

function trimJson(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const list = value as { items?: unknown[] } | unknown[];
  const items = Array.isArray(list) ? list : Array.isArray(list?.items) ? list.items : null;
  if (!items) return null;
  const kindOf = (o: unknown) => (o as { kind?: unknown } | null)?.kind;
  const autoscalers = items.filter((o) => AUTOSCALERS.has(String(kindOf(o))));
  if (autoscalers.length === 0) return null;
  const targets = autoscalers.flatMap((o) => {
    const t = targetOf(JSON.stringify(o));
    return t ? [t] : [];
  });
  const kept = items.filter((o) => {
    const kind = String(kindOf(o));
    if (AUTOSCALERS.has(kind) || kind === 'Simulation') return true;
    const meta = (o as { metadata?: { name?: unknown; namespace?: unknown } }).metadata;
    return targets.some(
      (t) =>
        t.kind === kind &&
        t.name === meta?.name &&
        (t.namespace === null || meta?.namespace === undefined || t.namespace === meta.namespace),
    );
  });
  const out = Array.isArray(list) ? kept : { ...list, items: kept };
  return `${JSON.stringify(out, null, 2)}\n`;
}
