/**
 * JSON merge patch (RFC 7386, as `kubectl patch --type merge` applies it): maps merge key by key,
 * a null deletes the key, anything else (lists included) replaces the target's value wholesale.
 * Pure; the inputs are left untouched.
 */
import { isRecord } from '../plainData.ts';

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const result: Record<string, unknown> = {};
  if (isRecord(target)) for (const [k, v] of Object.entries(target)) setOwn(result, k, v);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setOwn(result, key, mergePatch(result[key], value));
  }
  return result;
}

/** A key named `__proto__` is data here, never the object's prototype. */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
