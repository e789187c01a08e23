// `cli tune FILE [thresholds as check] [--minimize cost|pod-hours] [--seed N] [--budget RUNS]
// [--workers N]`: search the HPA's behavior for the cheapest one that meets the thresholds; the
// recommended manifest on stdout, a summary on stderr. Exit 0: a candidate meets every
// threshold; 1: none does (the nearest miss is printed); 2: bad input.

import { patchedManifestYaml } from '../scenario/edit/patchManifest.ts';
import { DEFAULT_MAX_WORK } from '../scenario/index.ts';
import {
  costObjective,
  describeTradeOff,
  MAX_BUDGET,
  podHoursObjective,
  releaseNeeds,
  scenarioCostObjective,
  search,
  THRESHOLDS,
  tradeOffs,
  tuneBase,
  type CandidateResult,
  type Goals,
  type SearchResult,
} from '../tune/index.ts';
import { parseArgs, type Io } from './args.ts';
import { currentParseOptions, loadScenarioFile } from './loadScenario.ts';
import { createPool, defaultWorkers } from './tunePool.ts';
import { drawsLabel, readDraws } from './draws.ts';
import { writeFileSync } from 'node:fs';

export const TUNE_DEFAULTS = { seed: 1, budget: 200 } as const;
const MAX_WORKERS = 64;

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
  };
  const args = parseArgs(argv, spec);
  if (!args.ok) return io.usage(args.error);
  const draws = readDraws(args.values);
  if (typeof draws === 'string') return io.usage(draws);
  const write = args.values.write as string | undefined;
  if (write !== undefined && (write === '' || write === '-'))
    return io.usage('--write takes a file to write the recommended HPA manifest to');
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
  const workers = (v.workers as number | undefined) ?? defaultWorkers();
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS)
    return io.usage(`--workers needs a number from 1 to ${MAX_WORKERS}, got ${workers}`);

  // Read before the first await: --max-work applies only while main() is on the stack.
  const loaded = loadScenarioFile(file, { hpa: v.hpa as string | undefined });
  if (!loaded.ok) {
    loaded.errors.forEach((e) => io.err(e));
    return 2;
  }
  loaded.warnings.forEach((w) => io.err(w));
  const parsed = loaded.parsed;
  const prepared = tuneBase(parsed, currentParseOptions().maxWork ?? DEFAULT_MAX_WORK);
  if (!prepared.ok) {
    io.err(`${file}:1:1: error: ${prepared.error}`);
    return 2;
  }
  // Candidates judged over the draws; the search's seed draws them (the same seed, the same answer).
  if (draws)
    prepared.base.draws = { ...draws, seed: (v.seed as number | undefined) ?? TUNE_DEFAULTS.seed };
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
        : price === undefined && prepared.base.input.cost
          ? scenarioCostObjective()
          : costObjective(price ?? 1, price ? 'per pod-hour price' : ''),
  };

  const started = Date.now();
  const pool = createPool(prepared.base, workers);
  const abort = { aborted: false };
  const onSigint = () => {
    abort.aborted = true;
  };
  process.once('SIGINT', onSigint);
  let result: SearchResult;
  try {
    result = await search(
      prepared.base,
      goals,
      {
        seed,
        budget,
        space: { replicas: v['search-replicas'] === true, target: v['search-target'] === true },
      },
      pool.evaluate,
      { signal: abort, onProgress: progressLine(io) },
    );
  } catch (e) {
    io.err(`${file}: error: ${(e as Error).message}`);
    return 2;
  } finally {
    io.progress?.('');
    process.off('SIGINT', onSigint);
    await pool.close();
  }
  const seconds = (Date.now() - started) / 1000;
  const current = result.candidates[0];
  const best = result.best === null ? null : result.candidates[result.best]!;
  if (!current?.kpis || !best) {
    io.err(`${file}:1:1: error: ${current?.error ?? 'no candidate could be simulated'}`);
    return 2;
  }
  const manifest = patchedManifestYaml(loaded.text, hpaDoc, best.patch, parsed.hpaManifest);
  if (write === undefined) io.out(manifest.trimEnd());
  summary(result, current, best, { file, workers: pool.workers, seconds }).forEach((l) =>
    io.err(l),
  );
  if (draws)
    io.err(
      `${file}: every candidate judged at ${drawsLabel(draws)} (seed ${prepared.base.draws!.seed})`,
    );
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
  rows.push(['scale events', fmt(current.kpis?.scaleEvents), fmt(best.kpis?.scaleEvents)]);
  rows.push(['peak replicas', fmt(current.kpis?.peakReplicas), fmt(best.kpis?.peakReplicas)]);
  rows.push([
    'longest recovery (s)',
    fmt(current.kpis?.recovery.maxSeconds),
    fmt(best.kpis?.recovery.maxSeconds),
  ]);
  rows.push([
    'p95 utilization (%)',
    fmt(current.kpis?.p95UtilizationPercent),
    fmt(best.kpis?.p95UtilizationPercent),
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
