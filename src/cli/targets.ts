// The autoscalers in the files a command was given: every HorizontalPodAutoscaler, KEDA
// ScaledObject and Karmada FederatedHPA of every document (Lists and Helm-rendered trees
// included), each to be judged on its own. A file that holds none is skipped quietly; one that
// cannot be read, or that holds an autoscaler the scenario layer refuses, is reported.

import { decodeScenarioBytes, parseScenario, type ParseResult } from '../scenario/index.ts';
import { helmTemplateAt } from '../scenario/helm.ts';
import { currentParseOptions, displayName, readScenarioBytes } from './loadScenario.ts';
import type { Problem } from './problems.ts';

/** Kinds whose presence makes a file worth parsing (a cheap test before the YAML parse). */
const AUTOSCALER_WORD = /HorizontalPodAutoscaler|ScaledObject|FederatedHPA/;

export interface Target {
  /** the file as named (`-` for stdin) and as shown */
  file: string;
  display: string;
  /** `--hpa` selector that picks this autoscaler in its file */
  selector: string;
  /** namespace/name as shown (name alone without a namespace) */
  name: string;
  kind: string;
  /** 1-based line of the autoscaler's document (or List item) in its file */
  line: number;
  /** stable across runs: file#namespace/name#n (n: its place among same-named ones) */
  id: string;
  /** the parse that selected it */
  parsed: ParseResult;
  text: string;
}

export interface FileScan {
  file: string;
  display: string;
  targets: Target[];
  /** what cannot be judged in it (unreadable, a name twice), and notes (a Helm template) */
  problems: Problem[];
  /** no autoscaler in it: left out */
  skipped: boolean;
}

export function scanFile(file: string, strictSingle = false): FileScan {
  const display = displayName(file);
  const scan: FileScan = { file, display, targets: [], problems: [], skipped: false };
  const read = readScenarioBytes(file);
  if (!read.ok) {
    scan.problems.push({ file: display, severity: 'error', message: read.message });
    return scan;
  }
  const decoded = decodeScenarioBytes(read.bytes);
  if (!decoded.ok) {
    const d = decoded.diagnostic;
    scan.problems.push({
      file: display,
      line: d.line,
      column: d.column,
      severity: 'error',
      message: d.message,
    });
    return scan;
  }
  const text = decoded.text;
  if (!strictSingle && !AUTOSCALER_WORD.test(text)) {
    scan.skipped = true;
    return scan;
  }
  if (!strictSingle && helmTemplateAt(text) >= 0) {
    scan.problems.push({
      file: display,
      severity: 'warning',
      message: 'skipped, a Helm template (not rendered): check the output of helm template instead',
    });
    scan.skipped = true;
    return scan;
  }
  const options = currentParseOptions();
  const first = parseScenario(text, options);
  const choices = first.hpaChoices;
  if (choices.length === 0) {
    // No autoscaler among the documents (a word in a comment, another kind): nothing to judge.
    scan.skipped = true;
    return scan;
  }
  const seen = new Map<string, number>();
  choices.forEach((choice, i) => {
    const name = choice.namespace ? `${choice.namespace}/${choice.name}` : choice.name;
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    const doc = first.documents.find((d) => d.index === choice.document && d.item === choice.item);
    const line = doc ? lineAt(text, doc.start) : 1;
    if (n > 0) {
      scan.problems.push({
        file: display,
        line,
        severity: 'error',
        message: `a second autoscaler named '${name}' in this file: names must be unique to be judged apart`,
      });
      return;
    }
    const parsed = i === 0 ? first : parseScenario(text, { ...options, hpa: name });
    const kind = doc?.kind || 'HorizontalPodAutoscaler';
    scan.targets.push({
      file,
      display,
      selector: name,
      name: name || '(no name)',
      kind,
      line,
      id: `${display}#${name}`,
      parsed,
      text,
    });
  });
  return scan;
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Which shard of `--shard i/n` judges a target: FNV-1a (32 bit) of its id, mixed by murmur3's
 * finalizer (FNV's low bits alone split similar names badly over 2, 4, 8 … shards).
 */
export function shardOf(id: string, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % n;
}

/** `--shard i/n` (1-based i) → [index, count], or an error. */
export function parseShard(
  raw: string,
): { ok: true; index: number; count: number } | { ok: false; error: string } {
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  const i = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || n < 1 || i < 1 || i > n || n > 10_000)
    return { ok: false, error: `--shard takes i/n with 1 ≤ i ≤ n (e.g. 2/4), got "${raw}"` };
  return { ok: true, index: i - 1, count: n };
}
