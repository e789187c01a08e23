// A small, strict argument parser: --flag, --name value, --name=value; unknown flags are errors.

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** print a usage error and return the exit status for it */
  usage: (message: string) => number;
  /** a transient status line (a terminal's stderr only); '' clears it */
  progress?: (line: string) => void;
}

type Kind = 'string' | 'boolean' | 'number';

export type Parsed =
  | { ok: true; positional: string[]; values: Record<string, string | number | boolean> }
  | { ok: false; error: string };

export function parseArgs(argv: string[], spec: Record<string, Kind>): Parsed {
  const positional: string[] = [];
  const values: Record<string, string | number | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--') || a === '--') {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    const kind = spec[name];
    if (!kind) return { ok: false, error: `unknown option --${name}` };
    if (kind === 'boolean') {
      if (eq >= 0) return { ok: false, error: `--${name} takes no value` };
      values[name] = true;
      continue;
    }
    const raw = eq >= 0 ? a.slice(eq + 1) : argv[++i];
    if (raw === undefined) return { ok: false, error: `--${name} needs a value` };
    if (kind === 'number') {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n))
        return { ok: false, error: `--${name} needs a number, got "${raw}"` };
      values[name] = n;
    } else {
      values[name] = raw;
    }
  }
  return { ok: true, positional, values };
}

/**
 * Takes `--max-work N` / `--max-work=N` (the work budget, see src/scenario/budget.ts) out of a
 * command's arguments; main.ts applies it to every scenario the command reads.
 */
export function takeMaxWork(
  argv: string[],
): { ok: true; argv: string[]; maxWork?: number } | { ok: false; error: string } {
  const rest: string[] = [];
  let maxWork: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a !== '--max-work' && !a.startsWith('--max-work=')) {
      rest.push(a);
      continue;
    }
    const raw = a === '--max-work' ? argv[++i] : a.slice('--max-work='.length);
    if (raw === undefined) return { ok: false, error: '--max-work needs a value' };
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || n <= 0)
      return { ok: false, error: `--max-work needs a positive number of work units, got "${raw}"` };
    maxWork = n;
  }
  return maxWork === undefined ? { ok: true, argv: rest } : { ok: true, argv: rest, maxWork };
}
