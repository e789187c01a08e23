// Paths, directories and globs → the files `check` and `run` read, in a stable order. A directory
// is walked for YAML and JSON files (hidden folders and node_modules left out); a glob is matched
// with picomatch under its static base. Bounded: symlinked folders are entered once (a loop is
// a warning, not a hang), and a walk stops with an error past MAX_WALK_ENTRIES.
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { providedText } from './loadScenario.ts';
import type { Problem } from './problems.ts';

/** Entries (files and folders) one command may look at, over all its paths. */
export const MAX_WALK_ENTRIES = 100_000;
const MAX_DEPTH = 64;
const MANIFEST = /\.(ya?ml|json)$/i;
const SKIPPED_DIRS = new Set(['node_modules']);

export interface Expanded {
  /** files to read, in order, each once; `-` is standard input */
  files: string[];
  /** problems that make the input bad (exit 2), and notes (a symlink loop skipped) */
  problems: Problem[];
}

export function isGlob(arg: string): boolean {
  return picomatch.scan(arg).isGlob;
}

export function expandPaths(args: readonly string[], limit = MAX_WALK_ENTRIES): Expanded {
  const out: Expanded = { files: [], problems: [] };
  const seen = new Set<string>();
  const budget = { left: limit, exhausted: false };
  const add = (f: string) => {
    if (!seen.has(f)) {
      seen.add(f);
      out.files.push(f);
    }
  };
  for (const arg of args) {
    if (budget.exhausted) break;
    if (arg === '-' || providedText(arg)) {
      add(arg);
      continue;
    }
    let st: ReturnType<typeof statSync> | null = null;
    try {
      st = statSync(arg);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && isGlob(arg)) {
        expandGlob(arg, out, add, budget);
        continue;
      }
      out.problems.push({ file: arg, severity: 'error', message: `${describe(code, e)}` });
      continue;
    }
    if (st.isDirectory()) walk(arg, out, add, budget, (f) => MANIFEST.test(f));
    else add(arg);
  }
  if (budget.exhausted)
    out.problems.push({
      file: args.join(' '),
      severity: 'error',
      message: `more than ${limit.toLocaleString('en-US')} files and folders: name narrower paths or a glob (the walk stopped there)`,
    });
  return out;
}

function describe(code: string | undefined, e: unknown): string {
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'ELOOP') return 'a symlink loop (ELOOP)';
  if (code === 'EACCES') return 'permission denied (EACCES)';
  return `cannot read (${code ?? (e as Error).message})`;
}

function expandGlob(
  pattern: string,
  out: Expanded,
  add: (f: string) => void,
  budget: { left: number; exhausted: boolean },
): void {
  const scan = picomatch.scan(pattern);
  const base = scan.base || '.';
  const isMatch = picomatch(scan.glob, { dot: false });
  let matched = 0;
  try {
    statSync(base);
  } catch {
    out.problems.push({
      file: pattern,
      severity: 'error',
      message: `no file matches (${base} does not exist)`,
    });
    return;
  }
  walk(base, out, add, budget, (f) => {
    const hit = isMatch(path.relative(base, f).split(path.sep).join('/'));
    if (hit) matched++;
    return hit;
  });
  if (matched === 0)
    out.problems.push({ file: pattern, severity: 'warning', message: `no file matches` });
}

function walk(
  root: string,
  out: Expanded,
  add: (f: string) => void,
  budget: { left: number; exhausted: boolean },
  wanted: (file: string) => boolean,
): void {
  const visited = new Set<string>();
  const visit = (dir: string, depth: number) => {
    if (budget.exhausted) return;
    let real: string;
    try {
      real = realpathSync(dir);
    } catch (e) {
      out.problems.push({
        file: dir,
        severity: 'error',
        message: `${describe((e as NodeJS.ErrnoException).code, e)}`,
      });
      return;
    }
    if (visited.has(real)) {
      out.problems.push({
        file: dir,
        severity: 'warning',
        message: `skipped, a symlink back to ${real} (a loop)`,
      });
      return;
    }
    if (depth > MAX_DEPTH) {
      out.problems.push({
        file: dir,
        severity: 'warning',
        message: `skipped, more than ${MAX_DEPTH} folders deep`,
      });
      return;
    }
    visited.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      out.problems.push({
        file: dir,
        severity: 'error',
        message: `${describe((e as NodeJS.ErrnoException).code, e)}`,
      });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (--budget.left < 0) {
        budget.exhausted = true;
        return;
      }
      const full = path.join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const st = statSync(full);
          isDir = st.isDirectory();
          isFile = st.isFile();
        } catch (e) {
          // A dangling link or a link to itself: reported only if it would have been read.
          if (wanted(full))
            out.problems.push({
              file: full,
              severity: 'error',
              message: `${describe((e as NodeJS.ErrnoException).code, e)}`,
            });
          continue;
        }
      }
      if (isDir) {
        if (!entry.name.startsWith('.') && !SKIPPED_DIRS.has(entry.name)) visit(full, depth + 1);
      } else if (isFile && wanted(full)) add(full);
    }
  };
  visit(root, 0);
}
