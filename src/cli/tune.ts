// `cli tune FILE [thresholds as check] [--minimize cost|pod-hours] [--seed N] [--budget RUNS]
// [--workers N]`: search the HPA's behavior for the cheapest one that meets the thresholds; the
// recommended manifest on stdout, a summary on stderr. Exit 0: a candidate meets every
// threshold; 1: none does (the nearest miss is printed); 2: bad input. Candidates are judged on
// the runs `check` judges, by the same verdict (src/tune/judged.ts, goals.ts verdict()), so
// `check` of the printed manifest agrees. The search runs on the app's pool and scheduler over
// worker threads (threads.ts, src/bridge/searchLanes.ts), at most one per core.

import { patchedManifestYaml } from '../scenario/edit/patchManifest.ts';
import { patchProblem, type PatchProblem } from '../tune/applies.ts';
import { DEFAULT_MAX_WORK } from '../scenario/index.ts';
import { openSearch } from '../bridge/searchLanes.ts';
import {
  costObjective,
  describeChange,
  describeTradeOff,
  kpiDeltas,
  localEvaluator,
  MAX_BUDGET,
  podHoursObjective,
  prepareSearch,
  releaseNeeds,
  scenarioCostObjective,
  search,
  THRESHOLDS,
  tradeOffs,
  type BatchEvaluator,
  type CandidateResult,
  type Goals,
  type SearchResult,
} from '../tune/index.ts';
import { parseArgs, type Io } from './args.ts';
import { currentParseOptions, loadScenarioFile } from './loadScenario.ts';
import { createThreadPool, machineCores } from './threads.ts';
import { drawsLabel, readDraws } from './draws.ts';
import { searchDraws } from '../tune/drawsGoal.ts';
import { writeFileSync } from 'node:fs';
import { VERSION } from './version.ts';

export const TUNE_DEFAULTS = { seed: 1, budget: 200 } as const;
/** The most `--workers` accepts (more is capped at the machine's cores anyway). */
const MAX_WORKERS = 64;
/** Candidates a generation holds (src/tune/search.ts): more workers than this would idle. */
const GENERATION = 16;

export async function tuneCommand(argv: string[], io: Io): Promise<number> {
  const spec: Record<string, 'number' | 'string' | 'boolean'> = {
    ...Object.fromEntries(THRESHOLDS.map((t) => [t.flag, 'number' as const])),
    hpa: 'string',
    minimize: 'string',
    'pod-hour-price': 'number',
    seed: 'number',
    budget: 'number',
    workers: 'number',
    'search-replicas': 'boolean',
    'search-target': 'boolean',
    draws: 'number',
    percentile: 'number',
    write: 'string',
    format: 'string',
  };
  const args = parseArgs(argv, spec);
  if (!args.ok) return io.usage(args.error);
  const draws = readDraws(args.values);
  if (typeof draws === 'string') return io.usage(draws);
  const write = args.values.write as string | undefined;
  if (write !== undefined && (write === '' || write === '-'))
    return io.usage('--write takes a file to write the recommended HPA manifest to');
  const format = (args.values.format as string | undefined) ?? 'yaml';
  if (format !== 'yaml' && format !== 'json')
    return io.usage(`--format takes yaml (the recommended manifest) or json, got "${format}"`);
  const [file, ...extra] = args.positional;
  if (!file || extra.length) return io.usage('tune takes exactly one scenario file');
  const v = args.values;
  const constraints = THRESHOLDS.filter((t) => v[t.flag] !== undefined).map((t) => ({
    flag: t.flag,
    limit: v[t.flag] as number,
  }));
  if (constraints.length === 0)
    return io.usage(
      `tune needs at least one threshold to meet (without one the cheapest behavior never scales up): ${THRESHOLDS.map((t) => `--${t.flag}`).join(', ')}`,
    );
  const minimize = (v.minimize as string | undefined) ?? 'pod-hours';
  if (minimize !== 'cost' && minimize !== 'pod-hours')
    return io.usage(`--minimize takes cost or pod-hours, got "${minimize}"`);
  const price = v['pod-hour-price'] as number | undefined;
  if (price !== undefined && !(price > 0))
    return io.usage(`--pod-hour-price needs a positive price, got ${price}`);
  const seed = (v.seed as number | undefined) ?? TUNE_DEFAULTS.seed;
  if (!Number.isSafeInteger(seed)) return io.usage(`--seed needs an integer, got ${seed}`);
  const budget = (v.budget as number | undefined) ?? TUNE_DEFAULTS.budget;
  if (!Number.isInteger(budget) || budget < 1 || budget > MAX_BUDGET)
    return io.usage(`--budget needs a number of runs from 1 to ${MAX_BUDGET}, got ${budget}`);
  const asked = v.workers as number | undefined;
  if (asked !== undefined && (!Number.isInteger(asked) || asked < 1 || asked > MAX_WORKERS))
    return io.usage(`--workers needs a number from 1 to ${MAX_WORKERS}, got ${asked}`);
  // A thread per core at most: more only share the cores, each with its own heap.
  const cores = machineCores();
  if (asked !== undefined && asked > cores)
    io.err(
      `hpa-sim: info: --workers ${asked}: this machine has ${cores} core(s), so ${cores} worker thread(s) run`,
    );
  const workers = Math.min(asked ?? cores, cores, budget, GENERATION);

  // Read before the first await: --max-work applies only while main() is on the stack.
  const loaded = loadScenarioFile(file, { hpa: v.hpa as string | undefined });
  if (!loaded.ok) {
    loaded.errors.forEach((e) => io.err(e));
    return 2;
  }
  loaded.warnings.forEach((w) => io.err(w));
  const parsed = loaded.parsed;
  const maxWork = currentParseOptions().maxWork ?? DEFAULT_MAX_WORK;
  // Candidates judged over the draws; the search's seed draws them. The app's Tune form builds
  // its draws with the same function: the same seed, draws and percentile, the same answer.
  const drawsGoal = draws ? searchDraws(draws.count, draws.percentile, seed) : null;
  const prepared = prepareSearch(parsed, maxWork, drawsGoal);
  if (!prepared.ok) {
    io.err(`${file}:1:1: error: ${prepared.error}`);
    return 2;
  }
  const base = prepared.search.base;
  const hpaDoc = parsed.documents.find((d) => d.role === 'hpa');
  if (!hpaDoc) {
    io.err(`${file}:1:1: error: the scenario has no HorizontalPodAutoscaler`);
    return 2;
  }
  const goals: Goals = {
    constraints,
    objective:
      minimize !== 'cost'
        ? podHoursObjective()
        : price === undefined && base.input.cost
          ? scenarioCostObjective()
          : costObjective(price ?? 1, price ? 'per pod-hour price' : ''),
  };

  const started = Date.now();
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  // One worker: this thread (nothing to share). More: the app's pool over worker threads, each
  // running the simulator API with the search prepared once (the same parse, the same verdict).
  const pool = workers > 1 ? createThreadPool() : null;
  let result: SearchResult;
  try {
    let evaluate: BatchEvaluator = localEvaluator(prepared.search.evaluate);
    let close = () => {};
    if (pool) {
      const opened = await openSearch(
        pool,
        {
          text: loaded.text,
          maxWork,
          draws: drawsGoal,
          ...(v.hpa === undefined ? {} : { hpa: v.hpa as string }),
        },
        {
          workers,
          signal: abort.signal,
          onIncident: (i) => io.err(`${file}: warning: ${i.message}`),
        },
      );
      if (!opened.ok) {
        io.err(`${file}:1:1: error: ${opened.error}`);
        return 2;
      }
      evaluate = opened.session.evaluate;
      close = opened.session.close;
    }
    try {
      result = await search(
        base,
        goals,
        {
          seed,
          budget,
          space: { replicas: v['search-replicas'] === true, target: v['search-target'] === true },
        },
        evaluate,
        { signal: abort.signal, onProgress: progressLine(io) },
      );
    } finally {
      close();
    }
  } catch (e) {
    io.err(`${file}: error: ${(e as Error).message}`);
    return 2;
  } finally {
    io.progress?.('');
    process.off('SIGINT', onSigint);
    pool?.dispose();
  }
  const seconds = (Date.now() - started) / 1000;
  const current = result.candidates[0];
  const best = result.best === null ? null : result.candidates[result.best]!;
  if (!current?.kpis || !best) {
    io.err(`${file}:1:1: error: ${current?.error ?? 'no candidate could be simulated'}`);
    return 2;
  }
  const manifest = patchedManifestYaml(loaded.text, hpaDoc, best.patch, parsed.hpaManifest);
  // A refused candidate says why, located in the file (src/tune/applies.ts, as the app says it).
  const hpaName = (v.hpa as string | undefined) ?? null;
  const problemOf = (c: CandidateResult) =>
    c.error ? patchProblem(loaded.text, c.patch, hpaName, parsed) : null;
  const judgedAt = draws ? { count: draws.count, seed, percentile: draws.percentile } : null;
  if (format === 'json')
    io.out(JSON.stringify(tuneJson(result, manifest, file, problemOf, judgedAt)));
  else if (write === undefined) io.out(manifest.trimEnd());
  summary(result, current, best, { file, workers, seconds }).forEach((l) => io.err(l));
  if (draws) io.err(`${file}: every candidate judged at ${drawsLabel(draws)} (seed ${seed})`);
  if (write !== undefined) {
    // Only a recommendation that meets every threshold is written: the file is meant to ship.
    if (!result.feasible) {
      io.err(`${write}: not written: no candidate meets every threshold`);
      return 1;
    }
    try {
      writeFileSync(write, manifest.endsWith('\n') ? manifest : `${manifest}\n`);
    } catch (e) {
      io.err(`${write}: error: ${(e as Error).message}`);
      return 2;
    }
    io.err(`${write}: wrote the recommended HorizontalPodAutoscaler (kubectl apply -f ${write})`);
  }
  return result.feasible ? 0 : 1;
}

/** "runs 48/200, best 203.7" on one rewritten terminal line, when stderr is a terminal. */
function progressLine(io: Io) {
  if (!io.progress) return undefined;
  const show = io.progress;
  return (p: { done: number; total: number; best: CandidateResult | null }) =>
    show(
      `tune: ${p.done}/${p.total} runs${p.best?.objective != null ? `, best so far ${fmt(p.best.objective)}${p.best.feasible ? '' : ' (misses a threshold)'}` : ''} — Ctrl-C stops and prints the best`,
    );
}

function summary(
  r: SearchResult,
  current: CandidateResult,
  best: CandidateResult,
  run: { file: string; workers: number; seconds: number },
): string[] {
  const valid = r.candidates.filter((c) => c.kpis).length;
  const feasible = r.candidates.filter((c) => c.feasible).length;
  const perSecond = run.seconds > 0 ? r.candidates.length / run.seconds : 0;
  const lines = [
    `${run.file}: tune: ${r.candidates.length} runs${r.cancelled ? ' (cancelled)' : ''}, seed ${r.seed}, ${run.workers} worker(s), ${run.seconds.toFixed(1)} s (${perSecond.toFixed(1)} runs/s); ${valid} valid, ${feasible} meet every threshold, ${r.front.length} on the front`,
  ];
  // A multi-cluster scenario: each threshold must hold in every model's total, as in `check`.
  if (best.runs && best.runs.length > 1)
    lines.push(
      `${run.file}: judged on ${best.runs.length} runs, as check judges them: ${best.runs.map((x) => x.name).join(', ')} (each threshold's worst is shown)`,
    );
  const rows: [string, string, string][] = [
    [`${r.objective.name} (minimized)`, fmt(current.objective), fmt(best.objective)],
  ];
  for (let i = 0; i < best.constraints.length; i++) {
    const b = best.constraints[i]!;
    const c = current.constraints[i];
    const mark = (x: { met: boolean } | undefined) => (x ? (x.met ? ' PASS' : ' FAIL') : '');
    rows.push([
      `${b.label} (${b.bound} ${b.limit})`,
      `${c ? fmt(c.value) : '-'}${mark(c)}`,
      `${fmt(b.value)}${mark(b)}`,
    ]);
  }
  if (!best.constraints.some((c) => c.label === r.overload.label))
    rows.push([r.overload.label, fmt(current.overload), fmt(best.overload)]);
  // Every KPI, not only the goals: what the recommendation changes (src/tune/tradeOffs.ts).
  if (current.kpis && best.kpis)
    for (const d of kpiDeltas(current.kpis, best.kpis))
      rows.push([
        d.label,
        fmt(d.current),
        `${fmt(d.candidate)}${best.index === 0 ? '' : ` (${describeChange(d)})${d.tradeOff ? ' worse' : ''}`}`,
      ]);
  const w0 = Math.max(...rows.map((x) => x[0].length), 10);
  const w1 = Math.max(...rows.map((x) => x[1].length), 'current'.length);
  const line = (a: string, b: string, c: string) => `  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`;
  lines.push(line('', 'current', best.index === 0 ? 'recommended (= current)' : 'recommended'));
  rows.forEach((x) => lines.push(line(...x)));
  // What the recommendation gives up against the current HPA, beyond the goals searched for.
  const trades =
    best.index !== 0 && current.kpis && best.kpis ? tradeOffs(current.kpis, best.kpis) : [];
  if (trades.length > 0)
    lines.push(
      `${run.file}: note: the recommendation trades: ${trades.map(describeTradeOff).join('; ')}`,
    );
  for (const need of releaseNeeds(best.patch)) lines.push(`${run.file}: note: ${need.text}`);
  lines.push(
    r.feasible
      ? `${run.file}: the recommended behavior meets every threshold (candidate ${best.index})`
      : `${run.file}: no candidate meets every threshold; printed the nearest miss (candidate ${best.index})`,
  );
  return lines;
}

function fmt(n: number | null | undefined): string {
  if (n === null || n === undefined) return '-';
  return Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, '');
}

/**
 * `tune --format json`: the search's answer and every candidate with its KPIs, its delta against
 * the current HPA for every KPI, the trade-offs it makes and the releases it needs; a refused
 * candidate's `problem` names the cause, the field and its line.
 */
function tuneJson(
  r: SearchResult,
  manifest: string,
  file: string,
  problemOf: (c: CandidateResult) => PatchProblem | null,
  draws: { count: number; seed: number; percentile: number } | null,
) {
  const current = r.candidates[0]?.kpis ?? null;
  return {
    tool: 'hpa-sim',
    version: VERSION,
    file,
    seed: r.seed,
    budget: r.budget,
    draws,
    cancelled: r.cancelled,
    feasible: r.feasible,
    objective: r.objective,
    overload: r.overload,
    recommended: r.best,
    front: r.front,
    manifest,
    candidates: r.candidates.map((c) => {
      const deltas = current && c.kpis && c.index !== 0 ? kpiDeltas(current, c.kpis) : [];
      return {
        index: c.index,
        patch: c.patch,
        error: c.error,
        problem: problemOf(c),
        feasible: c.feasible,
        objective: c.objective,
        overload: c.overload,
        constraints: c.constraints,
        kpis: c.kpis,
        // over draws: each KPI's smallest and largest value (kpis are at the percentile)
        ...(c.runs?.[0]?.spread ? { spread: c.runs[0].spread } : {}),
        deltas,
        tradeOffs: deltas.filter((d) => d.tradeOff).map((d) => d.key),
        releaseNeeds: releaseNeeds(c.patch),
      };
    }),
  };
}
