// Draft history (pure): texts a link, a preset or a restore replaced, newest first, so no
// sequence of those ever loses a draft. Bounded (count and characters) because it lives in
// localStorage, whose quota all tabs share.

export type DraftReason = 'link' | 'preset' | 'restore';

export interface DraftEntry {
  text: string;
  /** wall-clock milliseconds when it was replaced */
  at: number;
  /** a short name for the menu (see draftTitle) */
  title: string;
  reason: DraftReason;
}

export const DRAFT_LIMITS = Object.freeze({
  entries: 10,
  /** all entries of one tab together; one larger entry is still kept alone */
  chars: 1_000_000,
  titleChars: 60,
});

/** Newest first, without an older copy of the same text, within the limits. */
export function pushDraft(history: readonly DraftEntry[], entry: DraftEntry): DraftEntry[] {
  const out = [entry];
  let chars = entry.text.length;
  for (const e of history) {
    if (e.text === entry.text) continue;
    if (out.length >= DRAFT_LIMITS.entries || chars + e.text.length > DRAFT_LIMITS.chars) break;
    out.push(e);
    chars += e.text.length;
  }
  return out;
}

export function withoutText(history: readonly DraftEntry[], text: string): DraftEntry[] {
  return history.filter((e) => e.text !== text);
}

/**
 * A menu title without parsing YAML on the main thread: the Simulation's (or else the first)
 * `metadata.name`, else the first comment, else the first line.
 */
export function draftTitle(text: string): string {
  const head = text.slice(0, 20_000);
  const simulation = /kind:\s*Simulation[\s\S]*?\bname:\s*["']?([^\s"'#,}]+)/.exec(head);
  const anyName = /\bname:\s*["']?([^\s"'#,}]+)/.exec(head);
  const comment = /^\s*#\s*(\S.*)$/m.exec(head);
  const firstLine = head.split('\n', 1)[0]!.trim();
  const title = simulation?.[1] ?? comment?.[1] ?? anyName?.[1] ?? firstLine;
  const clean = title.replace(/\p{Cc}/gu, ' ').trim() || 'untitled';
  return clean.length > DRAFT_LIMITS.titleChars
    ? `${clean.slice(0, DRAFT_LIMITS.titleChars - 1)}…`
    : clean;
}

/** A stored history, checked entry by entry: anything malformed is dropped, never trusted. */
export function parseHistory(json: string | null): DraftEntry[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(isEntry).slice(0, DRAFT_LIMITS.entries);
  } catch {
    return [];
  }
}

const REASONS: readonly string[] = ['link', 'preset', 'restore'];

function isEntry(v: unknown): v is DraftEntry {
  const e = v as Partial<DraftEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.text === 'string' &&
    typeof e.at === 'number' &&
    Number.isFinite(e.at) &&
    typeof e.title === 'string' &&
    typeof e.reason === 'string' &&
    REASONS.includes(e.reason)
  );
}
