/**
 * Turns a parsed YAML document into plain data (objects, arrays, strings, numbers, booleans,
 * null) with hard limits: nesting depth, number of values (alias expansion included), number of
 * alias references. Keys must be scalars (as in Kubernetes); `<<` merge keys are applied as YAML
 * 1.1 (which Kubernetes' YAML reader uses) does. Never throws for any document.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import { MAX_ALIASES, MAX_DEPTH, MAX_VALUES } from '../limits.ts';
import type { Path, PathSegment } from '../types.ts';
import { resolveYaml11 } from './yaml11.ts';

export interface PlainIssue {
  /** Default 'error'. */
  severity?: 'warning';
  path: Path;
  message: string;
  at: 'key' | 'value';
  /** Text offsets, when the path alone would not find the spot (a duplicate key). */
  range?: readonly [number, number];
}

export interface PlainResult {
  value: unknown;
  issues: PlainIssue[];
}

interface State {
  /**
   * A Kubernetes object, read as kubectl reads it: plain scalars by YAML 1.1 rules (yaml11.ts),
   * and a duplicate key keeps its last value (go-yaml v2 outside strict mode), with a warning.
   */
  kubectl: boolean;
  anchors: Map<string, Node>;
  inProgress: Set<Node>;
  values: number;
  aliases: number;
  stopped: boolean;
  issues: PlainIssue[];
}

export function toPlain(doc: Document.Parsed, options: { kubectl?: boolean } = {}): PlainResult {
  const state: State = {
    kubectl: options.kubectl ?? false,
    anchors: new Map(),
    inProgress: new Set(),
    values: 0,
    aliases: 0,
    stopped: false,
    issues: [],
  };
  let value: unknown = null;
  try {
    value = convert(state, doc.contents, [], 1);
  } catch (error) {
    stop(
      state,
      [],
      `the document could not be read: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  return { value, issues: state.issues };
}

function stop(state: State, path: Path, message: string): void {
  if (!state.stopped) state.issues.push({ path, message, at: 'value' });
  state.stopped = true;
}

/** Sets a property without ever invoking a setter (a `__proto__` key stays a plain key). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function convert(state: State, node: unknown, path: PathSegment[], depth: number): unknown {
  if (state.stopped) return undefined;
  if (node === null || node === undefined) return null;
  state.values++;
  if (state.values > MAX_VALUES) {
    stop(
      state,
      path,
      `the document has more than ${MAX_VALUES.toLocaleString('en-US')} values (the limit; YAML aliases count each time they are used)`,
    );
    return undefined;
  }
  if (isAlias(node)) return convertAlias(state, node, path, depth);
  const anchor = (node as { anchor?: string }).anchor;
  if (anchor) state.anchors.set(anchor, node as Node);
  if (isScalar(node)) {
    // An untagged plain scalar is re-read from its text; quoted and tagged ones keep their value.
    if (state.kubectl && node.type === 'PLAIN' && !node.tag && typeof node.source === 'string') {
      const value = resolveYaml11(node.source);
      if (value !== undefined) return scalarValue(value);
    }
    return scalarValue(node.value);
  }
  // An item of a `!!pairs` or `!!omap` list is a bare pair: a map of one key, as YAML 1.1 defines.
  if (isPair(node)) return convertMap(state, [node], path, depth);
  if (isMap(node) || isSeq(node)) {
    if (depth > MAX_DEPTH) {
      stop(state, path, `maps and lists nest deeper than ${MAX_DEPTH} levels (the limit)`);
      return undefined;
    }
    state.inProgress.add(node);
    const out = isMap(node)
      ? convertMap(state, node.items, path, depth)
      : convertSeq(state, node.items, path, depth);
    state.inProgress.delete(node);
    return out;
  }
  return null;
}

function convertAlias(
  state: State,
  node: { source: string },
  path: PathSegment[],
  depth: number,
): unknown {
  state.aliases++;
  if (state.aliases > MAX_ALIASES) {
    stop(state, path, `more than ${MAX_ALIASES} YAML alias references (the limit)`);
    return undefined;
  }
  const target = state.anchors.get(node.source);
  if (!target) {
    state.issues.push({
      path,
      message: `unknown YAML anchor '&${node.source}' (define the anchor before the alias)`,
      at: 'value',
    });
    return null;
  }
  if (state.inProgress.has(target)) {
    stop(state, path, `the alias '*${node.source}' refers to a node that contains it (a cycle)`);
    return undefined;
  }
  return convert(state, target, path, depth);
}

function scalarValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

function keyOf(state: State, key: unknown, path: PathSegment[]): string | null {
  if (isScalar(key)) {
    const v = key.value;
    return v === null || v === undefined ? 'null' : String(v);
  }
  if (key === null || key === undefined) return 'null';
  if (isAlias(key)) {
    const target = state.anchors.get(key.source);
    if (target && isScalar(target)) return String(target.value);
  }
  state.issues.push({
    path,
    message: 'map keys must be plain strings, not maps or lists',
    at: 'key',
  });
  return null;
}

function convertMap(
  state: State,
  items: unknown[],
  path: PathSegment[],
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const merges: unknown[] = [];
  const seen = new Set<string>();
  for (const pair of items) {
    if (state.stopped) break;
    if (!isPair(pair)) continue;
    const key = keyOf(state, pair.key, path);
    if (key === null) continue;
    if (seen.has(key) && key !== '<<') {
      const r = (pair.key as { range?: [number, number, number] } | null)?.range;
      state.issues.push({
        ...(state.kubectl ? { severity: 'warning' as const } : {}),
        path: [...path, key],
        message: duplicateMessage(key, path, state.kubectl),
        at: 'key',
        ...(r ? { range: [r[0], r[1]] as const } : {}),
      });
    }
    seen.add(key);
    if (key === '<<' && isScalar(pair.key) && pair.key.type === 'PLAIN') {
      merges.push(convert(state, pair.value, [...path, key], depth + 1));
      continue;
    }
    setOwn(out, key, convert(state, pair.value, [...path, key], depth + 1));
  }
  for (const merge of merges) applyMerge(state, out, merge, path);
  return out;
}

/**
 * kubectl turns YAML into JSON with go-yaml v2 outside strict mode, where a repeated key silently
 * replaces the earlier value (kubernetes/kubernetes#67477, #89303, #125885): the cluster gets the
 * last one. A Kubernetes object is read the same way, with a warning; our own Simulation document
 * refuses duplicates.
 */
function duplicateMessage(key: string, path: Path, kubectl: boolean): string {
  const split =
    path.length === 0 && (key === 'apiVersion' || key === 'kind')
      ? ' (two objects with no --- line between them? Put --- on its own line before each object)'
      : '';
  if (!kubectl) return `duplicate key '${key}': keys in a map must be unique${split}`;
  return `duplicate key '${key}': kubectl keeps only the last value, so this one replaces the earlier '${key}', which the cluster never sees${split}`;
}

/** YAML 1.1 merge: keys already present win; a list merges its maps, earlier first. */
function applyMerge(state: State, out: Record<string, unknown>, merge: unknown, path: Path): void {
  const sources = Array.isArray(merge) ? merge : [merge];
  for (const source of sources) {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) {
      state.issues.push({
        path: [...path, '<<'],
        message: 'a << merge key needs a map or a list of maps',
        at: 'key',
      });
      return;
    }
    for (const [k, v] of Object.entries(source)) {
      if (!Object.prototype.hasOwnProperty.call(out, k)) setOwn(out, k, v);
    }
  }
}

function convertSeq(state: State, items: unknown[], path: PathSegment[], depth: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < items.length && !state.stopped; i++) {
    out.push(convert(state, items[i], [...path, i], depth + 1));
  }
  return out;
}
