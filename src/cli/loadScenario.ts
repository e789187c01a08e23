// Read a scenario file for the CLI: bytes → UTF-8 text → parsed scenario, with every problem as
// `file:line:column: severity: message` (never a stack trace).

import { readFileSync, statSync } from 'node:fs';
import {
  decodeScenarioBytes,
  parseScenario,
  type ParseOptions,
  type ParseResult,
} from '../scenario/index.ts';

export const MAX_FILE_BYTES = 8 * 1024 * 1024;

export type Loaded =
  | { ok: true; parsed: ParseResult; warnings: string[]; text: string }
  | { ok: false; errors: string[] };

export function formatDiagnostic(
  file: string,
  d: { line: number; column: number; severity: string; message: string; path?: string },
): string {
  const where = d.path ? ` (${d.path})` : '';
  return `${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}${where}`;
}

// Options for every scenario the current command reads (main.ts sets them from --max-work), so the
// commands that call loadScenarioFile need not pass them along.
let commandOptions: ParseOptions = {};

/** The options of the command running now (`--max-work`). */
export function currentParseOptions(): ParseOptions {
  return commandOptions;
}

/** Runs `fn` with `options` applied to every loadScenarioFile call inside it. */
export function withParseOptions<T>(options: ParseOptions, fn: () => T): T {
  const before = commandOptions;
  commandOptions = options;
  try {
    return fn();
  } finally {
    commandOptions = before;
  }
}

/** A diagnostic without a position: `file: severity: message`. */
export function fileDiagnostic(file: string, message: string, severity = 'error'): string {
  return `${file}: ${severity}: ${message}`;
}

export interface LoadOptions {
  /** `--hpa NAME`: which HorizontalPodAutoscaler of a many-document file to simulate. */
  hpa?: string | undefined;
  /** Only the HPA is needed (`--effective`): problems elsewhere do not stop it. */
  hpaOnly?: boolean;
}

/**
 * Texts given other than as a file, by the name a command was given (`-`: standard input, read
 * by main.ts before the command runs). loadScenarioFile reads these instead of the disk.
 */
const providedTexts = new Map<string, Uint8Array>();

/** Runs `fn` with `name` read as `bytes` (stdin's `-`), then forgets it. */
export async function withProvidedText<T>(
  name: string,
  bytes: Uint8Array,
  fn: () => Promise<T>,
): Promise<T> {
  providedTexts.set(name, bytes);
  try {
    return await fn();
  } finally {
    providedTexts.delete(name);
  }
}

/** The bytes given for `name` (stdin's `-`), if any. */
export function providedText(name: string): Uint8Array | undefined {
  return providedTexts.get(name);
}

/** How a file is named in messages: `-` is `<stdin>`. */
export function displayName(file: string): string {
  return file === '-' ? '<stdin>' : file;
}

/** A file's bytes, or why they cannot be read (too large, unreadable). */
export function readScenarioBytes(
  file: string,
): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
  const given = providedTexts.get(file);
  if (given) return { ok: true, bytes: given };
  try {
    const st = statSync(file);
    if (st.isDirectory())
      return { ok: false, message: 'is a directory (check and run read every manifest under it)' };
    if (st.size > MAX_FILE_BYTES)
      return {
        ok: false,
        message: `the file is ${st.size} bytes, over the ${MAX_FILE_BYTES}-byte limit`,
      };
    return { ok: true, bytes: readFileSync(file) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, message: `cannot read the file (${code ?? (e as Error).message})` };
  }
}

export function loadScenarioFile(file: string, options: LoadOptions = {}): Loaded {
  const read = readScenarioBytes(file);
  if (!read.ok) return { ok: false, errors: [fileDiagnostic(displayName(file), read.message)] };
  return loadScenarioBytes(displayName(file), read.bytes, options);
}

/** loadScenarioFile for bytes already read; `file` names them in every message. */
export function loadScenarioBytes(
  file: string,
  bytes: Uint8Array,
  options: LoadOptions = {},
): Loaded {
  const decoded = decodeScenarioBytes(bytes);
  if (!decoded.ok) return { ok: false, errors: [formatDiagnostic(file, decoded.diagnostic)] };
  const parsed = parseScenario(decoded.text, {
    ...commandOptions,
    ...(options.hpa === undefined ? {} : { hpa: options.hpa }),
  });
  const errors = parsed.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => formatDiagnostic(file, d));
  const warnings = parsed.diagnostics
    .filter((d) => d.severity !== 'error')
    .map((d) => formatDiagnostic(file, d));
  if (options.hpaOnly && parsed.effectiveHpa) {
    const skipped = errors.length
      ? [
          `${file}:1:1: info: ${errors.length} error(s) outside the HPA ignored: only the HPA is needed here`,
        ]
      : [];
    return { ok: true, parsed, warnings: [...warnings, ...skipped], text: decoded.text };
  }
  if (!parsed.ok || errors.length > 0 || !parsed.input)
    return {
      ok: false,
      errors: errors.length ? errors : [fileDiagnostic(file, 'the scenario is not valid')],
    };
  return { ok: true, parsed, warnings, text: decoded.text };
}
