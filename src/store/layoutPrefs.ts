// The page layout a user chose: editor width, explanation width, presenter mode, editor hidden.
// The prefs slice keeps it (prefsSlice.ts), in localStorage under its own key; anything
// unreadable or out of range falls back to the defaults, so an old or hand-edited value never
// breaks the page.

export interface LayoutPrefs {
  /** editor pane width, px */
  editorWidth: number;
  /** docked explanation width, px */
  explainWidth: number;
  /** larger type for teaching on a projector */
  presenter: boolean;
  /** the editor folded away so the charts take the width */
  editorHidden: boolean;
}

export const LAYOUT_KEY = 'hpa-sim:layout';

export const DEFAULT_LAYOUT: LayoutPrefs = {
  editorWidth: 360,
  explainWidth: 360,
  presenter: false,
  editorHidden: false,
};

export const WIDTH_LIMITS = {
  editor: [240, 1200],
  explain: [260, 900],
} as const;

export function clampWidth(v: number, [lo, hi]: readonly [number, number]): number {
  return Math.round(Math.min(hi, Math.max(lo, v)));
}

/** The stored prefs, field by field; a missing or invalid field takes its default. */
export function parseLayout(raw: string | null): LayoutPrefs {
  let o: unknown = null;
  try {
    o = raw ? JSON.parse(raw) : null;
  } catch {
    o = null;
  }
  const r = (o && typeof o === 'object' ? o : {}) as Record<string, unknown>;
  const num = (v: unknown, d: number, lim: readonly [number, number]) =>
    typeof v === 'number' && Number.isFinite(v) ? clampWidth(v, lim) : d;
  return {
    editorWidth: num(r.editorWidth, DEFAULT_LAYOUT.editorWidth, WIDTH_LIMITS.editor),
    explainWidth: num(r.explainWidth, DEFAULT_LAYOUT.explainWidth, WIDTH_LIMITS.explain),
    presenter: r.presenter === true,
    editorHidden: r.editorHidden === true,
  };
}
