// Keyboard navigation of the selected sync while a chart has focus.

export interface NavigationKey {
  key: string;
  shiftKey?: boolean;
}

/**
 * The sync to select after a key press, or null when the key is not ours.
 * ←/→ one sync; Shift+←/→ previous/next rescale; PageUp/PageDown 10% of the run; Home/End.
 * With nothing selected yet, → and Home start at the first sync, ← and End at the last.
 */
export function nextSelection(
  e: NavigationKey,
  current: number | null,
  count: number,
  rescaleIndices: readonly number[] = [],
): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const clamp = (i: number) => Math.min(last, Math.max(0, i));
  const page = Math.max(1, Math.round(count / 10));
  switch (e.key) {
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowRight':
      if (current === null) return 0;
      if (e.shiftKey) return rescaleIndices.find((i) => i > current) ?? last;
      return clamp(current + 1);
    case 'ArrowLeft':
      if (current === null) return last;
      if (e.shiftKey) return findLast(rescaleIndices, (i) => i < current) ?? 0;
      return clamp(current - 1);
    case 'PageDown':
      return clamp((current ?? -1) + page);
    case 'PageUp':
      return clamp((current ?? count) - page);
    default:
      return null;
  }
}

function findLast(a: readonly number[], p: (v: number) => boolean): number | undefined {
  for (let k = a.length - 1; k >= 0; k--) if (p(a[k]!)) return a[k];
  return undefined;
}
