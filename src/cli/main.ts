// hpa-sim command line: the same engine as the browser app.

import type { Io } from './args.ts';
import { checkCommand, THRESHOLDS } from './check.ts';
import { conformCommand } from './conform.ts';
import { importCommand } from './importSeries.ts';
import { runCommand } from './run.ts';

export const USAGE = `usage: hpa-sim <command> [args]

commands:
  run FILE [--format table|json|csv] [--explain] [--effective] [--hpa NAME]
        simulate a scenario (HPA manifest + Simulation document); --explain prints every sync
        (and the full trace in JSON); --effective prints the HPA after API defaulting;
        --hpa picks one HorizontalPodAutoscaler of a many-document file (default: the first)
  check FILE [--hpa NAME] ${THRESHOLDS.map((t) => `[--${t.flag} N]`).join(' ')}
        simulate and compare KPIs with thresholds: exit 0 all met, 1 some not met, 2 bad input
  import FILE [--from csv|prometheus] [--step]
        turn exported traffic (CSV time,value or a Prometheus query_range JSON) into a series
        curve to paste under spec.traffic
  conform [--trace] FILE...
        check conformance vectors (JSONL) against the controller engine; --trace also compares
        the intermediate values of each step

Errors are printed as file:line:column: message.`;

export function main(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  const io: Io = {
    out,
    err,
    usage: (message) => {
      err(`hpa-sim: ${message}\n\n${USAGE}`);
      return 2;
    },
  };
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'run':
      return runCommand(rest, io);
    case 'check':
      return checkCommand(rest, io);
    case 'conform':
      return conformCommand(rest, out, err);
    case 'import':
      return importCommand(rest, io);
    case '-h':
    case '--help':
    case 'help':
      out(USAGE);
      return 0;
    case undefined:
      return io.usage('a command is needed');
    default:
      return io.usage(`unknown command "${cmd}"`);
  }
}
