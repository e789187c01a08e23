/**
 * A tab used as indentation. YAML allows only spaces there; kubectl's reader (go-yaml) stops at
 * the first one with a single error ("found character that cannot start any token"), while the
 * yaml library reports it and then every key the tab threw off — five errors for one tab. So the
 * first tab error of a document becomes one error at that tab, and the diagnostic carries a fix:
 * the tabs at the start of lines replaced with spaces.
 */
import { parseAllDocuments } from 'yaml';
import { applyOffsetEdits, type OffsetEdit } from '../offsetEdits.ts';

export const TAB_ERROR_CODE = 'TAB_AS_INDENT';

export interface TabFix {
  title: string;
  edits: OffsetEdit[];
}

/** Widths tried for the fix, most common in Kubernetes files first. */
const WIDTHS = [2, 4, 8];
/** Texts above this are fixed with width 2 without re-parsing each candidate. */
const MAX_CHECKED_CHARS = 256 * 1024;

const BLOCK_SCALAR = /:\s*[|>][-+0-9]*\s*(#.*)?$|^\s*-\s+[|>][-+0-9]*\s*(#.*)?$/;

interface TabLine {
  start: number;
  /** Length of the leading run of spaces and tabs. */
  lead: number;
  /** Start of the previous content line when it opens a block (`key:`): this one sits deeper. */
  parent: number | null;
}

function spacesBefore(line: string): number {
  let n = 0;
  while (line[n] === ' ') n++;
  return n;
}

/** Lines whose indentation holds a tab, outside block scalars' content. */
function tabLines(text: string): TabLine[] {
  const out: TabLine[] = [];
  let offset = 0;
  let blockIndent = -1;
  let previous: { line: string; start: number } | null = null;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const lead = /^[ \t]*/.exec(line)![0].length;
    const content = line.slice(lead);
    if (content === '' || content.startsWith('#')) continue;
    // Block scalar content: a tab after the block's own indentation is text, not indentation.
    if (blockIndent >= 0 && spacesBefore(line) > blockIndent) continue;
    blockIndent = -1;
    if (line.slice(0, lead).includes('\t')) {
      const opens = previous !== null && /:\s*(#.*)?$/.test(previous.line);
      out.push({ start, lead, parent: opens ? previous!.start : null });
    }
    if (BLOCK_SCALAR.test(line)) blockIndent = spacesBefore(line);
    previous = { line, start };
  }
  return out;
}

/** Columns of the indentation of the line starting at `start`, tabs expanded. */
function indentAt(text: string, start: number, width: number): number {
  return expand(/^[ \t]*/.exec(text.slice(start, start + 4096))![0], width).length;
}

/** Leading whitespace with tabs expanded to tab stops of `width`. */
function expand(lead: string, width: number): string {
  let out = '';
  for (const c of lead) out += c === '\t' ? ' '.repeat(width - (out.length % width)) : c;
  return out;
}

function editsFor(text: string, lines: TabLine[], width: number): OffsetEdit[] {
  return lines.map((l) => ({
    start: l.start,
    end: l.start + l.lead,
    text: expand(text.slice(l.start, l.start + l.lead), width),
  }));
}

/**
 * Whether the fixed text reads as intended: valid YAML, and every line under a `key:` sits deeper
 * than that key. The parent's indentation is measured in the fixed text (it may hold tabs too).
 */
function plausible(text: string, lines: TabLine[], width: number, edits: OffsetEdit[]): boolean {
  for (const l of lines) {
    if (l.parent !== null && indentAt(text, l.start, width) <= indentAt(text, l.parent, width))
      return false;
  }
  const fixed = applyOffsetEdits(text, edits);
  return parseAllDocuments(fixed, { logLevel: 'silent' }).every((d) => d.errors.length === 0);
}

/**
 * The fix for every tab-indented line of `text`: the smallest tab width (2, 4, 8) that gives valid
 * YAML with each line under a `key:` nested in it; null when no line is indented with tabs.
 */
export function tabFix(text: string): TabFix | null {
  const lines = tabLines(text);
  if (lines.length === 0) return null;
  let width = WIDTHS[0]!;
  if (text.length <= MAX_CHECKED_CHARS) {
    width = WIDTHS.find((w) => plausible(text, lines, w, editsFor(text, lines, w))) ?? width;
  }
  const count = lines.length === 1 ? 'the line' : `the ${lines.length} lines`;
  return {
    title: `Indent ${count} with spaces instead of tabs (a tab as ${width} spaces)`,
    edits: editsFor(text, lines, width),
  };
}

/** The one error for a tab at `offset`; how many lines the fix changes, when known. */
export function tabMessage(lines: number): string {
  const fix =
    lines > 1
      ? `replace the tabs at the start of ${lines} lines with spaces`
      : 'replace it with spaces';
  return `YAML: a tab is used for indentation here, and YAML allows only spaces (kubectl: "found character that cannot start any token"): ${fix}`;
}
