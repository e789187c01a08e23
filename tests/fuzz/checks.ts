// What must hold for every input, whatever it is. Each check runs one input through one API and
// returns its findings instead of throwing, so a long run can count them:
//   crash     — a never-throwing API threw (parseScenario, simulate, importers, link decoder, CLI)
//   invariant — NaN or negative replicas, an unlocated or out-of-range diagnostic, a valid
//               scenario the engine refuses, prototype pollution, a raw control character in a
//               message or printed line
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import {
  parseCsvSeries,
  parsePrometheusRangeQuery,
  seriesCurve,
  validateCurve,
  type ImportResult,
} from '../../src/engine/simulation/curves/index.ts';
import { simulate } from '../../src/engine/simulation/index.ts';
import {
  DEFAULT_MAX_WORK,
  estimateWork,
  hasUnsafeCharacters,
  parseScenario,
  type Diagnostic,
} from '../../src/scenario/index.ts';
import { decodeScenario, encodeScenario } from '../../src/share/codec.ts';

export type Target = 'scenario' | 'csv' | 'prometheus' | 'link' | 'cli' | 'tune';

export interface Finding {
  kind: 'crash' | 'invariant';
  target: Target;
  message: string;
  input: string;
}

/** Counts for the long run's report: scenarios parsed valid, and those simulated. */
export const stats = { valid: 0, simulated: 0 };

/** Runs simulate only on scenarios estimated below this (keeps a fuzz input fast). */
export const SIMULATE_MAX_WORK = 1_000_000;

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
  }
  return out;
}

export function checkScenario(text: string, maxWork = DEFAULT_MAX_WORK): Finding[] {
  const out: Finding[] = [];
  const bad = (kind: Finding['kind'], message: string) =>
    out.push({ kind, target: 'scenario', message, input: text });
  let r: ReturnType<typeof parseScenario>;
  try {
    r = parseScenario(text, { maxWork });
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
  const estimate = estimateWork(r.input);
  if (estimate.units > maxWork) bad('invariant', 'accepted over the work budget');
  if (estimate.units > SIMULATE_MAX_WORK) return out;
  stats.simulated++;
  try {
    const run = simulate(r.input, { record: 'full' });
    if (!run.ok) {
      // Every limit is checked, located, by parseScenario: the engine must not refuse.
      bad('invariant', `valid scenario refused by the engine (unlocated): ${run.error}`);
      return out;
    }
    for (const s of run.result.syncs ?? []) {
      for (const [field, v] of [
        ['replicas', s.replicas],
        ['desiredReplicas', s.desiredReplicas],
        ['currentReplicas', s.currentReplicas],
      ] as const) {
        if (!Number.isInteger(v) || v < 0) {
          bad('invariant', `${field} ${v} at t=${s.time}`);
          return out;
        }
      }
    }
  } catch (e) {
    bad('crash', `simulate threw: ${(e as Error).message}`);
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

let cliDir: string | null = null;

/** The CLI on a file holding `text`: no throw, every stderr line a diagnostic, nothing raw. */
export function checkCli(
  command: 'run' | 'check' | 'import',
  text: string,
  ext: string,
): Finding[] {
  const out: Finding[] = [];
  const bad = (kind: Finding['kind'], message: string) =>
    out.push({ kind, target: 'cli', message, input: `${command} ${ext}\n${text}` });
  cliDir ??= mkdtempSync(join(tmpdir(), 'hpa-sim-fuzz-'));
  const file = join(cliDir, `input.${ext}`);
  writeFileSync(file, text);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const args =
    command === 'import'
      ? [command, file]
      : [command, file, '--max-work', String(SIMULATE_MAX_WORK)];
  if (command === 'check') args.push('--max-peak-replicas', '100');
  try {
    const code = main(
      args,
      (s) => stdout.push(s),
      (s) => stderr.push(s),
    );
    if (![0, 1, 2].includes(code)) bad('invariant', `exit status ${code}`);
  } catch (e) {
    bad('crash', `main threw: ${(e as Error).message}`);
    return out;
  }
  for (const s of stdout)
    if (hasUnsafeCharacters(s.replace(/[\n\t]/g, ''))) bad('invariant', 'raw control on stdout');
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const diagnostic = new RegExp(
    `^(?:${escaped}(?::\\d+:\\d+)?|hpa-sim): (?:error|warning|info): \\S`,
  );
  for (const line of stderr) {
    // A usage error is followed by our own multi-line usage text.
    const s = line.startsWith('hpa-sim: error:') ? line.split('\n')[0]! : line;
    if (hasUnsafeCharacters(s))
      bad('invariant', `raw control on stderr: ${JSON.stringify(s).slice(0, 120)}`);
    if (!diagnostic.test(s))
      bad('invariant', `not a diagnostic line: ${JSON.stringify(s).slice(0, 120)}`);
    if (s.includes('internal error')) bad('crash', s.slice(0, 200));
  }
  return out;
}
