// How the long run judges memory (issue 28's bound: 1 GB), per input and per process.
//
// The November 2026 run's one "over memory" finding (RSS 1,045 MB after a 1.1 MB `kind: List`
// dump, in a process that had run ≈ 50,000 inputs) was neither: replayed with the same seeds,
// the live heap after a full collection stayed at 100–109 MB for 40,000 inputs (no leak), and
// the costliest stream input raised the peak RSS by ≈ 100 MB (368 → 471 MB). What passed 1 GB
// was the process's resident slack: pages V8 and malloc keep after a collection (RSS after
// `gc()` stays at its high-water mark; 275–510 MB there). Judging RSS after an input blamed the
// input for earlier inputs' slack and missed a short peak during it, so the run now measures:
//  - an input's own peak: the peak RSS while it ran (Linux: VmHWM, reset before each input via
//    /proc/self/clear_refs) above the RSS before it — an input too costly for the bound;
//  - what the process keeps: the live heap and external memory after a full collection, after
//    each batch — accumulation across inputs (a leak).
import { readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 * 1024;

/** Whether this process can reset its peak RSS (Linux ≥ 4.0; elsewhere the peak is lifelong). */
const resettable = (() => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
})();

/** Starts an input: its RSS now, and the peak reset so the peak read after it is its own. */
export function inputStarts(): number {
  const rss = process.memoryUsage().rss / MB;
  if (resettable) writeFileSync('/proc/self/clear_refs', '5');
  return rss;
}

/** The peak RSS (MB) since `inputStarts` (or, where it cannot be reset, the process's). */
export function peakSinceStart(): number {
  if (resettable) {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** What a full collection leaves (MB): the heap in use and memory outside it (buffers). */
export function liveAfterCollection(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.external) / MB;
}

/** A finding's message for an input that itself went past the bound, or null. */
export function inputOverBound(before: number, peak: number, limitMB: number): string | null {
  const own = peak - before;
  return own > limitMB
    ? `this input raised RSS by ${Math.round(own)} MB (${Math.round(before)} → ${Math.round(peak)} MB; bound ${limitMB} MB)`
    : null;
}

/** A finding's message for a process that keeps more than the bound alive, or null. */
export function keptOverBound(liveMB: number, limitMB: number): string | null {
  return liveMB > limitMB
    ? `${Math.round(liveMB)} MB still alive after a full collection: memory accumulates across inputs (bound ${limitMB} MB)`
    : null;
}
