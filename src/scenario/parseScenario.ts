/**
 * parseScenario: one YAML text (an HPA manifest, optionally followed by a `kind: Simulation`
 * document) → located diagnostics and, when there is no error, the SimulationInput. Never throws.
 */
import {
  RELEASES,
  type ControllerConfig,
  type HorizontalPodAutoscaler,
  type MetricSpec,
} from '../engine/controller/index.ts';
import type { RunChange, SimulationInput } from '../engine/simulation/input.ts';
import { checkBudget, checkRunsBudget, maxWorkOf } from './checkBudget.ts';
import { IssueList, reporterFor, type DocRef, type Reporter } from './diagnostics.ts';
import { PLACEHOLDER_MESSAGE, helmTemplateAt, placeholderAt, templateMessage } from './helm.ts';
import { checkHpaShape, processHpa, type HpaContext, type HpaOutcome } from './hpa/process.ts';
import { inputFieldLocations } from './inputFields.ts';
import { MAX_DOCUMENTS, MAX_TEXT_CHARS } from './limits.ts';
import { textDiagnostic, toDiagnostics } from './locateIssues.ts';
import { BROKEN_SIMULATION_MESSAGE, brokenSimulation } from './brokenSimulation.ts';
import { assignRoles, type RoledEntry } from './roles.ts';
import { buildSimulationInput } from './simulation/buildInput.ts';
import { safeLine } from './safeText.ts';
import { defaultWorld, type KedaWorldHints } from './simulation/defaultWorld.ts';
import { readSimulation, type SimulationRead } from './simulation/readDocument.ts';
import { simulationYaml } from './simulation/snippet.ts';
import { readTargetWorkload, type TargetWorkload } from './simulation/targetWorkload.ts';
import type { WorkloadDocument } from './simulation/document.ts';
import type {
  Diagnostic,
  DrawsSetting,
  HpaChoice,
  InputFieldLocation,
  ParseOptions,
  ParseResult,
  ScenarioDocument,
  ScenarioRelease,
  VariantRun,
} from './types.ts';
import { readDocuments } from './yaml/documents.ts';
import { readJsonStream, type JsonStream } from './yaml/jsonStream.ts';
import { toPlain } from './yaml/plain.ts';
import { prescan } from './yaml/prescan.ts';
import {
  DEFAULT_KEDA_VERSION,
  isKedaVersion,
  type CronWindow,
  type KedaVersion,
} from '../engine/keda/index.ts';
import { scaledObjectToHpa, type KedaHpa } from './keda/scaledObject.ts';
import { kedaRunInput } from './keda/model.ts';
import { federatedHpaToHpa } from './karmada/federatedHpa.ts';
import { federationNotice, karmadaFederation } from './karmada/world.ts';
import { withCron } from './karmada/withCron.ts';
import { buildChanges, readChangeEntries, type ChangeEntry } from './variants/readChanges.ts';
import { readDeploymentStrategy, withRollouts } from './variants/rollout.ts';
import { buildVariants, readVariantEntries } from './variants/readVariants.ts';
import { checkDraws, readDrawsSetting } from './simulation/drawsSetting.ts';

interface Parts {
  diagnostics: Diagnostic[];
  input?: SimulationInput | null;
  hpaManifest?: unknown;
  hpa?: HpaOutcome | null;
  name?: string;
  description?: string;
  notices?: string[];
  controller?: ControllerConfig;
  documents?: ScenarioDocument[];
  hpaChoices?: HpaChoice[];
  selectedHpa?: string;
  defaultSimulation?: string | null;
  defaultWorld?: string | null;
  variants?: VariantRun[];
  inputFields?: Record<string, InputFieldLocation>;
  release?: ScenarioRelease | null;
  draws?: DrawsSetting | null;
  changeEntries?: ChangeEntry[];
}

function result(p: Parts): ParseResult {
  const ok = !p.diagnostics.some((d) => d.severity === 'error');
  return {
    ok,
    diagnostics: p.diagnostics,
    input: ok ? (p.input ?? null) : null,
    hpaManifest: p.hpaManifest ?? null,
    effectiveHpa: p.hpa?.valid ? p.hpa.effective : null,
    // effectiveOf (hpa/process.ts) copies the HPA only to fill the window from the flag.
    windowFromFlag: p.hpa?.valid ? p.hpa.effective !== p.hpa.defaulted : false,
    // Shown in titles and table headers: one line, controls escaped (safeText.ts).
    simulation: { name: safeLine(p.name ?? ''), description: p.description ?? '' },
    controller: p.controller ?? null,
    notices: p.notices ?? [],
    documents: p.documents ?? [],
    hpaChoices: p.hpaChoices ?? [],
    selectedHpa: p.selectedHpa ?? '',
    defaultSimulation: p.defaultSimulation ?? null,
    defaultWorld: p.defaultWorld ?? null,
    release: p.release ?? null,
    droppedFields: p.hpa?.dropped ?? [],
    variants: ok ? (p.variants ?? []) : [],
    inputFields: ok ? (p.inputFields ?? {}) : {},
    draws: ok ? (p.draws ?? null) : null,
    changeEntries: ok ? (p.changeEntries ?? []) : [],
  };
}

export function parseScenario(text: string, options: ParseOptions = {}): ParseResult {
  // The budget the runs carry to the engine's meter (src/run), whatever the outcome.
  const workBudget = maxWorkOf(options);
  try {
    return { ...parse(text, options), workBudget };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      ...result({
        diagnostics: [textDiagnostic(`internal error while reading the scenario: ${why}`, '')],
      }),
      workBudget,
    };
  }
}

function parse(source: string, options: ParseOptions): ParseResult {
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

  const helm = helmTemplateAt(text);
  if (helm >= 0)
    return result({ diagnostics: [textDiagnostic(templateMessage(text, helm), text, helm)] });
  // Checked on the text as given: after a byte-order mark kubectl reads the file as YAML.
  const json = readJsonStream(source);
  if (json?.problem)
    return result({
      diagnostics: [textDiagnostic(json.problem.message, text, json.problem.offset)],
    });

  const issues = new IssueList();
  const { documents } = readDocuments(text, issues, jsonParts(json, text));
  const roles = assignRoles(documents, issues, options);
  // A Simulation document broken mid-edit is not "no Simulation document" (brokenSimulation.ts).
  const broken = roles.simulation ? null : brokenSimulation(documents, text);
  if (broken)
    issues.add({
      severity: 'error',
      message: BROKEN_SIMULATION_MESSAGE,
      doc: { index: broken.index, role: 'simulation' },
      path: [],
      at: 'value',
      range: broken.range,
    });
  const plainCache = new Map<number, unknown>();
  // Only the documents the scenario uses are converted (and their aliases expanded).
  const plainOf = (entry: RoledEntry | null): unknown => {
    if (!entry) return undefined;
    if (!plainCache.has(entry.index)) {
      const source = documents.find((d) => d.index === entry.index)!;
      // Kubernetes objects are read as kubectl reads them (YAML 1.1 scalars); ours as YAML 1.2.
      const converted = toPlain(source.doc, { kubectl: entry.ref.role !== 'simulation' });
      const ref: DocRef = { index: entry.index, role: entry.ref.role };
      for (const i of converted.issues) {
        issues.add({
          severity: i.severity ?? 'error',
          message: i.message,
          doc: ref,
          path: i.path,
          at: i.at,
          ...(i.range ? { range: i.range } : {}),
        });
      }
      const usable = converted.issues.every((i) => i.severity === 'warning');
      plainCache.set(entry.index, usable ? converted.value : undefined);
    }
    const value = plainCache.get(entry.index);
    if (entry.item === null) return value;
    const items = (value as { items?: unknown } | undefined)?.items;
    return Array.isArray(items) ? items[entry.item] : undefined;
  };

  const simRef: DocRef = roles.simulation?.ref ?? { index: documents.length, role: 'simulation' };
  const simValue = plainOf(roles.simulation);
  let sim = readSimulation(simValue, roles.simulation !== null, reporterFor(issues, simRef));
  const notices = [...roles.notices, ...sim.notices];
  const written = plainOf(roles.hpa);
  // A KEDA ScaledObject is simulated as the HPA KEDA creates from it (keda/scaledObject.ts).
  const keda =
    roles.hpa?.kind === 'ScaledObject' && written !== undefined
      ? scaledObjectToHpa(
          written,
          reporterFor(issues, roles.hpa.ref),
          plainOf(roles.workload),
          kedaVersionOf(sim),
        )
      : null;
  if (sim.spec.kedaVersion !== undefined && roles.hpa && roles.hpa.kind !== 'ScaledObject')
    sim.report.warning(
      ['spec', 'kedaVersion'],
      `has no effect: the autoscaler is a ${roles.hpa.kind}, not a KEDA ScaledObject`,
    );
  // A Karmada FederatedHPA is simulated as the HPA its spec is, in a multi-cluster world.
  const karmada =
    roles.hpa?.kind === 'FederatedHPA' && written !== undefined
      ? federatedHpaToHpa(written, reporterFor(issues, roles.hpa.ref))
      : null;
  const hpaValue = keda
    ? keda.manifest
    : karmada
      ? karmada.manifest
      : roles.hpa?.kind === 'ScaledObject' || roles.hpa?.kind === 'FederatedHPA'
        ? undefined
        : written;
  if (keda) notices.push(keda.notice);
  if (karmada) {
    notices.push(karmada.notice);
    reporterFor(issues, roles.hpa!.ref).info(['kind'], karmada.notice);
  }
  let hpa: HpaOutcome | null = null;
  let input: SimulationInput | null = null;
  let defaultSimulation: string | null = null;
  let defaultWorld: string | null = null;
  let variants: VariantRun[] = [];
  let inputFields: Record<string, InputFieldLocation> = {};
  const variantEntries = readVariantEntries(simValue, metadataName(hpaValue), sim.report);
  let changeEntries = readChangeEntries(simValue, sim.controller.durationSeconds, sim.report);
  if (roles.hpa && hpaValue !== undefined) {
    const reportHpa = keda?.report ?? reporterFor(issues, roles.hpa.ref);
    if (keda) reportHpa.info(['kind'], keda.notice);
    const manifest = checkHpaShape(hpaValue, reportHpa);
    const context = { ...sim.controller, gates: sim.controller.config.featureGates };
    hpa = manifest ? processHpa(manifest, context, reportHpa) : null;
    if (hpa) notices.push(...hpa.notices);
    const target = roles.workload
      ? readTargetWorkload(
          roles.workload.kind,
          plainOf(roles.workload),
          reporterFor(issues, roles.workload.ref),
        )
      : null;
    // A rollout runs with the pasted Deployment's strategy where the change leaves a field out.
    if (changeEntries.some((e) => e.rollout !== null)) {
      const strategy = roles.workload
        ? readDeploymentStrategy(
            roles.workload.kind,
            plainOf(roles.workload),
            reporterFor(issues, roles.workload.ref),
          )
        : null;
      changeEntries = withRollouts(changeEntries, strategy, sim.report);
    }
    // With scalingModifiers the world feeds the triggers' metrics, not the composite the HPA reads.
    const fed =
      keda?.world && hpa?.valid
        ? {
            hpa: {
              ...hpa.defaulted,
              spec: {
                ...hpa.defaulted.spec,
                metrics: keda.world.metrics as unknown as MetricSpec[],
              },
            },
            report: keda.world.report,
          }
        : undefined;
    if (hpa?.valid) {
      const world = worldFor(
        hpa,
        fed?.hpa ?? hpa.defaulted,
        sim,
        target,
        reportHpa,
        notices,
        kedaHints(keda),
        broken === null,
      );
      sim = world.sim;
      defaultSimulation = world.snippet;
      defaultWorld = world.summary;
      if (karmada && sim.spec.federation === undefined) {
        const objects = roles.karmada.map((e) => ({
          kind: e.kind,
          value: plainOf(e),
          report: reporterFor(issues, e.ref),
        }));
        const placed = karmadaFederation(written as Record<string, unknown>, objects);
        sim = { ...sim, spec: { ...sim.spec, federation: placed.federation } };
        const notice = federationNotice(placed.federation, placed.source);
        notices.push(notice, ...placed.unused);
        reportHpa.info(['kind'], notice.split('\n')[0]!);
        if (defaultSimulation !== null)
          defaultSimulation = simulationYaml(metadataName(hpa.defaulted) || 'default', sim.spec);
      }
    }
    input = buildSimulationInput(hpa, sim, reportHpa, notices, fed);
    // KEDA's own loop runs around the HPA it creates (engine/keda/plane.ts).
    if (keda && input) input = { ...input, keda: kedaRunInput(keda.keda) };
    if (karmada && input && hpa) {
      const crons = roles.karmada
        .filter((e) => e.kind === 'CronFederatedHPA')
        .map((e) => ({ value: plainOf(e), report: reporterFor(issues, e.ref) }));
      input = withCron(input, hpaValue, crons, notices);
    }
    if (input && hpa && manifest && changeEntries.length > 0) {
      const changes = changesFor(
        changeEntries,
        manifest,
        input,
        context,
        sim.report,
        keda !== null,
      );
      input = changes ? { ...input, changes } : input;
    }
    // Only a run that could start is costed: its cost is the last thing that can stop it.
    if (input && hpa && issues.errorCount === 0) {
      const fields = { hpaDocument: hpaValue, simulationDocument: simValue, pathMap: hpa.pathMap };
      const budgetNotice = checkBudget(input, options, {
        ...fields,
        reportHpa,
        reportSimulation: sim.report,
      });
      if (budgetNotice) notices.push(budgetNotice);
      // Where each input field was written, for a run the engine's meter stops (inputFields.ts).
      const refs = { hpaRef: roles.hpa.ref, simulationRef: roles.simulation?.ref ?? null };
      inputFields = inputFieldLocations(
        { ...fields, ...refs, keda: keda !== null },
        documents,
        text,
      );
    }
    // A variant of a multi-cluster scenario is the same federation with the variant's HPA (its
    // member HPAs) and controller: src/run plans it as one more group of member runs.
    if (input && manifest && issues.errorCount === 0 && variantEntries.length > 0) {
      variants = buildVariants(variantEntries, manifest, context, sim, changeEntries);
      // A variant changes the HPA KEDA creates; KEDA's loop runs around it all the same.
      if (keda)
        variants = variants.map((v) => ({ ...v, input: { ...v.input, keda: input!.keda! } }));
      if (issues.errorCount === 0) {
        checkRunsBudget([input, ...variants.map((v) => v.input)], options, sim.report);
      }
    }
  } else {
    buildSimulationInput(null, sim, sim.report, notices);
  }
  // Timing draws (spec.draws): one cluster, and all of them within the work budget.
  let draws = readDrawsSetting(sim.spec);
  if (draws && input && issues.errorCount === 0) {
    const written = typeof sim.spec.draws?.count === 'number';
    if (!checkDraws(draws, input, maxWorkOf(options), sim.report, written)) draws = null;
  }
  // ok promises an input: a text that reached here with neither says why, at its start.
  if (!input && issues.errorCount === 0)
    issues.error(null, [], 'nothing to simulate: the text holds no HorizontalPodAutoscaler to run');

  return result({
    diagnostics: withPlaceholderNote(toDiagnostics(issues.items, documents, text), text),
    input,
    // As written: a ScaledObject stays one (tuning patches only an HPA's own text).
    hpaManifest: written ?? null,
    hpa,
    name: sim.name || metadataName(hpaValue),
    description: sim.description,
    notices,
    controller: sim.controller.config,
    documents: shiftDocuments(roles.documents, source.length - text.length),
    hpaChoices: roles.hpaChoices,
    selectedHpa: metadataName(hpaValue),
    defaultSimulation,
    defaultWorld,
    variants,
    inputFields,
    draws,
    changeEntries,
    release: {
      version: sim.controller.kubernetesVersion,
      label: RELEASES[sim.controller.kubernetesVersion].label,
      named: sim.controller.kubernetesVersionNamed,
      assumed: !sim.present,
      ...(input?.keda ? { keda: input.keda.version } : {}),
    },
  });
}

/**
 * The run's changes (spec.changes) over its HPA, or null when refused: one-cluster runs only, and
 * a ScaledObject's HPA is KEDA's to write (its operator would undo an edit; kubectl scale is fine).
 */
function changesFor(
  entries: readonly ChangeEntry[],
  manifest: Record<string, unknown>,
  input: SimulationInput,
  context: HpaContext,
  report: Reporter,
  keda: boolean,
): RunChange[] | null {
  if (input.federation) {
    report.error(
      ['spec', 'changes'],
      'changes are simulated in one-cluster runs only (spec.federation has one HPA per cluster)',
      'key',
    );
    return null;
  }
  const pause = keda ? undefined : entries.find((e) => e.kedaPaused !== null);
  if (pause) {
    report.error(
      ['spec', 'changes', pause.index, 'keda'],
      'keda.paused changes the pause annotation of a KEDA ScaledObject, and this scenario has none: remove it, or simulate the ScaledObject',
      'key',
    );
    return null;
  }
  const edit = keda ? entries.find((e) => e.patch !== null) : undefined;
  if (edit) {
    report.error(
      ['spec', 'changes', edit.index, 'patch'],
      "KEDA's operator owns the HPA it made from the ScaledObject and would undo an edit of it: change the ScaledObject instead (replicas, a kubectl scale, is fine)",
      'key',
    );
    return null;
  }
  return buildChanges(entries, manifest, input.hpa, context, report);
}

/**
 * Several JSON values in a row (`kubectl get -o json` per object, jq's output) are objects of
 * their own, as kubectl's JSON stream decoder reads them; YAML would refuse them as one document.
 * One value keeps the plain YAML reading.
 */
function jsonParts(json: JsonStream | null, text: string): [number, number][] | undefined {
  if (!json || json.problem || json.values.length < 2) return undefined;
  // kubectl's StreamVisitor skips a `null` value.
  const values = json.values.filter(([a, b]) => text.slice(a, b) !== 'null');
  // One past the document limit is enough for its error; the rest need not be parsed.
  if (values.length > MAX_DOCUMENTS) return values.slice(0, MAX_DOCUMENTS + 1);
  return json.partEnd < text.length ? [...values, [json.partEnd, text.length]] : values;
}

/** A refused file with `${…}` placeholders: say first that they are why (the rest stay listed). */
function withPlaceholderNote(diagnostics: Diagnostic[], text: string): Diagnostic[] {
  if (!diagnostics.some((d) => d.severity === 'error')) return diagnostics;
  const at = placeholderAt(text);
  return at < 0 ? diagnostics : [textDiagnostic(PLACEHOLDER_MESSAGE, text, at), ...diagnostics];
}

/**
 * Every object in the text with its role and source range, without checking anything: cheap
 * enough to call when a user exports "the manifest as written".
 */
export function scenarioDocuments(source: string, options: ParseOptions = {}): ScenarioDocument[] {
  try {
    const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
    if (text.length > MAX_TEXT_CHARS || prescan(text)) return [];
    const issues = new IssueList();
    const { documents } = readDocuments(text, issues, jsonParts(readJsonStream(source), text));
    return shiftDocuments(
      assignRoles(documents, issues, options).documents,
      source.length - text.length,
    );
  } catch {
    return [];
  }
}

/** Offsets are into the text as given, a leading byte-order mark included. */
function shiftDocuments(docs: ScenarioDocument[], by: number): ScenarioDocument[] {
  return by === 0 ? docs : docs.map((d) => ({ ...d, start: d.start + by, end: d.end + by }));
}

/** What the default world needs of a ScaledObject's triggers (queues, cron windows). */
function kedaHints(keda: KedaHpa | null): KedaWorldHints {
  const crons = new Map<string, CronWindow>();
  for (const t of keda?.keda.scaledObject.triggers ?? []) {
    const feed = keda!.keda.feeds.find((f) => f.index === t.index);
    if (feed?.cron && t.metrics[0]) crons.set(t.metrics[0].name, feed.cron);
  }
  return { queues: new Set(keda?.queueMetrics), crons };
}

/**
 * Fills what the text leaves open: the scaled workload's pods when the Simulation does not
 * describe them, and the whole default world when there is no Simulation document.
 */
function worldFor(
  hpa: HpaOutcome,
  /** the HPA whose metrics the world feeds (KEDA's triggers under scalingModifiers) */
  fedHpa: HorizontalPodAutoscaler,
  sim: SimulationRead,
  target: TargetWorkload | null,
  reportHpa: Reporter,
  notices: string[],
  kedaWorld: KedaWorldHints,
  /** false while a Simulation document is there but unreadable: nothing is assumed aloud */
  announce = true,
): { sim: SimulationRead; snippet: string | null; summary: string | null } {
  let spec = sim.spec;
  if (target) {
    const merged = mergeWorkload(target.workload, spec.workload);
    spec = { ...spec, workload: merged };
    const notice = `the workload comes from the ${target.summary}${sim.spec.workload ? " (the Simulation document's spec.workload wins where it sets a field)" : ''}`;
    notices.push(notice);
    reportHpa.info(['spec', 'scaleTargetRef'], notice);
  }
  if (sim.present) return { sim: { ...sim, spec }, snippet: null, summary: null };
  const world = defaultWorld(
    fedHpa,
    spec.workload,
    sim.controller.config.downscaleStabilizationSeconds,
    kedaWorld,
  );
  const assumed = {
    ...sim,
    spec: world.spec,
    controller: { ...sim.controller, durationSeconds: world.durationSeconds },
  };
  if (!announce) return { sim: assumed, snippet: null, summary: null };
  const snippet = simulationYaml(metadataName(hpa.defaulted) || 'default', world.spec);
  const notice = `no Simulation document, so a default world is assumed: ${world.summary}. To change it, add after --- a Simulation document (this one gives the same run):\n${snippet}`;
  notices.push(notice);
  // A diagnostic is one line (its newlines would be escaped as \u000a in editors and terminals),
  // so it names where the document is instead of holding it.
  reportHpa.info(
    ['kind'],
    `no Simulation document, so a default world is assumed: ${world.summary}. To change it, add after --- the Simulation document that gives the same run (the app inserts it in one click; hpa-sim run --format json prints it as defaultSimulation)`,
  );
  return { sim: assumed, snippet, summary: world.summary };
}

/**
 * The Simulation document's spec.workload over the Deployment's, field by field; start-up too,
 * so a document that sets only `starting` keeps the Deployment's readiness (a document that sets
 * readinessDelay or a probe decides readiness alone).
 */
function mergeWorkload(
  target: WorkloadDocument,
  written: WorkloadDocument | undefined,
): WorkloadDocument {
  const merged = { ...target, ...(written ?? {}) };
  const own = written?.startup;
  if (own && target.startup) {
    const readiness = own.readinessDelay !== undefined || own.readinessProbe !== undefined;
    merged.startup = { ...(readiness ? {} : target.startup), ...own };
  }
  return merged;
}

function metadataName(value: unknown): string {
  const name = (value as { metadata?: { name?: unknown } } | null)?.metadata?.name;
  return typeof name === 'string' ? name : '';
}

/** spec.kedaVersion (a YAML 2.19 is a number); the schema reports any other value. */
function kedaVersionOf(sim: SimulationRead): KedaVersion {
  const v = sim.spec.kedaVersion;
  const named = typeof v === 'number' ? String(v) : v;
  return isKedaVersion(named) ? named : DEFAULT_KEDA_VERSION;
}
