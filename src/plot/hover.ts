// The row under the pointer, shared by the stacked charts (one cursor across them all). An
// external store, not React state: moving the pointer re-renders each chart's small hover layer,
// never the plots underneath.

export interface HoverStore {
  /** the hovered row's index into the shared rows (null: the pointer is not over a plot) */
  get(): number | null;
  set(row: number | null): void;
  subscribe(listener: () => void): () => void;
}

export function createHoverStore(): HoverStore {
  let row: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => row,
    set(next) {
      if (next === row) return;
      row = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
