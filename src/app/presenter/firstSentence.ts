// The first sentence of a scenario's "what to notice", for presenter mode's one-line title: up
// to the first full stop followed by a space and a capital (not "1.5", not "e.g. a").

export function firstSentence(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const m = /^(.+?[.!?])\s+(?=[A-Z(“"])/.exec(t);
  return m ? m[1]! : t;
}
