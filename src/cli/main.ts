// hpa-sim command line: same engine as the browser app.

import { conformCommand } from './conform.ts';

const USAGE = `usage: hpa-sim <command> [args]

commands:
  conform FILE...   check conformance vectors (JSONL) against the controller engine
`;

export function main(
  argv: string[],
  out = (s: string) => process.stdout.write(s + '\n'),
  err = (s: string) => process.stderr.write(s + '\n'),
): number {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'conform':
      return conformCommand(rest, out, err);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      out(USAGE);
      return cmd === undefined ? 2 : 0;
    default:
      err(`unknown command "${cmd}"\n${USAGE}`);
      return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
