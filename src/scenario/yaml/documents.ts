/** Splits a scenario text into its YAML documents, with syntax errors as issues. */
import { Composer, LineCounter, Parser, isScalar, visit, type Document } from 'yaml';
import { MAX_DOCUMENTS } from '../limits.ts';
import type { IssueList } from '../diagnostics.ts';
import { keptErrors, plainYamlReason } from './plainErrors.ts';
import { TAB_ERROR_CODE, tabFix, tabMessage, type TabFix } from './tabs.ts';

export interface SourceDocument {
  /** Index among the non-empty documents. */
  index: number;
  doc: Document.Parsed;
  /** False when the YAML parser reported errors for this document. */
  syntaxOk: boolean;
  /**
   * The document's own text as offsets into the parsed text: its leading comments and content,
   * without the `---` / `...` marker lines.
   */
  start: number;
  end: number;
}

export interface ReadResult {
  documents: SourceDocument[];
  lineCounter: LineCounter;
}

const OPTIONS = {
  prettyErrors: false,
  // Duplicate keys are found in toPlain: yaml's own check is quadratic in the map size.
  uniqueKeys: false,
  logLevel: 'silent',
} as const;

/**
 * Parses `text`; syntax errors and warnings go to `issues` with their text ranges. `parts`, when
 * given, are [start, end) ranges parsed as documents of their own: the values of a JSON stream
 * (`{…}{…}`, which kubectl's decoder reads one object at a time but YAML cannot), then what follows.
 */
export function readDocuments(
  text: string,
  issues: IssueList,
  parts?: readonly (readonly [number, number])[],
): ReadResult {
  const lineCounter = new LineCounter();
  let all: Document.Parsed[];
  const partStarts = new Map<Document.Parsed, number>();
  let streamErrors: { message: string; pos: [number, number] }[] | undefined;
  let stoppedAt = -1;
  if (parts) {
    all = [];
    for (const [start, end] of parts) {
      const read = parseCapped(text.slice(start, end), null);
      const docs = read.docs;
      // A part's first document starts at the part: the text skipped before it is no one's.
      if (docs.length > 0) partStarts.set(docs[0]!, start);
      for (const doc of docs) all.push(shifted(doc, start));
      if (read.stoppedAt >= 0) {
        stoppedAt = start + read.stoppedAt;
        break;
      }
    }
  } else {
    const read = parseCapped(text, lineCounter);
    all = read.docs;
    streamErrors = read.streamErrors;
    stoppedAt = read.stoppedAt;
  }
  if (all.length === 0 && streamErrors) {
    for (const e of streamErrors) {
      issues.add({
        severity: 'error',
        message: yamlMessage(e.message),
        doc: null,
        path: [],
        at: 'value',
        range: e.pos,
      });
    }
  }
  const documents: SourceDocument[] = [];
  // A document's own text starts where the previous one ended: the first document's leading
  // comments belong to it, though the parser starts its range at the content.
  let previousEnd = 0;
  let fix: TabFix | null = null;
  for (const doc of all) {
    const empty = isEmptyDocument(doc);
    const index = documents.length;
    const ref = { index, role: 'hpa' as const };
    const [start, end] = ownText(text, doc, partStarts.get(doc) ?? previousEnd);
    previousEnd = doc.range[2];
    // After a tab used as indentation, the parser's other errors are its consequences: kubectl
    // stops at the tab, and so do we (errors before it stay).
    const tab = doc.errors
      .filter((e) => e.code === TAB_ERROR_CODE)
      .reduce<(typeof doc.errors)[number] | undefined>(
        (first, e) => (first && first.pos[0] <= e.pos[0] ? first : e),
        undefined,
      );
    // An error reaching the tab's line (a key left without its nested block) is its consequence.
    const tabLine = tab ? text.lastIndexOf('\n', tab.pos[0] - 1) + 1 : 0;
    for (const e of keptErrors(doc.errors, text)) {
      if (tab && e.pos[1] >= tabLine) continue;
      issues.add({
        severity: 'error',
        message: yamlMessage(e.message),
        doc: ref,
        path: [],
        at: 'value',
        range: e.pos,
      });
    }
    if (tab) {
      fix ??= tabFix(text);
      issues.add({
        severity: 'error',
        message: tabMessage(fix?.edits.length ?? 1),
        doc: ref,
        path: [],
        at: 'value',
        range: [tab.pos[0], tab.pos[0] + 1],
        ...(fix ? { fix } : {}),
      });
    }
    for (const w of doc.warnings) {
      issues.add({
        severity: 'warning',
        message: yamlMessage(w.message),
        doc: ref,
        path: [],
        at: 'value',
        range: w.pos,
      });
    }
    if (empty && doc.errors.length === 0) continue;
    if (index >= MAX_DOCUMENTS) {
      const start = doc.range[0];
      issues.add({
        severity: 'error',
        message: `a scenario holds at most ${MAX_DOCUMENTS} YAML documents; this is document ${index + 1}`,
        doc: ref,
        path: [],
        at: 'value',
        range: [start, start + 3],
      });
      documents.push({ index, doc, syntaxOk: false, start, end });
      continue;
    }
    documents.push({ index, doc, syntaxOk: doc.errors.length === 0, start, end });
  }
  if (stoppedAt >= 0) {
    // In the document where reading stopped, so the list keeps documents in order (a broken
    // Simulation document's own error stays first of its errors).
    // (the last one starting before it: a document cut short by the stop may end before it)
    const where = [...documents].reverse().find((d) => d.start <= stoppedAt);
    issues.add({
      severity: 'error',
      message: `YAML: more than ${MAX_SYNTAX_ERRORS} syntax errors; the text after this one was not read (kubectl stops at the first)`,
      doc: where ? { index: where.index, role: 'hpa' } : null,
      path: [],
      at: 'value',
      range: [stoppedAt, stoppedAt + 1],
    });
  }
  return { documents, lineCounter };
}

/**
 * Top-level syntax errors read before the parse stops. A text that is not YAML at all (1.6 MB of
 * JSON objects behind a byte-order mark) is one error token per line: yaml would build 177,000
 * error objects (seconds of stack traces) for diagnostics cut at MAX_DIAGNOSTICS anyway.
 */
export const MAX_SYNTAX_ERRORS = 100;

/**
 * `parseAllDocuments`, one token at a time (the lexer is lazy), stopping after MAX_SYNTAX_ERRORS
 * top-level error tokens: `stoppedAt` is the offset of the first token not read, or -1.
 */
function parseCapped(
  text: string,
  lineCounter: LineCounter | null,
): {
  docs: Document.Parsed[];
  streamErrors: { message: string; pos: [number, number] }[];
  stoppedAt: number;
} {
  const parser = new Parser(lineCounter?.addNewLine);
  const composer = new Composer(OPTIONS);
  const docs: Document.Parsed[] = [];
  let errors = 0;
  let stoppedAt = -1;
  for (const token of parser.parse(text)) {
    if (token.type === 'error' && ++errors > MAX_SYNTAX_ERRORS) {
      stoppedAt = token.offset;
      break;
    }
    for (const doc of composer.next(token)) docs.push(doc as Document.Parsed);
  }
  for (const doc of composer.end(false, text.length)) docs.push(doc as Document.Parsed);
  return { docs, streamErrors: composer.streamInfo().errors, stoppedAt };
}

/** A document parsed from a slice of the text, with its offsets moved to the whole text's. */
function shifted(doc: Document.Parsed, by: number): Document.Parsed {
  if (by === 0) return doc;
  const move = (r: number[] | undefined) => {
    if (r) for (let k = 0; k < r.length; k++) r[k]! += by;
  };
  move(doc.range);
  for (const e of [...doc.errors, ...doc.warnings]) move(e.pos);
  visit(doc, {
    Node(_, node) {
      move(node.range ?? undefined);
    },
  });
  return doc;
}

/** The document's range without a leading `---` line and a trailing `...` line. */
function ownText(text: string, doc: Document.Parsed, from: number): [number, number] {
  let start = Math.min(from, doc.range[0]);
  let end = doc.range[2];
  const marker = /^---[^\n]*(\n|$)/.exec(text.slice(start, Math.min(end, start + 4096)));
  // A marker line may carry the content itself (`--- {kind: X}`): then keep from the content.
  if (marker) start = Math.min(start + marker[0].length, doc.contents?.range?.[0] ?? end);
  const tail = /\n\.\.\.[ \t]*(#[^\n]*)?\n?$/.exec(text.slice(Math.max(start, end - 4096), end));
  if (tail) end -= tail[0].length - 1;
  return [start, Math.max(start, end)];
}

function isEmptyDocument(doc: Document.Parsed): boolean {
  const c = doc.contents;
  if (c === null || c === undefined) return true;
  return isScalar(c) && c.value === null && c.range !== undefined && c.range[0] === c.range[1];
}

/** yaml's messages end with " at line N, column M" when pretty; keep just the reason. */
function yamlMessage(message: string): string {
  const reason = message.replace(/ at line \d+, column \d+[\s\S]*$/, '').trim();
  if (/Maximum call stack/i.test(reason)) return 'YAML: the text nests too deeply to read';
  return `YAML: ${plainYamlReason(reason)}`;
}
