// hpa-sim command line: the same engine as the browser app.

import { DEFAULT_MAX_WORK, safeLine, safeLines } from '../scenario/index.ts';
import { takeMaxWork, type Io } from './args.ts';
import { checkCommand, checkCommandAsync, THRESHOLDS } from './check.ts';
import { conformCommand } from './conform.ts';
import { importCommand } from './importSeries.ts';
import { withParseOptions, withProvidedText } from './loadScenario.ts';
import { readStdin } from './stdin.ts';
import { VERSION } from './version.ts';
import { runCommand } from './run.ts';
import { TUNE_DEFAULTS, tuneCommand } from './tune.ts';

export const USAGE = `usage: hpa-sim <command> [args]

commands:
  run FILE [--format table|json|csv|runs-csv|kpis-csv] [--explain] [--effective] [--hpa NAME] [--max-work N]
       [--draws N] [--seed S]
        simulate a scenario (HPA manifest + Simulation document); --explain prints every sync
        (and the full trace in JSON) with the notes on where the popular explanations
        differ from the controller; --effective prints the HPA after API defaulting;
        --hpa picks one HorizontalPodAutoscaler of a many-document file (default: the first);
        --max-work raises the work budget (default ${DEFAULT_MAX_WORK.toLocaleString('en-US')} units, about 5 s);
        --draws N [--seed S] also runs N timing draws (scrape and sync phases) and prints each
        KPI's median, p95 and worst (JSON: drawSummary and one entry per draw);
        --format runs-csv writes every run of the set (variants, every federation member and
        total) as rows led by run,kind,group,label: the app's "Every run's series" export;
        --format kpis-csv writes every KPI of every run (and of each draw, then the median, p95
        and worst rows, with --draws) at full precision: the app's "Every run's KPIs" export
  check FILE|DIR|GLOB... [--hpa NAME] ${THRESHOLDS.map((t) => `[--${t.flag} N]`).join(' ')} [--gate hpa|all|VARIANT] [--max-work N]
       [--draws N] [--seed S] [--percentile P] [--report junit|sarif|json|github[=FILE],...]
       [--shard I/N] [--workers N]
        simulate and compare KPIs with thresholds: exit 0 all met, 1 some not met, 2 bad input;
        every variant (spec.variants) is judged and printed; --gate says whose verdict is the
        exit status: the HPA as written (default), every run, or one variant;
        --draws N [--seed S] [--percentile P] judges each KPI over N timing draws at their
        P-th percentile (default 100: the worst draw); folders and globs are a fleet (every
        autoscaler in every file, on every core, --workers N): --report writes JUnit, SARIF,
        JSON or GitHub annotations (stdout, or FILE), --shard I/N judges one CI shard of it
  tune FILE [--hpa NAME] [check's thresholds] [--minimize cost|pod-hours] [--pod-hour-price P]
       [--seed N] [--budget RUNS] [--workers N] [--search-replicas] [--search-target] [--max-work N]
       [--draws N] [--percentile P] [--write FILE] [--format yaml|json]
        search the HPA's behavior for the cheapest one that meets the thresholds (seed ${TUNE_DEFAULTS.seed},
        ${TUNE_DEFAULTS.budget} runs, all cores by default); prints the recommended manifest, a summary on
        stderr: exit 0 one meets every threshold, 1 none does (the nearest miss is printed), 2 bad input;
        --minimize cost reads spec.cost's prices unless --pod-hour-price is given;
        --draws N [--percentile P] judges every candidate at the P-th percentile of N timing
        draws (default: the worst); --write FILE writes the recommended HPA there (only when
        it meets every threshold) instead of printing it; --format json prints every candidate
  import FILE [--from csv|prometheus] [--series sum|N] [--step] [--scale F] [--points]
  import --prometheus URL --query Q --start T --end T --step D [--timeout S] [--hold]
       [--series sum|N] [--scale F] [--points]
        turn exported traffic (CSV time,value or a Prometheus query_range JSON, or the answer
        of the server at URL) into a series curve to paste under spec.traffic
  conform [--trace] FILE...
        check conformance vectors (JSONL) against the controller engine; --trace also compares
        the intermediate values of each step
  mcp
        a Model Context Protocol server on stdin/stdout: run, check, explain_sync, tune, presets
        and share_link as tools for an AI assistant

Problems are printed one per line as file:line:column: severity: message (file: severity:
message when there is no position). Control characters from the input are shown escaped (\\u001b).`;

/**
 * The one place that writes: every text is escaped here, so no command can print a control
 * character from its input. Each error-stream call is one line (line feeds escaped too).
 */
export function main(
  argv: string[],
  rawOut: (s: string) => void,
  rawErr: (s: string) => void,
): number {
  const out = (s: string) => rawOut(safeLines(s));
  const err = (s: string) => rawErr(safeLine(s));
  const io: Io = {
    out,
    err,
    usage: (message) => {
      rawErr(`hpa-sim: error: ${safeLine(message)}\n\n${USAGE}`);
      return 2;
    },
  };
  const [cmd, ...args] = argv;
  const budget = takeMaxWork(args);
  if (!budget.ok) return io.usage(budget.error);
  const rest = budget.argv;
  if (budget.maxWork !== undefined && cmd !== 'run' && cmd !== 'check' && cmd !== 'tune')
    return io.usage('--max-work applies to run, check and tune');
  const options = budget.maxWork === undefined ? {} : { maxWork: budget.maxWork };
  switch (cmd) {
    case 'run':
      return withParseOptions(options, () => runCommand(rest, io));
    case 'check':
      return withParseOptions(options, () => checkCommand(rest, io));
    case 'tune':
      return io.usage('tune answers asynchronously: call mainAsync');
    case 'conform':
      return conformCommand(rest, out, err);
    case 'import':
      return importCommand(rest, io);
    case '-h':
    case '--help':
    case 'help':
      rawOut(USAGE);
      return 0;
    case '-v':
    case '--version':
    case 'version':
      rawOut(VERSION);
      return 0;
    case undefined:
      return io.usage('a command is needed');
    default:
      return io.usage(`unknown command "${cmd}"`);
  }
}

/** Commands whose FILE may be `-` (standard input). */
const READS_FILES = new Set(['run', 'check', 'tune', 'import']);

/**
 * `main` for every command: `tune` (its worker pool), `import --prometheus` (HTTP) and `mcp`
 * answer asynchronously, and `-` is standard input, read here before the command runs.
 */
export async function mainAsync(
  argv: string[],
  rawOut: (s: string) => void,
  rawErr: (s: string) => void,
  /** rewrites one status line in place (bin.ts gives it when stderr is a terminal) */
  rawProgress?: (s: string) => void,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<number> {
  if (READS_FILES.has(argv[0] ?? '') && argv.slice(1).includes('-')) {
    const read = await readStdin(stdin);
    if (!read.ok) {
      rawErr(safeLine(read.error));
      return 2;
    }
    return withProvidedText('-', read.bytes, () =>
      dispatchAsync(argv, rawOut, rawErr, rawProgress),
    );
  }
  return dispatchAsync(argv, rawOut, rawErr, rawProgress);
}

async function dispatchAsync(
  argv: string[],
  rawOut: (s: string) => void,
  rawErr: (s: string) => void,
  rawProgress?: (s: string) => void,
): Promise<number> {
  const io: Io = {
    out: (s) => rawOut(safeLines(s)),
    err: (s) => rawErr(safeLine(s)),
    ...(rawProgress ? { progress: (s: string) => rawProgress(safeLine(s)) } : {}),
    usage: (message) => {
      rawErr(`hpa-sim: error: ${safeLine(message)}\n\n${USAGE}`);
      return 2;
    },
  };
  if (
    argv[0] === 'import' &&
    argv.some((a) => a === '--prometheus' || a.startsWith('--prometheus='))
  )
    return (await import('./prometheusImport.ts')).prometheusImportCommand(argv.slice(1), io);
  if (argv[0] === 'mcp')
    return (await import('./mcp/server.ts')).mcpCommand(argv.slice(1), io, mainAsync);
  if (argv[0] === 'check') {
    // A fleet is judged on every core; the rest of check as main() does.
    const budget = takeMaxWork(argv.slice(1));
    if (!budget.ok) return io.usage(budget.error);
    const options = budget.maxWork === undefined ? {} : { maxWork: budget.maxWork };
    return withParseOptions(options, () => checkCommandAsync(budget.argv, io));
  }
  if (argv[0] !== 'tune') return main(argv, rawOut, rawErr);
  const budget = takeMaxWork(argv.slice(1));
  if (!budget.ok) return io.usage(budget.error);
  const options = budget.maxWork === undefined ? {} : { maxWork: budget.maxWork };
  return withParseOptions(options, () => tuneCommand(budget.argv, io));
}
