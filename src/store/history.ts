// Undo/redo over whole texts (pure). Whole texts rather than diffs: scenarios are small, and a
// text is exactly what every edit source (typing, preset, link, curve drag) produces.

export interface History {
  past: string[];
  future: string[];
}

/** Bounds memory: a scenario with an imported series can be a few MB. */
export const HISTORY_LIMITS = Object.freeze({ maxSteps: 100, maxChars: 8_000_000 });

function bounded(past: string[]): string[] {
  let chars = past.reduce((n, t) => n + t.length, 0);
  let start = Math.max(0, past.length - HISTORY_LIMITS.maxSteps);
  for (let i = 0; i < start; i++) chars -= past[i]!.length;
  // Keep at least the newest step, however large: one undo must always work.
  while (chars > HISTORY_LIMITS.maxChars && start < past.length - 1) chars -= past[start++]!.length;
  return start === 0 ? past : past.slice(start);
}

/**
 * An edit replaces `current`. A coalesced edit (more typing in the same burst) adds no step: undo
 * goes back to the text before the burst. Any edit clears redo.
 */
export function recordEdit(h: History, current: string, coalesce: boolean): History {
  return { past: coalesce ? h.past : bounded([...h.past, current]), future: [] };
}

export function undoStep(h: History, current: string): { history: History; text: string } | null {
  const text = h.past.at(-1);
  if (text === undefined) return null;
  return { history: { past: h.past.slice(0, -1), future: [...h.future, current] }, text };
}

export function redoStep(h: History, current: string): { history: History; text: string } | null {
  const text = h.future.at(-1);
  if (text === undefined) return null;
  return { history: { past: bounded([...h.past, current]), future: h.future.slice(0, -1) }, text };
}
