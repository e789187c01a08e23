// A CLI command run in-process on a text given by the assistant (never a file): what it printed
// on stdout and stderr, and its exit status. The CLI's entry is handed in (main.ts starts this
// server), so nothing here imports main.ts back.
import { withProvidedText } from '../loadScenario.ts';

/** The CLI's own entry (main.ts mainAsync). */
export type CliRunner = (
  argv: string[],
  out: (s: string) => void,
  err: (s: string) => void,
) => Promise<number>;

export interface Captured {
  code: number;
  out: string;
  err: string;
}

/** Runs `hpa-sim <command> <name> …args` with `name` read as `text`. */
export async function runOnText(
  mainAsync: CliRunner,
  command: string,
  name: string,
  text: string,
  args: string[],
): Promise<Captured> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await withProvidedText(name, new TextEncoder().encode(text), () =>
    mainAsync(
      [command, name, ...args],
      (s) => out.push(s),
      (s) => err.push(s),
    ),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
