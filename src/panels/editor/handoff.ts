/**
 * Focus and selection handed from the plain-text fallback to Monaco when Monaco arrives, so
 * someone typing in the fallback keeps typing in the editor at the same place.
 */
export interface Handoff {
  selectionStart: number;
  selectionEnd: number;
}

/** Monaco mounts in the same commit that removes the fallback; older handoffs are stale. */
const MAX_AGE_MS = 1000;

let pending: (Handoff & { at: number }) | null = null;

/** Called by the fallback as it unmounts, only when it had the focus. */
export function leaveHandoff(handoff: Handoff, now = Date.now()): void {
  pending = { ...handoff, at: now };
}

/** The handoff left by the fallback just before, once. */
export function takeHandoff(now = Date.now()): Handoff | null {
  const taken = pending;
  pending = null;
  if (!taken || now - taken.at > MAX_AGE_MS) return null;
  return { selectionStart: taken.selectionStart, selectionEnd: taken.selectionEnd };
}
