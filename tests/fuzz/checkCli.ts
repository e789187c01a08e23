// The CLI's checks: any command and flags on a file holding the input. What must hold: `main`
// never throws, exits 0, 1 or 2, prints no raw control character, every stderr line is a
// `file:line:column: severity: message` (or `file: …`, or hpa-sim's usage) line, no error on
// stdout, no internal error; and what `import` prints validates when pasted into a scenario.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { hasUnsafeCharacters } from '../../src/scenario/index.ts';
import { pastedTrafficProblems, SIMULATE_MAX_WORK, type Finding } from './checks.ts';

let cliDir: string | null = null;

/**
 * `args` is the command line after `hpa-sim`, with the file's place marked by `FILE` (or, when
 * absent, the file follows the command name).
 */
export function checkCliArgs(
  args: readonly string[],
  text: string,
  ext: string,
  target: Finding['target'] = 'cli',
): Finding[] {
  const out: Finding[] = [];
  const bad = (kind: Finding['kind'], message: string) =>
    out.push({ kind, target, message, input: `${args.join(' ')} (.${ext})\n${text}` });
  cliDir ??= mkdtempSync(join(tmpdir(), 'hpa-sim-fuzz-'));
  const file = join(cliDir, `input.${ext}`);
  writeFileSync(file, text);
  const argv = args.includes('FILE')
    ? args.map((a) => (a === 'FILE' ? file : a))
    : [args[0]!, file, ...args.slice(1)];
  const stdout: string[] = [];
  const stderr: string[] = [];
  let code: number;
  try {
    code = main(
      argv,
      (s) => stdout.push(s),
      (s) => stderr.push(s),
    );
    if (![0, 1, 2].includes(code)) bad('invariant', `exit status ${code}`);
  } catch (e) {
    bad('crash', `main threw: ${(e as Error).message}`);
    return out;
  }
  for (const s of stdout) {
    if (hasUnsafeCharacters(s.replace(/[\n\t]/g, ''))) bad('invariant', 'raw control on stdout');
    // Errors go to stderr whatever takes stdout (a report, a fleet's verdicts, a manifest).
    const onOut = s.split('\n').find((l) => /^\s*\S+?(?::\d+:\d+)?: error: /.test(l));
    if (onOut) bad('invariant', `an error on stdout: ${JSON.stringify(onOut).slice(0, 120)}`);
  }
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const diagnostic = new RegExp(
    `^(?:${escaped}(?::\\d+:\\d+)?|hpa-sim): (?:error|warning|info): \\S`,
  );
  let errors = 0;
  for (const line of stderr) {
    // A usage error is followed by our own multi-line usage text.
    const s = line.startsWith('hpa-sim: error:') ? line.split('\n')[0]! : line;
    if (hasUnsafeCharacters(s))
      bad('invariant', `raw control on stderr: ${JSON.stringify(s).slice(0, 120)}`);
    if (!diagnostic.test(s))
      bad('invariant', `not a diagnostic line: ${JSON.stringify(s).slice(0, 120)}`);
    if (/: error: /.test(s)) errors++;
    if (s.includes('internal error')) bad('crash', s.slice(0, 200));
    if (/: error: the scenario is not valid$/.test(s)) bad('invariant', `unlocated: ${s}`);
  }
  if (code === 2 && errors === 0) bad('invariant', 'exit 2 without an error line');
  if (argv[0] === 'import' && code === 0) {
    const problems = pastedTrafficProblems(stdout.join('\n'));
    if (problems.length)
      bad('invariant', `import printed a curve that does not validate: ${problems[0]}`);
  }
  return out;
}

/** The older entry: `run`/`check` with a small budget, `import` with no flags. */
export function checkCli(command: 'run' | 'check' | 'import', text: string, ext: string) {
  const args: string[] =
    command === 'import' ? [command] : [command, '--max-work', String(SIMULATE_MAX_WORK)];
  if (command === 'check') args.push('--max-peak-replicas', '100');
  return checkCliArgs(args, text, ext);
}
