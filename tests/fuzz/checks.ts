// What must hold for every input, whatever it is. Each check runs one input through one API and
// returns its findings instead of throwing, so a long run can count them:
//   crash     — a never-throwing API threw (parseScenario, simulate, importers, link decoder, CLI)
//   invariant — NaN or negative replicas, an unlocated or out-of-range diagnostic, a valid
//               scenario the engine refuses, prototype pollution, a raw control character in a
//               message or printed line
import {
  parseCsvSeries,
  parsePrometheusRangeQuery,
  seriesCurve,
  validateCurve,
  type ImportResult,
} from '../../src/engine/simulation/curves/index.ts';
import {
  executeRun,
  importTraffic,
  planParsed,
  type TrafficImportRequest,
} from '../../src/run/index.ts';
import {
  DEFAULT_MAX_WORK,
  estimateWork,
  hasUnsafeCharacters,
  parseScenario,
  type Diagnostic,
  type InputFieldLocation,
} from '../../src/scenario/index.ts';
import { decodeScenario, encodeScenario } from '../../src/share/codec.ts';

export type Target =
  | 'scenario'
  | 'federation'
  | 'keda'
  | 'stream'
  | 'variants'
  | 'releases'
  | 'changes'
  | 'nodes'
  | 'csv'
  | 'prometheus'
  | 'import'
  | 'link'
  | 'cli'
  | 'tune';

export interface Finding {
  kind: 'crash' | 'invariant' | 'memory' | 'hang';
  target: Target;
  message: string;
  input: string;
}

/** Counts for the long run's report: scenarios parsed valid, simulated, stopped by the meter. */
export const stats = { valid: 0, simulated: 0, stopped: 0 };

/** Every run stops here at this many of the meter's units (keeps a fuzz input fast). */
export const SIMULATE_MAX_WORK = 1_000_000;

/** The place a stopped run names, as a diagnostic (checked like every other one). */
function stopDiagnostic(at: InputFieldLocation, message: string): Diagnostic {
  return { severity: 'error', message, ...at };
}

const PROTOTYPES: [string, object][] = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
];
const PROTOTYPE_KEYS = new Map(
  PROTOTYPES.map(([n, p]) => [n, Reflect.ownKeys(p).map(String).sort().join(',')]),
);

/** Properties added to a built-in prototype since start-up (a pollution). */
export function pollution(): string | null {
  for (const [name, proto] of PROTOTYPES) {
    const now = Reflect.ownKeys(proto).map(String).sort().join(',');
    if (now !== PROTOTYPE_KEYS.get(name)) return `${name}.prototype changed: ${now.slice(0, 200)}`;
  }
  return null;
}

const lineLengths = (text: string) => text.split('\n').map((l) => l.length);

/** Problems with a scenario's diagnostics: unlocated, out of range, empty, raw controls. */
export function diagnosticFindings(
  text: string,
  diagnostics: readonly Diagnostic[],
): { kind: Finding['kind']; message: string }[] {
  const out: { kind: Finding['kind']; message: string }[] = [];
  // Positions are counted in the text as parsed (a leading byte-order mark dropped).
  const lines = lineLengths(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  for (const d of diagnostics) {
    const where = `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message.slice(0, 120)}`;
    const bad = (message: string) =>
      out.push({ kind: 'invariant', message: `${message} ${where}` });
    if (!(d.line >= 1 && d.column >= 1)) bad('unlocated diagnostic');
    else if (d.line > lines.length || d.column > lines[d.line - 1]! + 1)
      bad('diagnostic out of range');
    if (d.endLine * 1e9 + d.endColumn <= d.line * 1e9 + d.column) bad('empty range');
    if (!d.message) bad('empty message');
    if (hasUnsafeCharacters(d.message)) bad('raw control in a message');
    if (d.message.startsWith('internal error'))
      out.push({ kind: 'crash', message: `internal error ${where}` });
    const leak = leakedValue(d.message, text);
    if (leak) bad(`a JavaScript value (${leak}) in a message`);
  }
  return out;
}

/** "undefined", "NaN", "Infinity" or "[object Object]" a message shows but the input never wrote. */
export function leakedValue(message: string, input: string): string | null {
  for (const m of message.matchAll(/undefined|NaN|-?Infinity|\[object Object\]/g)) {
    if (!input.includes(m[0])) return m[0];
  }
  return null;
}

export function checkScenario(
  text: string,
  maxWork = DEFAULT_MAX_WORK,
  target: Target = 'scenario',
  options: { hpa?: string } = {},
): Finding[] {
  const out: Finding[] = [];
  const bad = (kind: Finding['kind'], message: string) =>
    out.push({ kind, target, message, input: text });
  let r: ReturnType<typeof parseScenario>;
  try {
    r = parseScenario(text, { maxWork, ...options });
  } catch (e) {
    bad('crash', `parseScenario threw: ${(e as Error).message}`);
    return out;
  }
  if (r.ok !== !r.diagnostics.some((d) => d.severity === 'error'))
    bad('invariant', 'ok ⇔ no error');
  if (r.ok && !r.input) bad('invariant', 'ok without input');
  // Positions are counted in the text as parsed (a leading byte-order mark dropped).
  for (const f of diagnosticFindings(text, r.diagnostics)) bad(f.kind, f.message);
  const polluted = pollution();
  if (polluted) bad('invariant', `prototype pollution: ${polluted}`);
  if (!r.ok || !r.input) return out;
  stats.valid++;
  const plan = planParsed(r);
  // What every run certainly costs was checked where the scenario was read.
  const inputs = [r.input, ...r.variants.map((v) => v.input)];
  const certain = inputs.reduce((n, input) => n + estimateWork(input).certainUnits, 0);
  if (certain > maxWork) bad('invariant', 'accepted though certain to pass the work budget');
  const shares = plan.runs.reduce((n, p) => n + (p.federation ? 0 : (p.workBudget ?? 0)), 0);
  if (!r.input.federation && Math.abs(shares - maxWork) > maxWork * 1e-9)
    bad('invariant', `the runs' budgets add up to ${shares}, not the scenario's ${maxWork}`);
  stats.simulated++;
  // Every run the scenario asks for: the HPA, each variant, each cluster of each model, within
  // its share of the budget and at most SIMULATE_MAX_WORK here (the meter stops it, located).
  for (const p of plan.runs) {
    try {
      const workBudget = Math.min(p.workBudget ?? Infinity, SIMULATE_MAX_WORK);
      const run = executeRun(p, { record: 'compact', workBudget });
      if (!run.ok && run.overrun) {
        stats.stopped++;
        // A stop names the field the user wrote behind its cost, at its place in the text.
        if (!run.at || !run.error.includes(`set by ${run.at.path} (line ${run.at.line})`))
          bad('invariant', `a run the meter stopped names no field: ${run.error}`);
        else
          for (const f of diagnosticFindings(text, [stopDiagnostic(run.at, run.error)]))
            bad(f.kind, f.message);
        return out;
      }
      if (!run.ok) {
        // Every limit is checked, located, by parseScenario: the engine must not refuse.
        bad('invariant', `valid scenario refused by the engine (unlocated): ${run.error}`);
        return out;
      }
      const series = run.result.series;
      for (const [field, values] of [
        ['specReplicas', series.specReplicas],
        ['desiredReplicas', series.desiredReplicas],
      ] as const) {
        for (let k = 0; k < (values?.length ?? 0); k++) {
          const v = values![k]!;
          // A sync that computed no desired count (a federation's total) records NaN.
          if (field === 'desiredReplicas' && Number.isNaN(v)) continue;
          if (!Number.isInteger(v) || v < 0) {
            bad('invariant', `${p.key}: ${field} ${v} at sync ${k}`);
            return out;
          }
        }
      }
    } catch (e) {
      bad('crash', `simulate threw (${p.key}): ${(e as Error).message}`);
      return out;
    }
  }
  return out;
}

function checkImport(target: 'csv' | 'prometheus', text: string): Finding[] {
  const out: Finding[] = [];
  const bad = (kind: Finding['kind'], message: string) =>
    out.push({ kind, target, message, input: text });
  let r: ImportResult;
  try {
    r = target === 'csv' ? parseCsvSeries(text) : parsePrometheusRangeQuery(text);
  } catch (e) {
    bad('crash', `importer threw: ${(e as Error).message}`);
    return out;
  }
  // The importers count CR, LF and CRLF as line ends.
  const lines = text.split(/\r\n|\r|\n/).map((l) => l.length);
  const issues = r.ok ? r.series.warnings : r.errors;
  if (!r.ok && r.errors.length === 0) bad('invariant', 'failed without an error');
  for (const i of issues) {
    if (!i.message) bad('invariant', 'empty message');
    if (i.line !== undefined && (i.line < 1 || i.line > lines.length))
      bad('invariant', `line ${i.line} out of range: ${i.message.slice(0, 100)}`);
    if (i.column !== undefined && i.line !== undefined && i.line <= lines.length) {
      if (i.column < 1 || i.column > lines[i.line - 1]! + 1)
        bad('invariant', `column ${i.column} out of range: ${i.message.slice(0, 100)}`);
    }
  }
  if (r.ok) {
    const problems = validateCurve(seriesCurve(r.series));
    if (problems.length)
      bad('invariant', `import accepted, curve refused: ${problems[0]!.message.slice(0, 120)}`);
    for (const p of r.series.points)
      if (!Number.isFinite(p.value) || !Number.isFinite(p.at)) {
        bad('invariant', `non-finite point ${p.at},${p.value}`);
        break;
      }
  }
  const polluted = pollution();
  if (polluted) bad('invariant', `prototype pollution: ${polluted}`);
  return out;
}

export const checkCsv = (text: string) => checkImport('csv', text);
export const checkPrometheus = (text: string) => checkImport('prometheus', text);

/** A link payload never makes the decoder throw; a scenario round-trips through a link. */
export async function checkLink(payload: string, roundTrip?: string): Promise<Finding[]> {
  const out: Finding[] = [];
  const bad = (kind: Finding['kind'], message: string, input = payload) =>
    out.push({ kind, target: 'link', message, input });
  try {
    const r = await decodeScenario(payload);
    if (r.ok && typeof r.text !== 'string') bad('invariant', 'decoded text is not text');
    if (!r.ok && !r.error) bad('invariant', 'failed without a message');
    if (r.ok) out.push(...checkScenario(r.text, SIMULATE_MAX_WORK));
  } catch (e) {
    bad('crash', `decodeScenario threw: ${(e as Error).message}`);
  }
  // A lone surrogate is the one text UTF-8 cannot carry (it becomes U+FFFD): not a round trip.
  if (roundTrip !== undefined && !/\p{Surrogate}/u.test(roundTrip)) {
    try {
      const back = await decodeScenario(await encodeScenario(roundTrip));
      if (!back.ok || back.text !== roundTrip)
        bad(
          'invariant',
          `link round trip changed the text: ${back.ok ? 'differs' : back.error}`,
          roundTrip,
        );
    } catch (e) {
      bad('crash', `link round trip threw: ${(e as Error).message}`, roundTrip);
    }
  }
  return out;
}

const PASTE_INTO = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 10
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 1h
  load: { resources: { cpu: { perUnit: 1m } } }
`;

/**
 * What the scenario says about an imported `traffic:` block pasted under its spec: the errors at
 * spec.traffic (none when the import wrote a curve that validates).
 */
export function pastedTrafficProblems(block: string): string[] {
  const body = block
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .map((l) => `  ${l}`)
    .join('\n');
  const r = parseScenario(`${PASTE_INTO}${body}\n`, { maxWork: Number.MAX_SAFE_INTEGER });
  // The scenario is valid without the block: every error is the block's (its size included).
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.path}: ${d.message.slice(0, 120)}`);
}

/** The app's traffic import: never throws; ok means a `traffic:` block that validates. */
export function checkTrafficImport(request: TrafficImportRequest): Finding[] {
  const out: Finding[] = [];
  const input = JSON.stringify(request).slice(0, 4000);
  const bad = (kind: Finding['kind'], message: string) =>
    out.push({ kind, target: 'import', message, input });
  let r: ReturnType<typeof importTraffic>;
  try {
    r = importTraffic(request);
  } catch (e) {
    bad('crash', `importTraffic threw: ${(e as Error).message}`);
    return out;
  }
  if (!r.ok) {
    if (r.errors.length === 0 || r.errors.some((e) => !e.message))
      bad('invariant', 'refused without a message');
    return out;
  }
  const problems = pastedTrafficProblems(r.yaml.join('\n'));
  if (problems.length)
    bad('invariant', `import wrote a curve the scenario refuses: ${problems[0]}`);
  if (!Number.isFinite(r.durationSeconds)) bad('invariant', `duration ${r.durationSeconds}`);
  if (r.points.some((p) => !Number.isFinite(p.at) || !Number.isFinite(p.value)))
    bad('invariant', 'a preview point is not finite');
  return out;
}
