// `main` in-process for tests: what it printed on stdout and stderr, and its exit code — one
// harness for every CLI test that needs nothing more.
import { main } from '../main.ts';

export function cli(...argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(
    argv,
    (s) => out.push(s),
    (s) => err.push(s),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
