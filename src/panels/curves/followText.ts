// Which text's curves the curve editor draws. Reading a text's curves parses the whole YAML
// (`findCurves`, ~5 ms on the page's thread): on a keystroke in the editor that work would sit
// beside the run the keystroke started, taking a core from it. So a text the panel did not write
// (typing, a preset, undo) has its curves read once the page is idle, or at once when the user
// turns to the panel (a press, a key, a focus: `catchUp`); the panel's own edits (a drag's frames,
// an arrow key) are drawn at once. Edits always apply to the latest text: curves are addressed by
// path, and an interaction catches up before its handler runs.

export interface TextFollower {
  /** the text whose curves to draw, given the latest one */
  shown(latest: string): string;
  /** `text` is the panel's own edit: drawn as soon as it is the latest */
  own(text: string): void;
  /** draw the latest text from now on; whether that changes what is drawn */
  catchUp(latest: string): boolean;
}

export function createTextFollower(initial: string): TextFollower {
  let current = initial;
  let ownText: string | null = null;
  return {
    shown(latest) {
      if (latest === ownText) current = latest;
      return current;
    },
    own(text) {
      ownText = text;
    },
    catchUp(latest) {
      if (latest === current) return false;
      current = latest;
      return true;
    },
  };
}

/** Runs `fn` in an idle moment (at the latest after `timeoutMs`); the returned function cancels. */
export function whenIdle(fn: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/**
 * What turns the user to the panel: its curves are read before the event's handlers run. The
 * pointer coming over the panel catches up before any press.
 */
export const CATCH_UP_EVENTS = [
  'pointerover',
  'pointerdown',
  'keydown',
  'focusin',
  'dblclick',
  'input',
  'change',
] as const;
