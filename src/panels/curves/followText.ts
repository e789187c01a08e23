// Which text's curves the curve editor draws. Reading a text's curves parses the whole YAML
// (`findCurves`, ~5 ms on the page's thread): on a keystroke in the editor that work would sit
// beside the run the keystroke started, taking a core from it. So a typed text has its curves read
// once the typing pauses, or at once when the user turns to the panel (a press, a key, a focus:
// `catchUp`); the panel's own edits (a drag's frames, an arrow key) and a text replaced whole (a
// preset, a link, undo: the store's `wholeText`) are drawn at once — such a text comes alone, and
// drawing it late moved the page under a resting pointer (the panel's height follows its curves).
// Edits always apply to the latest text: curves are addressed by path, and an interaction catches
// up before its handler runs.

export interface TextFollower {
  /**
   * the text whose curves to draw, given the latest one and the latest text replaced whole (drawn
   * at once when it is the latest)
   */
  shown(latest: string, whole?: string): string;
  /** `text` is the panel's own edit: drawn as soon as it is the latest */
  own(text: string): void;
  /** draw the latest text from now on; whether that changes what is drawn */
  catchUp(latest: string): boolean;
}

export function createTextFollower(initial: string): TextFollower {
  let current = initial;
  let ownText: string | null = null;
  return {
    shown(latest, whole) {
      if (latest === ownText || latest === whole) current = latest;
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

/**
 * Runs `fn` in an idle moment once `afterMs` have passed (and at the latest `timeoutMs` after
 * that); the returned function cancels. Cancelled and scheduled again at each keystroke, it
 * waits for a pause in the typing: a burst's texts are not read one by one.
 */
export function whenIdle(fn: () => void, afterMs: number, timeoutMs: number): () => void {
  let idle = 0;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(fn, { timeout: timeoutMs });
    else fn();
  }, afterMs);
  return () => {
    clearTimeout(timer);
    if (idle) cancelIdleCallback(idle);
  };
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
