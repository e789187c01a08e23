// V8's Array.prototype.sort (third_party/v8/builtins/array-sort.tq, V8 ≥ 7.0: TimSort, a port
// of CPython's listsort) over an array of numbers, written out so the comparison is a plain JS
// call the compiler can inline instead of a call out of the builtin at every comparison. It makes
// the very same comparisons in the same order and acts on their signs as the builtin does, so
// with any comparison — consistent or not — the result is the builtin's (timSort.test.ts checks
// it against Array.prototype.sort with random, inconsistent answer tables). The ranking of pods
// for deletion needs exactly that: its comparison is not a strict weak order (deletionRank.ts),
// so the order belongs to the algorithm. Engines whose builtin sort is another algorithm
// (SpiderMonkey's merge sort, JavaScriptCore's) gave other orders; this gives V8's everywhere.

/** A comparison: negative when `a` goes first (only the sign is read, NaN counts as 0). */
export type Compare = (a: number, b: number) => number;

// array-sort.tq kMinGallopWins: galloping starts after this many wins in a row
const MIN_GALLOP_WINS = 7;

/** The sort's state (array-sort.tq SortState): its pending runs, the temp array, minGallop. */
class SortState {
  tmp: number[] = [];
  minGallop = MIN_GALLOP_WINS;
  runBase: number[] = [];
  runLength: number[] = [];
  runs = 0;

  constructor(
    readonly a: number[],
    readonly cmp: Compare,
  ) {}
}

/** Sorts `a[0..n)` in place as `a.sort(cmp)` would (V8's TimSort); returns `a`. */
export function timSort(a: number[], n: number, cmp: Compare): number[] {
  if (n < 2) return a;
  const s = new SortState(a, cmp);
  let remaining = n;
  let low = 0;
  const minRun = computeMinRunLength(remaining);
  while (remaining !== 0) {
    let run = countAndMakeRun(s, low, low + remaining);
    if (run < minRun) {
      const forced = Math.min(minRun, remaining);
      binaryInsertionSort(s, low, low + run, low + forced);
      run = forced;
    }
    s.runBase[s.runs] = low;
    s.runLength[s.runs] = run;
    s.runs++;
    mergeCollapse(s);
    low += run;
    remaining -= run;
  }
  mergeForceCollapse(s);
  return a;
}

// array-sort.tq ComputeMinRunLength
function computeMinRunLength(nArg: number): number {
  let n = nArg;
  let r = 0;
  while (n >= 64) {
    r |= n & 1;
    n >>= 1;
  }
  return n + r;
}

// array-sort.tq CountAndMakeRun: the run starting at low (a strictly descending one reversed)
function countAndMakeRun(s: SortState, lowArg: number, high: number): number {
  const a = s.a;
  const cmp = s.cmp;
  const low = lowArg + 1;
  if (low === high) return 1;
  let runLength = 2;
  const elementLow = a[low]!;
  let order = cmp(elementLow, a[low - 1]!);
  const isDescending = order < 0;
  let previous = elementLow;
  for (let idx = low + 1; idx < high; ++idx) {
    const current = a[idx]!;
    order = cmp(current, previous);
    if (isDescending) {
      if (!(order < 0)) break;
    } else if (order < 0) break;
    previous = current;
    ++runLength;
  }
  if (isDescending) {
    for (let i = lowArg, j = lowArg + runLength - 1; i < j; i++, j--) {
      const x = a[i]!;
      a[i] = a[j]!;
      a[j] = x;
    }
  }
  return runLength;
}

// array-sort.tq BinaryInsertionSort: [low, startArg) is sorted; insert [start, high)
function binaryInsertionSort(s: SortState, low: number, startArg: number, high: number): void {
  const a = s.a;
  const cmp = s.cmp;
  let start = low === startArg ? startArg + 1 : startArg;
  for (; start < high; ++start) {
    let left = low;
    let right = start;
    const pivot = a[start]!;
    while (left < right) {
      const mid = left + ((right - left) >> 1);
      if (cmp(pivot, a[mid]!) < 0) right = mid;
      else left = mid + 1;
    }
    for (let p = start; p > left; --p) a[p] = a[p - 1]!;
    a[left] = pivot;
  }
}

// array-sort.tq RunInvariantEstablished
function runInvariantEstablished(s: SortState, n: number): boolean {
  if (n < 2) return true;
  const len = s.runLength;
  return len[n - 2]! > len[n - 1]! + len[n]!;
}

// array-sort.tq MergeCollapse
function mergeCollapse(s: SortState): void {
  const len = s.runLength;
  while (s.runs > 1) {
    let n = s.runs - 2;
    if (!runInvariantEstablished(s, n + 1) || !runInvariantEstablished(s, n)) {
      if (len[n - 1]! < len[n + 1]!) --n;
      mergeAt(s, n);
    } else if (len[n]! <= len[n + 1]!) {
      mergeAt(s, n);
    } else break;
  }
}

// array-sort.tq MergeForceCollapse
function mergeForceCollapse(s: SortState): void {
  const len = s.runLength;
  while (s.runs > 1) {
    let n = s.runs - 2;
    if (n > 0 && len[n - 1]! < len[n + 1]!) --n;
    mergeAt(s, n);
  }
}

// array-sort.tq MergeAt: merge the pending runs i and i + 1
function mergeAt(s: SortState, i: number): void {
  const a = s.a;
  const base = s.runBase;
  const len = s.runLength;
  let baseA = base[i]!;
  let lengthA = len[i]!;
  const baseB = base[i + 1]!;
  let lengthB = len[i + 1]!;
  len[i] = lengthA + lengthB;
  if (i === s.runs - 3) {
    base[i + 1] = base[i + 2]!;
    len[i + 1] = len[i + 2]!;
  }
  s.runs--;
  // Where does b start in a? Elements of a before that are already in place.
  const k = gallopRight(s, a, a[baseB]!, baseA, lengthA, 0);
  baseA += k;
  lengthA -= k;
  if (lengthA === 0) return;
  // Where does a end in b? Elements of b after that are already in place.
  lengthB = gallopLeft(s, a, a[baseA + lengthA - 1]!, baseB, lengthB, lengthB - 1);
  if (lengthB === 0) return;
  if (lengthA <= lengthB) mergeLow(s, baseA, lengthA, baseB, lengthB);
  else mergeHigh(s, baseA, lengthA, baseB, lengthB);
}

// array-sort.tq GallopLeft: the leftmost place for key in arr[base, base + length), from hint
function gallopLeft(
  s: SortState,
  arr: number[],
  key: number,
  base: number,
  length: number,
  hint: number,
): number {
  const cmp = s.cmp;
  let lastOfs = 0;
  let offset = 1;
  let order = cmp(arr[base + hint]!, key);
  if (order < 0) {
    // arr[hint] < key: gallop right
    const maxOfs = length - hint;
    while (offset < maxOfs) {
      order = cmp(arr[base + hint + offset]!, key);
      if (!(order < 0)) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    lastOfs += hint;
    offset += hint;
  } else {
    // key <= arr[hint]: gallop left
    const maxOfs = hint + 1;
    while (offset < maxOfs) {
      order = cmp(arr[base + hint - offset]!, key);
      if (order < 0) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    const tmp = lastOfs;
    lastOfs = hint - offset;
    offset = hint - tmp;
  }
  lastOfs++;
  while (lastOfs < offset) {
    const m = lastOfs + ((offset - lastOfs) >> 1);
    order = cmp(arr[base + m]!, key);
    if (order < 0) lastOfs = m + 1;
    else offset = m;
  }
  return offset;
}

// array-sort.tq GallopRight: the rightmost place for key in arr[base, base + length), from hint
function gallopRight(
  s: SortState,
  arr: number[],
  key: number,
  base: number,
  length: number,
  hint: number,
): number {
  const cmp = s.cmp;
  let lastOfs = 0;
  let offset = 1;
  let order = cmp(key, arr[base + hint]!);
  if (order < 0) {
    // key < arr[hint]: gallop left
    const maxOfs = hint + 1;
    while (offset < maxOfs) {
      order = cmp(key, arr[base + hint - offset]!);
      if (!(order < 0)) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    const tmp = lastOfs;
    lastOfs = hint - offset;
    offset = hint - tmp;
  } else {
    // arr[hint] <= key: gallop right
    const maxOfs = length - hint;
    while (offset < maxOfs) {
      order = cmp(key, arr[base + hint + offset]!);
      if (order < 0) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    lastOfs += hint;
    offset += hint;
  }
  lastOfs++;
  while (lastOfs < offset) {
    const m = lastOfs + ((offset - lastOfs) >> 1);
    order = cmp(key, arr[base + m]!);
    if (order < 0) offset = m;
    else lastOfs = m + 1;
  }
  return offset;
}

/** `count` elements from src[from] to dst[to] (overlapping ranges copied as memmove does). */
function copy(src: number[], from: number, dst: number[], to: number, count: number): void {
  if (src === dst && from < to) {
    for (let i = count - 1; i >= 0; i--) dst[to + i] = src[from + i]!;
  } else {
    for (let i = 0; i < count; i++) dst[to + i] = src[from + i]!;
  }
}

// array-sort.tq MergeLow: run a (the shorter) copied out, merged from the left
function mergeLow(
  s: SortState,
  baseA: number,
  lengthAArg: number,
  baseB: number,
  lengthBArg: number,
): void {
  const a = s.a;
  const cmp = s.cmp;
  let lengthA = lengthAArg;
  let lengthB = lengthBArg;
  const tmp = s.tmp;
  copy(a, baseA, tmp, 0, lengthA);
  let dest = baseA;
  let cursorTemp = 0;
  let cursorB = baseB;
  a[dest++] = a[cursorB++]!;
  // 0: succeed, 1: copy b (the last element of a goes at the end)
  let exit: 0 | 1 = 0;
  outer: {
    if (--lengthB === 0) break outer;
    if (lengthA === 1) {
      exit = 1;
      break outer;
    }
    let minGallop = s.minGallop;
    for (;;) {
      let winsA = 0;
      let winsB = 0;
      // Straightforward merge until one run appears to win consistently.
      for (;;) {
        if (cmp(a[cursorB]!, tmp[cursorTemp]!) < 0) {
          a[dest++] = a[cursorB++]!;
          ++winsB;
          --lengthB;
          winsA = 0;
          if (lengthB === 0) break outer;
          if (winsB >= minGallop) break;
        } else {
          a[dest++] = tmp[cursorTemp++]!;
          ++winsA;
          --lengthA;
          winsB = 0;
          if (lengthA === 1) {
            exit = 1;
            break outer;
          }
          if (winsA >= minGallop) break;
        }
      }
      ++minGallop;
      let first = true;
      while (winsA >= MIN_GALLOP_WINS || winsB >= MIN_GALLOP_WINS || first) {
        first = false;
        minGallop = Math.max(1, minGallop - 1);
        s.minGallop = minGallop;
        winsA = gallopRight(s, tmp, a[cursorB]!, cursorTemp, lengthA, 0);
        if (winsA > 0) {
          copy(tmp, cursorTemp, a, dest, winsA);
          dest += winsA;
          cursorTemp += winsA;
          lengthA -= winsA;
          if (lengthA === 1) {
            exit = 1;
            break outer;
          }
          // impossible with a consistent comparison, which this one need not be
          if (lengthA === 0) break outer;
        }
        a[dest++] = a[cursorB++]!;
        if (--lengthB === 0) break outer;
        winsB = gallopLeft(s, a, tmp[cursorTemp]!, cursorB, lengthB, 0);
        if (winsB > 0) {
          copy(a, cursorB, a, dest, winsB);
          dest += winsB;
          cursorB += winsB;
          lengthB -= winsB;
          if (lengthB === 0) break outer;
        }
        a[dest++] = tmp[cursorTemp++]!;
        if (--lengthA === 1) {
          exit = 1;
          break outer;
        }
      }
      ++minGallop;
      s.minGallop = minGallop;
    }
  }
  if (exit === 0) {
    if (lengthA > 0) copy(tmp, cursorTemp, a, dest, lengthA);
  } else {
    copy(a, cursorB, a, dest, lengthB);
    a[dest + lengthB] = tmp[cursorTemp]!;
  }
}

// array-sort.tq MergeHigh: run b (the shorter) copied out, merged from the right
function mergeHigh(
  s: SortState,
  baseA: number,
  lengthAArg: number,
  baseB: number,
  lengthBArg: number,
): void {
  const a = s.a;
  const cmp = s.cmp;
  let lengthA = lengthAArg;
  let lengthB = lengthBArg;
  const tmp = s.tmp;
  copy(a, baseB, tmp, 0, lengthB);
  let dest = baseB + lengthB - 1;
  let cursorTemp = lengthB - 1;
  let cursorA = baseA + lengthA - 1;
  a[dest--] = a[cursorA--]!;
  // 0: succeed, 1: copy a (the first element of b goes at the front)
  let exit: 0 | 1 = 0;
  outer: {
    if (--lengthA === 0) break outer;
    if (lengthB === 1) {
      exit = 1;
      break outer;
    }
    let minGallop = s.minGallop;
    for (;;) {
      let winsA = 0;
      let winsB = 0;
      for (;;) {
        if (cmp(tmp[cursorTemp]!, a[cursorA]!) < 0) {
          a[dest--] = a[cursorA--]!;
          ++winsA;
          --lengthA;
          winsB = 0;
          if (lengthA === 0) break outer;
          if (winsA >= minGallop) break;
        } else {
          a[dest--] = tmp[cursorTemp--]!;
          ++winsB;
          --lengthB;
          winsA = 0;
          if (lengthB === 1) {
            exit = 1;
            break outer;
          }
          if (winsB >= minGallop) break;
        }
      }
      ++minGallop;
      let first = true;
      while (winsA >= MIN_GALLOP_WINS || winsB >= MIN_GALLOP_WINS || first) {
        first = false;
        minGallop = Math.max(1, minGallop - 1);
        s.minGallop = minGallop;
        let k = gallopRight(s, a, tmp[cursorTemp]!, baseA, lengthA, lengthA - 1);
        winsA = lengthA - k;
        if (winsA > 0) {
          dest -= winsA;
          cursorA -= winsA;
          copy(a, cursorA + 1, a, dest + 1, winsA);
          lengthA -= winsA;
          if (lengthA === 0) break outer;
        }
        a[dest--] = tmp[cursorTemp--]!;
        if (--lengthB === 1) {
          exit = 1;
          break outer;
        }
        k = gallopLeft(s, tmp, a[cursorA]!, 0, lengthB, lengthB - 1);
        winsB = lengthB - k;
        if (winsB > 0) {
          dest -= winsB;
          cursorTemp -= winsB;
          copy(tmp, cursorTemp + 1, a, dest + 1, winsB);
          lengthB -= winsB;
          if (lengthB === 1) {
            exit = 1;
            break outer;
          }
          // impossible with a consistent comparison, which this one need not be
          if (lengthB === 0) break outer;
        }
        a[dest--] = a[cursorA--]!;
        if (--lengthA === 0) break outer;
      }
      ++minGallop;
      s.minGallop = minGallop;
    }
  }
  if (exit === 0) {
    if (lengthB > 0) copy(tmp, 0, a, dest - (lengthB - 1), lengthB);
  } else {
    dest -= lengthA;
    cursorA -= lengthA;
    copy(a, cursorA + 1, a, dest + 1, lengthA);
    a[dest] = tmp[cursorTemp]!;
  }
}
