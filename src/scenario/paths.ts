/** Paths into documents: segment lists, and their display form `spec.metrics[0]["a.b"]`. */
import type { Path, PathSegment } from './types.ts';

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** `spec.metrics[0].resource`; keys that are not plain identifiers are written `["a.b/c"]`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/**
 * Parses the display form back into segments (also the controller's validation paths and the
 * curve validator's paths). Never throws: an unreadable tail is kept as one key.
 */
export function parsePath(text: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '.') {
      i += 1;
      continue;
    }
    if (c === '[') {
      const close = findClose(text, i);
      if (close < 0) {
        out.push(text.slice(i));
        break;
      }
      const inner = text.slice(i + 1, close);
      out.push(/^\d+$/.test(inner) ? Number(inner) : unquote(inner));
      i = close + 1;
      continue;
    }
    let j = i;
    while (j < text.length && text[j] !== '.' && text[j] !== '[') j += 1;
    out.push(text.slice(i, j));
    i = j;
  }
  return out;
}

function findClose(text: string, open: number): number {
  if (text[open + 1] !== '"') return text.indexOf(']', open);
  let i = open + 2;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return text[i + 1] === ']' ? i + 1 : -1;
    else i += 1;
  }
  return -1;
}

function unquote(inner: string): string {
  if (!inner.startsWith('"')) return inner;
  try {
    const value: unknown = JSON.parse(inner);
    return typeof value === 'string' ? value : inner;
  } catch {
    return inner;
  }
}
