// The curves of a text after a drag's writes, without parsing the new text: a drag sends a text
// per frame and the panel would otherwise find every curve in it again (a whole YAML parse).

import type { CurveSlot } from './findCurves.ts';
import type { Write } from './handles.ts';
import { formatNumber, type YamlPath } from './setScalar.ts';

/**
 * `slots` (from `findCurves(text)`) as `findCurves` reads them from
 * `applyWrites(text, slot, writes).text`: each write's number, as written into the text, set in
 * every slot holding it (the slot itself and the curves around it). Nothing is shared with
 * `slots`' data that changed.
 */
export function slotsWithWrites(
  slots: readonly CurveSlot[],
  slot: CurveSlot,
  writes: readonly Write[],
): CurveSlot[] {
  return slots.map((s) => {
    if (s.document !== slot.document) return s;
    let json = s.json;
    for (const w of writes) {
      const path = [...slot.path, ...w.path];
      if (!startsWith(path, s.path)) continue;
      // The text holds the number as `formatNumber` wrote it; YAML reads it back as this.
      json = setIn(json, path.slice(s.path.length), Number(formatNumber(w.value)));
    }
    return json === s.json ? s : { ...s, json };
  });
}

function startsWith(path: YamlPath, prefix: YamlPath): boolean {
  return prefix.length <= path.length && prefix.every((k, i) => path[i] === k);
}

/** `value` at `path` in a copy of `json` (copied along the path only); unchanged if absent. */
function setIn(json: unknown, path: YamlPath, value: number): unknown {
  if (path.length === 0) return value;
  if (json === null || typeof json !== 'object') return json;
  const [key, ...rest] = path;
  const child = (json as Record<string | number, unknown>)[key as string | number];
  if (child === undefined) return json;
  const next = setIn(child, rest, value);
  if (next === child) return json;
  if (Array.isArray(json)) {
    const copy = [...json];
    copy[key as number] = next;
    return copy;
  }
  return { ...(json as object), [key as string]: next };
}
