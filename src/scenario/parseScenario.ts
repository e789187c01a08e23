/**
 * parseScenario: one YAML text (an HPA manifest, optionally followed by a `kind: Simulation`
 * document) → located diagnostics and, when there is no error, the SimulationInput. Never throws.
 */
import type { ControllerConfig } from '../engine/controller/index.ts';
import type { SimulationInput } from '../engine/simulation/input.ts';
import { checkBudget, type ParseOptions } from './checkBudget.ts';
import { IssueList, reporterFor, type DocRef } from './diagnostics.ts';
import { checkHpaShape, processHpa, type HpaOutcome } from './hpa/process.ts';
import { MAX_TEXT_CHARS } from './limits.ts';
import { textDiagnostic, toDiagnostics } from './locateIssues.ts';
import { assignRoles, looksLikeSimulation } from './roles.ts';
import { buildSimulationInput } from './simulation/buildInput.ts';
import { safeLine } from './safeText.ts';
import { readSimulation } from './simulation/readDocument.ts';
import type { Diagnostic, ParseResult } from './types.ts';
import { readDocuments } from './yaml/documents.ts';
import { toPlain } from './yaml/plain.ts';
import { prescan } from './yaml/prescan.ts';

interface Parts {
  diagnostics: Diagnostic[];
  input?: SimulationInput | null;
  hpaManifest?: unknown;
  hpa?: HpaOutcome | null;
  name?: string;
  description?: string;
  notices?: string[];
  controller?: ControllerConfig;
}

function result(p: Parts): ParseResult {
  const ok = !p.diagnostics.some((d) => d.severity === 'error');
  return {
    ok,
    diagnostics: p.diagnostics,
    input: ok ? (p.input ?? null) : null,
    hpaManifest: p.hpaManifest ?? null,
    effectiveHpa: p.hpa?.valid ? p.hpa.effective : null,
    // Shown in titles and table headers: one line, controls escaped (safeText.ts).
    simulation: { name: safeLine(p.name ?? ''), description: p.description ?? '' },
    controller: p.controller ?? null,
    notices: p.notices ?? [],
  };
}

export function parseScenario(text: string, options?: ParseOptions): ParseResult {
  try {
    return parse(text, options);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return result({
      diagnostics: [textDiagnostic(`internal error while reading the scenario: ${why}`, '')],
    });
  }
}

function parse(source: string, options: ParseOptions | undefined): ParseResult {
  if (typeof source !== 'string') {
    return result({ diagnostics: [textDiagnostic('the scenario must be text', '')] });
  }
  // Editors do not show a byte-order mark: leave it out so columns match what the user sees.
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (text.length > MAX_TEXT_CHARS) {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    const message = `the scenario is ${mb(text.length)} MB; the limit is ${MAX_TEXT_CHARS / 1024 / 1024} MB`;
    return result({ diagnostics: [textDiagnostic(message, '')] });
  }
  const tooDeep = prescan(text);
  if (tooDeep)
    return result({ diagnostics: [textDiagnostic(tooDeep.message, text, tooDeep.offset)] });

  const issues = new IssueList();
  const { documents } = readDocuments(text, issues);
  const plain: { index: number; value: unknown }[] = [];
  for (const d of documents) {
    if (!d.syntaxOk) continue;
    const converted = toPlain(d.doc);
    const doc: DocRef = {
      index: d.index,
      role: looksLikeSimulation(converted.value) ? 'simulation' : 'hpa',
    };
    for (const i of converted.issues) {
      issues.add({
        severity: 'error',
        message: i.message,
        doc,
        path: i.path,
        at: i.at,
        ...(i.range ? { range: i.range } : {}),
      });
    }
    if (converted.issues.length === 0) plain.push({ index: d.index, value: converted.value });
  }

  const roles = assignRoles(plain, issues);
  const simRef: DocRef = { index: roles.simulation?.index ?? 1, role: 'simulation' };
  const sim = readSimulation(
    roles.simulation?.value,
    roles.simulation !== null,
    reporterFor(issues, simRef),
  );
  const notices = [...sim.notices];
  let hpa: HpaOutcome | null = null;
  let input: SimulationInput | null = null;
  if (roles.hpa) {
    const reportHpa = reporterFor(issues, { index: roles.hpa.index, role: 'hpa' });
    const manifest = checkHpaShape(roles.hpa.value, reportHpa);
    const context = { ...sim.controller, gates: sim.controller.config.featureGates };
    hpa = manifest ? processHpa(manifest, context, reportHpa) : null;
    if (hpa) notices.push(...hpa.notices);
    input = buildSimulationInput(hpa, sim, reportHpa, notices);
    // Only a run that could start is costed: its cost is the last thing that can stop it.
    if (input && hpa && issues.errorCount === 0) {
      checkBudget(input, options, {
        hpaDocument: roles.hpa.value,
        simulationDocument: roles.simulation?.value,
        pathMap: hpa.pathMap,
        reportHpa,
        reportSimulation: sim.report,
      });
    }
  } else {
    if (documents.every((d) => d.syntaxOk) && issues.errorCount === 0) {
      issues.error(
        null,
        [],
        'no HorizontalPodAutoscaler manifest: paste one (apiVersion: autoscaling/v2, kind: HorizontalPodAutoscaler), optionally followed by --- and a kind: Simulation document',
      );
    }
    buildSimulationInput(null, sim, sim.report, notices);
  }

  return result({
    diagnostics: toDiagnostics(issues.items, documents, text),
    input,
    hpaManifest: roles.hpa?.value ?? null,
    hpa,
    name: sim.name || metadataName(roles.hpa?.value),
    description: sim.description,
    notices,
    controller: sim.controller.config,
  });
}

function metadataName(value: unknown): string {
  const name = (value as { metadata?: { name?: unknown } } | null)?.metadata?.name;
  return typeof name === 'string' ? name : '';
}
