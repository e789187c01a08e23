// `cli run PATH… [--format json|csv|runs-csv|kpis-csv|table] [--explain] [--effective] [--hpa NAME] [--draws N]`

import { isFullResult } from '../engine/simulation/index.ts';
import {
  comparisonText,
  executeDraws,
  executeRun,
  planParsed,
  runRole,
  variantOf,
  comparedRuns,
  runSetToCsv,
  kpisToCsv,
  type ComparedRun,
  type RunSetCsvRun,
  type KpisCsvRun,
} from '../run/index.ts';
import { federationCsv, federationJson, federationTable, runAllModels } from './federation.ts';
import { resultToCsv, resultToJson, resultToTable } from './format.ts';
import { loadScenarioFile } from './loadScenario.ts';
import { parseArgs, type Io } from './args.ts';
import { namesMany, runMany } from './runMany.ts';
import { drawsJson, drawsText, readDraws } from './draws.ts';

export function runCommand(argv: string[], io: Io): number {
  const args = parseArgs(argv, {
    format: 'string',
    explain: 'boolean',
    effective: 'boolean',
    hpa: 'string',
    draws: 'number',
    seed: 'number',
  });
  if (!args.ok) return io.usage(args.error);
  const drawsAsked = readDraws(args.values);
  if (typeof drawsAsked === 'string') return io.usage(drawsAsked);
  const format = (args.values.format as string | undefined) ?? 'table';
  if (!['json', 'csv', 'runs-csv', 'kpis-csv', 'table'].includes(format))
    return io.usage(`unknown format "${format}" (json, csv, runs-csv, kpis-csv or table)`);
  // Directories, globs, several files: every autoscaler found, each run on its own.
  if (namesMany(args.positional)) {
    if (args.values.hpa !== undefined)
      return io.usage('--hpa picks an autoscaler of one file: name that file alone');
    const flags = argv.filter((a) => !args.positional.includes(a));
    return runMany(args.positional, flags, format, runCommand, io);
  }
  const [file, ...extra] = args.positional;
  if (!file || extra.length) return io.usage('run takes a scenario file, a directory or a glob');
  const loaded = loadScenarioFile(file, {
    hpa: args.values.hpa as string | undefined,
    hpaOnly: Boolean(args.values.effective),
  });
  if (!loaded.ok) {
    loaded.errors.forEach((e) => io.err(e));
    return 2;
  }
  loaded.warnings.forEach((w) => io.err(w));
  const plan = planParsed(loaded.parsed);
  if (args.values.effective) {
    // The same summary the app shows: defaults commented with this scenario's controller flags.
    if (plan.summary.effectiveHpaYaml === null) {
      io.err(`${file}:1:1: error: the HPA could not be rendered`);
      return 2;
    }
    io.out(plan.summary.effectiveHpaYaml);
    return 0;
  }
  const [main, ...variants] = plan.runs;
  if (!main) {
    io.err(`${file}:1:1: error: the scenario is not valid`);
    return 2;
  }
  if (format === 'runs-csv' || format === 'kpis-csv') {
    // Every run of the set (the HPA's, variants, every model's members and totals): the app's
    // "Every run's series" export, a row per run and sync led by its RunKey; or "Every run's
    // KPIs", a row per run (and per draw, with draws).
    const set: (RunSetCsvRun & KpisCsvRun)[] = [];
    for (const p of plan.runs) {
      const outcome = executeRun(p);
      if (!outcome.ok) {
        io.err(`${file}:${where(outcome.at)}: error: run '${p.key}': ${outcome.error}`);
        return 2;
      }
      set.push(outcome);
    }
    if (format === 'runs-csv') {
      io.out(runSetToCsv(set).trimEnd());
      return 0;
    }
    const asked = drawsAsked ?? plan.summary.draws ?? null;
    const drawn = asked ? executeDraws(main, asked.count, asked.seed) : null;
    if (drawn && !drawn.ok) {
      io.err(`${file}:1:1: error: ${drawn.error}`);
      return 2;
    }
    const first = set[0]!;
    const draws = drawn?.draws.map((d) => ({ index: d.draw.index, kpis: d.kpis }));
    io.out(
      kpisToCsv(set, drawn && draws ? { run: first, draws, stats: drawn.stats } : null).trimEnd(),
    );
    return 0;
  }
  const name0 = plan.summary.name || file;
  if (main.federation) {
    // Multi-cluster: every model, with its clusters, the total and the cluster events; with
    // variants, each one's totals beside the HPA's (a variant is a group of member runs).
    const own = plan.runs.filter((p) => variantOf(p) === null);
    const fed = runAllModels(main.input, Boolean(args.values.explain), own);
    if (!fed.ok) {
      io.err(`${file}:${where(fed.at)}: error: ${fed.error}`);
      return 2;
    }
    const compared: ComparedRun[] = [];
    if (own.length < plan.runs.length)
      for (const total of comparedRuns(plan.runs)) {
        const outcome = executeRun(total);
        if (!outcome.ok) {
          const v = total.federation?.variant;
          const who = v === undefined ? '' : `variant '${v}': `;
          io.err(`${file}:${where(outcome.at)}: error: ${who}${outcome.error}`);
          return 2;
        }
        compared.push({
          key: total.key,
          role: variantOf(total) === null ? 'hpa' : 'variant',
          name: total.label,
          kpis: outcome.result.kpis,
        });
      }
    // --draws (else spec.draws): each draw the group of member runs, its figures the first
    // model's total.
    const fedAsked = drawsAsked ?? plan.summary.draws ?? null;
    const fedDrawn = fedAsked ? executeDraws(main, fedAsked.count, fedAsked.seed) : null;
    if (fedDrawn && !fedDrawn.ok) {
      io.err(`${file}:1:1: error: ${fedDrawn.error}`);
      return 2;
    }
    const explain = Boolean(args.values.explain);
    if (format === 'json')
      io.out(
        JSON.stringify({
          ...federationJson(name0, main.input, fed.runs, explain),
          ...(compared.length > 0 ? { variants: compared } : {}),
          ...(fedDrawn?.ok ? drawsJson(fedDrawn) : {}),
        }),
      );
    else if (format === 'csv') io.out(federationCsv(fed.runs));
    else {
      io.out(federationTable(name0, main.input, fed.runs, explain).trimEnd());
      if (compared.length > 0)
        io.out(`\nvariants side by side:\n${comparisonText(compared).trimEnd()}`);
      if (fedDrawn?.ok)
        io.out(
          `\n${drawsText(fedDrawn).trimEnd()}\n  (each draw: every member cluster under it; the figures are the ${main.federation.model} model's total)`,
        );
    }
    return 0;
  }
  // The CLI prints every sync's conditions and explanation: record them all.
  const run = executeRun(main, { record: 'full' });
  if (!run.ok || !isFullResult(run.result)) {
    io.err(
      `${file}:${where(run.ok ? null : run.at)}: error: ${run.ok ? 'no sync records' : run.error}`,
    );
    return 2;
  }
  // Variants need only their KPIs: the compact record is enough.
  // Each run names its release: a variant may run another one (spec.variants[].kubernetesVersion).
  const entry = (r: typeof run & { ok: true }): ComparedRun & { kubernetesVersion?: string } => ({
    key: r.key,
    role: runRole(r.kind),
    name: r.label,
    ...(r.input.controller.kubernetesVersion
      ? { kubernetesVersion: r.input.controller.kubernetesVersion }
      : {}),
    kpis: r.result.kpis,
  });
  const compared: ComparedRun[] = [entry(run)];
  for (const variant of variants) {
    const outcome = executeRun(variant);
    if (!outcome.ok) {
      io.err(`${file}:${where(outcome.at)}: error: variant '${variant.label}': ${outcome.error}`);
      return 2;
    }
    compared.push(entry(outcome));
  }
  // Timing draws: the same run under N draws of the scrape and sync phases (run/draws.ts).
  // The flags, else the scenario's own spec.draws (what the app shows for it).
  const asked = drawsAsked ?? plan.summary.draws ?? null;
  const drawn = asked ? executeDraws(main, asked.count, asked.seed) : null;
  if (drawn && !drawn.ok) {
    io.err(`${file}:1:1: error: ${drawn.error}`);
    return 2;
  }
  const name = plan.summary.name || file;
  const explain = Boolean(args.values.explain);
  const release = plan.summary.release;
  // Named in every output: the releases decide scale to zero (and more) differently.
  const releaseText = release
    ? `Kubernetes ${release.label}${release.named || release.assumed ? '' : ' (default: no spec.kubernetesVersion)'}${release.keda ? `, under KEDA ${release.keda}` : ''}`
    : undefined;
  if (format === 'json') {
    const json = resultToJson(name, run.result, explain, run.input.hpa) as Record<string, unknown>;
    // No Simulation document: the one that gives this run, ready to paste after --- and edit.
    const world = plan.summary.defaultSimulation;
    io.out(
      JSON.stringify({
        ...json,
        ...(release
          ? {
              kubernetesVersion: release.version,
              kubernetesVersionNamed: release.named,
              ...(release.keda ? { kedaVersion: release.keda } : {}),
            }
          : {}),
        variants: compared,
        ...(drawn?.ok ? drawsJson(drawn) : {}),
        ...(world ? { defaultSimulation: world } : {}),
      }),
    );
  } else if (format === 'csv') io.out(resultToCsv(run.result).trimEnd());
  else {
    io.out(resultToTable(name, run.result, explain, run.input.hpa, releaseText).trimEnd());
    if (compared.length > 1)
      io.out(`\nvariants side by side:\n${comparisonText(compared).trimEnd()}`);
    if (drawn?.ok) io.out(`\n${drawsText(drawn).trimEnd()}`);
  }
  return 0;
}

/** line:column of the field a stopped run names (its budget's), else the text's start. */
function where(at: { line: number; column: number } | null | undefined): string {
  return at ? `${at.line}:${at.column}` : '1:1';
}
