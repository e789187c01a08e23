// A run set you can keep (issue 25): the scenario, its runs (the HPA and each variant, with what
// each changes), the timing draws and every figure, as one versioned JSON file, so a team can
// archive the evidence behind a change and reopen it later: the scenario text re-runs to the same
// figures (determinism). Reading is strict and located: a malformed file is one message with the
// line and column (or the field path) of its first problem, never a crash.

import { LineCounter, parseDocument } from 'yaml';
import type { DrawStats, Kpis, TimingDraw } from '../run/index.ts';

export const RUN_SET_FORMAT = 'hpa-sim/run-set';
export const RUN_SET_VERSION = 1;

export interface RunSetRun {
  key: string;
  name: string;
  role: string;
  /** a variant's changes to the HPA ("path: a → b") */
  changes?: string[];
  kpis: Kpis;
}

export interface RunSetDraws {
  count: number;
  seed: number;
  stats: DrawStats;
  draws: (TimingDraw & { kpis: Kpis })[];
}

export interface RunSetFile {
  format: typeof RUN_SET_FORMAT;
  version: typeof RUN_SET_VERSION;
  /** when it was saved (ISO 8601), for the reader */
  savedAt: string;
  scenario: { name: string; text: string; hpa: string | null };
  runs: RunSetRun[];
  draws: RunSetDraws | null;
  /**
   * The draws a Tune search judged its candidates at (more than one draw), so the file reopens
   * with the same search settings; absent in older files and when no such search ran.
   */
  tune?: { draws: number; percentile: number; seed: number };
}

export type RunSetRead =
  | { ok: true; file: RunSetFile }
  | { ok: false; error: string; path: string; line: number; column: number };

export function runSetJson(file: RunSetFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

type Path = (string | number)[];
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first problem of `v` as a run set, with its field path; null when it is one. */
function problem(v: unknown): { path: Path; message: string } | null {
  const at = (path: Path, message: string) => ({ path, message });
  if (!isObj(v)) return at([], 'a run set is a JSON object');
  if (v.format !== RUN_SET_FORMAT)
    return at(['format'], `expected format "${RUN_SET_FORMAT}", got ${JSON.stringify(v.format)}`);
  if (v.version !== RUN_SET_VERSION)
    return at(
      ['version'],
      typeof v.version === 'number' && v.version > RUN_SET_VERSION
        ? `version ${v.version} is newer than this hpa-sim reads (${RUN_SET_VERSION}): update hpa-sim`
        : `expected version ${RUN_SET_VERSION}, got ${JSON.stringify(v.version)}`,
    );
  if (typeof v.savedAt !== 'string') return at(['savedAt'], 'expected a date (text)');
  const s = v.scenario;
  if (!isObj(s)) return at(['scenario'], 'expected an object: name, text, hpa');
  if (typeof s.text !== 'string' || s.text.trim() === '')
    return at(['scenario', 'text'], 'expected the scenario text');
  if (typeof s.name !== 'string') return at(['scenario', 'name'], 'expected text');
  if (s.hpa !== null && typeof s.hpa !== 'string')
    return at(['scenario', 'hpa'], 'expected an HPA name or null');
  if (!Array.isArray(v.runs) || v.runs.length === 0)
    return at(['runs'], 'expected a list of runs, the HPA first');
  for (const [i, r] of v.runs.entries()) {
    if (!isObj(r)) return at(['runs', i], 'expected a run: key, name, role, kpis');
    for (const f of ['key', 'name', 'role'])
      if (typeof r[f] !== 'string') return at(['runs', i, f], 'expected text');
    const bad = kpisProblem(r.kpis);
    if (bad) return at(['runs', i, 'kpis', ...bad.path], bad.message);
  }
  if (v.tune !== undefined) {
    const t = v.tune;
    if (!isObj(t)) return at(['tune'], 'expected the search’s draws, percentile and seed');
    if (!Number.isInteger(t.draws) || (t.draws as number) < 2 || (t.draws as number) > 256)
      return at(['tune', 'draws'], 'expected a whole number of draws from 2 to 256');
    if (typeof t.percentile !== 'number' || !(t.percentile > 0 && t.percentile <= 100))
      return at(['tune', 'percentile'], 'expected a number above 0 and at most 100');
    if (!Number.isInteger(t.seed) || (t.seed as number) < 0 || (t.seed as number) > 0xffffffff)
      return at(['tune', 'seed'], 'expected a whole number from 0 to 4294967295');
  }
  if (v.draws === null) return null;
  const d = v.draws;
  if (!isObj(d)) return at(['draws'], 'expected the draws or null');
  if (!Number.isInteger(d.count) || (d.count as number) < 1)
    return at(['draws', 'count'], 'expected a whole number of draws');
  if (!Number.isInteger(d.seed)) return at(['draws', 'seed'], 'expected a whole number');
  if (!isObj(d.stats)) return at(['draws', 'stats'], 'expected median, p95 and worst');
  for (const f of ['median', 'p95', 'worst']) {
    const bad = kpisProblem(d.stats[f]);
    if (bad) return at(['draws', 'stats', f, ...bad.path], bad.message);
  }
  if (!Array.isArray(d.draws) || d.draws.length !== d.count)
    return at(['draws', 'draws'], `expected ${String(d.count)} draws`);
  for (const [i, x] of d.draws.entries()) {
    if (!isObj(x) || x.index !== i) return at(['draws', 'draws', i, 'index'], `expected ${i}`);
    const bad = kpisProblem(x.kpis);
    if (bad) return at(['draws', 'draws', i, 'kpis', ...bad.path], bad.message);
  }
  return null;
}

/** The figures a KPI object must have (numbers), checked so a reader never shows undefined. */
const KPI_NUMBERS = [
  'podHours',
  'peakReplicas',
  'finalReplicas',
  'scaleEvents',
  'directionReversals',
  'timeAboveTargetSeconds',
  'unmetDemandPercent',
  'overloadSeconds',
] as const;

function kpisProblem(k: unknown): { path: Path; message: string } | null {
  if (!isObj(k)) return { path: [], message: 'expected the KPIs (an object)' };
  for (const f of KPI_NUMBERS)
    if (typeof k[f] !== 'number') return { path: [f], message: 'expected a number' };
  if (!isObj(k.recovery)) return { path: ['recovery'], message: 'expected an object' };
  return null;
}

/** Reads a run set file: the file, or its first problem with its line and column. */
export function readRunSet(text: string): RunSetRead {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const place = (offset: number) => {
    const p = counter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const err = doc.errors[0];
    const where = err ? place(err.pos[0]) : { line: 1, column: 1 };
    return { ok: false, error: `not JSON: ${(e as Error).message}`, path: '', ...where };
  }
  const bad = problem(value);
  if (!bad) return { ok: true, file: value as RunSetFile };
  // The deepest node of the path that exists: the field itself, else its parent.
  let where = { line: 1, column: 1 };
  for (let n = bad.path.length; n >= 0; n--) {
    const node = doc.getIn(bad.path.slice(0, n), true) as { range?: [number, number, number] };
    if (node?.range) {
      where = place(node.range[0]);
      break;
    }
  }
  return { ok: false, error: bad.message, path: bad.path.join('.'), ...where };
}

/** One figure a re-run gives differently from the run set's saved one. */
export interface RunSetDifference {
  run: string;
  figure: string;
  saved: number;
  now: number;
}

/**
 * The saved figures against a re-run's (each run by key): empty when the file reopens to the same
 * figures. A run the re-run lacks is one difference ("missing"); a run it adds is not (a file
 * may keep fewer runs than the scenario has).
 */
export function compareRunSet(
  file: RunSetFile,
  runs: readonly { key: string; kpis: object | null }[],
  draws?: DrawStats | null,
): { missing: string[]; differences: RunSetDifference[] } {
  const byKey = new Map(runs.map((r) => [r.key, r.kpis as Record<string, unknown> | null]));
  // The draws' spread (median, p95, worst) is compared as three more runs when both have it.
  const saved = [...file.runs];
  if (file.draws && draws)
    for (const at of ['median', 'p95', 'worst'] as const) {
      saved.push({
        key: `draws ${at}`,
        name: `draws ${at}`,
        role: 'draws',
        kpis: file.draws.stats[at],
      });
      byKey.set(`draws ${at}`, draws[at] as unknown as Record<string, unknown>);
    }
  const missing: string[] = [];
  const differences: RunSetDifference[] = [];
  for (const run of saved) {
    const now = byKey.get(run.key);
    if (!now) {
      missing.push(run.name);
      continue;
    }
    for (const [figure, value] of Object.entries(run.kpis as object))
      if (typeof value === 'number' && now[figure] !== value)
        differences.push({ run: run.name, figure, saved: value, now: now[figure] as number });
  }
  return { missing, differences };
}
