/**
 * Issues collected while parsing, before they are located. An issue names a document and a path
 * (or carries an explicit text range); `toDiagnostics` turns them into line/column diagnostics.
 */
import { MAX_DIAGNOSTICS } from './limits.ts';
import type { Path, Severity } from './types.ts';

/** Which document an issue belongs to: the HPA manifest, the Simulation or the scaled workload. */
export type Role = 'hpa' | 'simulation' | 'workload' | 'karmada';

export interface DocRef {
  /** Index among the scenario's (non-empty) documents. */
  index: number;
  role: Role;
  /** Where the object sits inside the document (`['items', 2]` in a `kind: List`). */
  prefix?: Path;
}

export interface Issue {
  severity: Severity;
  message: string;
  doc: DocRef | null;
  path: Path;
  /** Underline the key of the field (unknown field) or its value (wrong value). */
  at: 'key' | 'value';
  /** An explicit range of text offsets (syntax errors), used instead of the path. */
  range?: readonly [number, number];
  /** A text change that resolves it, as offsets into the text. */
  fix?: { title: string; edits: readonly { start: number; end: number; text: string }[] };
}

export class IssueList {
  readonly items: Issue[] = [];
  private truncated = false;

  add(issue: Issue): void {
    if (this.truncated) return;
    if (this.items.length >= MAX_DIAGNOSTICS) {
      this.truncated = true;
      this.items.push({
        ...issue,
        severity: 'warning',
        message: `more than ${MAX_DIAGNOSTICS} problems; the rest are not shown`,
      });
      return;
    }
    this.items.push(issue);
  }

  error(doc: DocRef | null, path: Path, message: string, at: 'key' | 'value' = 'value'): void {
    this.add({ severity: 'error', message, doc, path, at });
  }

  warning(doc: DocRef | null, path: Path, message: string, at: 'key' | 'value' = 'value'): void {
    this.add({ severity: 'warning', message, doc, path, at });
  }

  info(doc: DocRef | null, path: Path, message: string, at: 'key' | 'value' = 'value'): void {
    this.add({ severity: 'info', message, doc, path, at });
  }

  get errorCount(): number {
    let n = 0;
    for (const i of this.items) if (i.severity === 'error') n++;
    return n;
  }
}

/** Collects issues for one document and path prefix. */
export interface Reporter {
  error(path: Path, message: string, at?: 'key' | 'value'): void;
  warning(path: Path, message: string, at?: 'key' | 'value'): void;
  info(path: Path, message: string, at?: 'key' | 'value'): void;
}

export function reporterFor(list: IssueList, doc: DocRef): Reporter {
  return {
    error: (path, message, at) => list.error(doc, path, message, at),
    warning: (path, message, at) => list.warning(doc, path, message, at),
    info: (path, message, at) => list.info(doc, path, message, at),
  };
}
