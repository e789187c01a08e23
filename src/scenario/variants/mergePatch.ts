/**
 * JSON merge patch (RFC 7386, as `kubectl patch --type merge` applies it): maps merge key by key,
 * a null deletes the key, anything else (lists included) replaces the target's value wholesale.
 * Pure; the inputs are left untouched and the result shares no objects or lists with the patch
 * (a search mutating a candidate never edits the patch it came from).
 */
import { isRecord } from '../plainData.ts';

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return copyOf(patch);
  const result: Record<string, unknown> = {};
  if (isRecord(target)) for (const [k, v] of Object.entries(target)) setOwn(result, k, v);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setOwn(result, key, mergePatch(result[key], value));
  }
  return result;
}

function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, k, copyOf(v));
  return out;
}

/** A key named `__proto__` is data here, never the object's prototype. */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
