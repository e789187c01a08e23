/** Helpers for plain data read from YAML: cloning, dropping nulls and unknown fields. */
import type { Path } from './types.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy of JSON-like data (own enumerable keys; `__proto__` stays a plain key). */
export function clonePlain<T>(value: T): T {
  return copy(value, false) as T;
}

/**
 * A deep copy without null-valued map entries: Kubernetes' JSON decoding treats `field: null`
 * as an absent field, and so does the scenario format. Nulls inside lists are kept.
 */
export function withoutNulls<T>(value: T): T {
  return copy(value, true) as T;
}

function copy(value: unknown, dropNulls: boolean): unknown {
  if (Array.isArray(value)) {
    // Array.from, not `map`: V8's map returns a packed list from its builtin but a holey one
    // once inlined in optimised code, so the same document's lists (the HPA's metrics) had
    // another hidden class after a scenario that made `copy` hot, and the engine's code
    // optimised on the one threw itself away on the other. Array.from always runs its builtin:
    // packed, of the kind the values make (small integers, doubles, objects), as map's builtin
    // gives. A pushed `[]` would not do: its site learns objects' kind, and lists of numbers
    // then turned to objects' too. A list with holes keeps them (map), as before.
    for (let i = 0; i < value.length; i++)
      if (!(i in value)) return value.map((v) => copy(v, dropNulls));
    return Array.from(value, (v) => copy(v, dropNulls));
  }
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (dropNulls && (v === null || v === undefined)) continue;
    setOwn(out, key, copy(v, dropNulls));
  }
  return out;
}

/** Deletes the fields at `paths` (unknown fields a decoder would skip) from `value`, in place. */
export function deletePaths(value: unknown, paths: readonly Path[]): void {
  for (const path of paths) {
    let node: unknown = value;
    for (let i = 0; i < path.length - 1 && node !== undefined; i++) {
      const seg = path[i]!;
      node =
        Array.isArray(node) && typeof seg === 'number'
          ? node[seg]
          : isRecord(node) && Object.hasOwn(node, seg)
            ? node[seg]
            : undefined;
    }
    const last = path[path.length - 1];
    if (isRecord(node) && typeof last === 'string' && Object.hasOwn(node, last)) delete node[last];
  }
}

/**
 * Removes the values at `paths` (ones that failed the schema's type or format check) so that a
 * reader after the schema sees each field either absent or of its declared type. A list element is
 * never dropped alone (the list's indices must stay those of the text, for located messages): the
 * list that holds it goes, up to the nearest map key. Returns the paths removed.
 */
export function pruneInvalid(value: unknown, paths: readonly Path[]): Path[] {
  const removed: Path[] = [];
  for (const path of paths) {
    let cut = path.length;
    while (cut > 0 && typeof path[cut - 1] === 'number') cut--;
    if (cut === 0) continue;
    const at = path.slice(0, cut);
    if (removed.some((r) => startsWith(at, r))) continue;
    deletePaths(value, [at]);
    removed.push(at);
  }
  return removed;
}

/** Whether `path` is `prefix` or lies under it. */
export function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);
}

/** The value at `path`, or undefined. */
export function getPath(value: unknown, path: Path): unknown {
  let node = value;
  for (const seg of path) {
    if (Array.isArray(node) && typeof seg === 'number') node = node[seg];
    else if (isRecord(node) && typeof seg === 'string' && Object.hasOwn(node, seg))
      node = node[seg];
    else return undefined;
  }
  return node;
}
