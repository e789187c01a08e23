/**
 * A linear pre-scan that runs before the YAML parser and stops texts whose flow nesting
 * (`[[[[…`, `{{{{…`) or compact block-sequence nesting (`- - - - …`) is absurd. The YAML parser
 * recovers from deep nesting, but slowly; this keeps the worst case cheap. The scan is a
 * heuristic (it does not follow block scalars); its limit sits well above MAX_DEPTH, which is
 * checked exactly after parsing.
 */
import { MAX_DEPTH, MAX_PRESCAN_DEPTH, MAX_PRESCAN_ITEMS } from '../limits.ts';

export interface PrescanProblem {
  offset: number;
  message: string;
}

const NESTING_MESSAGE = `maps and lists nest deeper than ${MAX_DEPTH} levels (the limit)`;
const ITEMS_MESSAGE = `the scenario has more than ${MAX_PRESCAN_ITEMS.toLocaleString('en-US')} lines and list items (the limit)`;

export function prescan(
  text: string,
  limit = MAX_PRESCAN_DEPTH,
  maxItems = MAX_PRESCAN_ITEMS,
): PrescanProblem | null {
  let flow = 0;
  let items = 0;
  const tokens: TokenCache = { end: -1, start: -1 };
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (++items > maxItems) return { offset: i, message: ITEMS_MESSAGE };
    // Start of a line: count the compact sequence chain ("- - - x").
    let j = i;
    while (j < n && (text[j] === ' ' || text[j] === '\t')) j++;
    let chain = 0;
    while (j + 1 < n && (text[j] === '-' || text[j] === '?') && isBlank(text[j + 1]!)) {
      chain++;
      if (flow === 0 && chain > limit) return { offset: j, message: NESTING_MESSAGE };
      j += 2;
      while (j < n && (text[j] === ' ' || text[j] === '\t')) j++;
    }
    // Rest of the line.
    while (j < n && text[j] !== '\n') {
      const c = text[j]!;
      if (c === '#' && (j === 0 || isBlank(text[j - 1]!))) {
        while (j < n && text[j] !== '\n') j++;
        break;
      }
      if ((c === '"' || c === "'") && (flow > 0 || atNodeStart(text, j, tokens))) {
        j = skipQuoted(text, j);
        continue;
      }
      if (c === ',' && flow > 0 && ++items > maxItems) return { offset: j, message: ITEMS_MESSAGE };
      if ((c === '[' || c === '{') && (flow > 0 || atNodeStart(text, j, tokens))) {
        flow++;
        if (flow > limit) return { offset: j, message: NESTING_MESSAGE };
      } else if ((c === ']' || c === '}') && flow > 0) {
        flow--;
      }
      j++;
    }
    i = j + 1;
  }
  return null;
}

function isBlank(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/**
 * The start of the run of non-blank characters that ends at `p`. Calls come with growing `p`, so
 * the last answer is reused: a run of a million `{}` on one line costs one pass, not a million.
 */
interface TokenCache {
  end: number;
  start: number;
}

function tokenStart(text: string, p: number, cache: TokenCache): number {
  if (cache.end === p) return cache.start;
  let s = p;
  while (s > 0 && !isBlank(text[s - 1]!)) {
    if (s - 1 === cache.end) {
      s = cache.start;
      break;
    }
    s--;
  }
  cache.end = p;
  cache.start = s;
  return s;
}

/**
 * True when position `j` (outside any flow collection) can start a YAML node: at line start, after
 * ':', '-' or '?', or right after a tag or anchor. Inside a block plain scalar ("x[[") it cannot.
 */
function atNodeStart(text: string, j: number, cache: TokenCache): boolean {
  let p = j - 1;
  while (p >= 0 && (text[p] === ' ' || text[p] === '\t')) p--;
  if (p < 0 || text[p] === '\n') return true;
  const c = text[p]!;
  if (c === ':' || c === '-' || c === '?') return true;
  // A tag or an anchor right before: "&name [" or "!tag {".
  const first = text[tokenStart(text, p, cache)];
  return first === '&' || first === '!';
}

/** Index just past a quoted scalar starting at `start` (or the end of the text). */
function skipQuoted(text: string, start: number): number {
  const quote = text[start];
  let j = start + 1;
  while (j < text.length) {
    const c = text[j];
    if (quote === '"' && c === '\\') {
      j += 2;
      continue;
    }
    if (c === quote) {
      if (quote === "'" && text[j + 1] === "'") {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return j;
}
