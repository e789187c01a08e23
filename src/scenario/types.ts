/** Public types of the scenario layer: located diagnostics and the parse result. */
import type { ControllerConfig, HorizontalPodAutoscaler } from '../engine/controller/index.ts';
import type { RolloutStrategy, SimulationInput } from '../engine/simulation/input.ts';

export type Severity = 'error' | 'warning' | 'info';

/** A located problem or note. Lines and columns are 1-based; columns count UTF-16 code units. */
export interface Diagnostic {
  severity: Severity;
  message: string;
  /**
   * The field, e.g. `spec.load.resources.cpu.perUnit` (Simulation document) or
   * `hpa:spec.maxReplicas` (HPA document, as written in the manifest's own API version).
   * Empty for problems of the whole text.
   */
  path: string;
  /** Index of the YAML document in the text (0 = first non-empty document). */
  document: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** A text change that resolves the problem (an editor's quick fix), when there is a sure one. */
  fix?: DiagnosticFix;
}

/** Replacements on the scenario text, located as diagnostics are (1-based, UTF-16 columns). */
export interface DiagnosticFix {
  /** What the fix does, for a menu: "Indent the 3 lines with spaces instead of tabs …". */
  title: string;
  /** Non-overlapping, in text order; apply them together. */
  edits: { line: number; column: number; endLine: number; endColumn: number; text: string }[];
}

export interface ScenarioInfo {
  /** Simulation metadata.name, else the HPA's metadata.name, else ''; controls escaped (`\u001b`). */
  name: string;
  /** Simulation metadata.description, else ''. */
  description: string;
}

/** Where an input field was written, or (not written) the nearest place to say it. */
export interface InputFieldLocation {
  /** the user wrote this field (else: where it would go, its nearest written parent) */
  written: boolean;
  /** the diagnostic's path (`spec.duration`, `hpa:spec.maxReplicas`) and position */
  path: string;
  document: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** One entry of the Simulation's `spec.changes` as written (variants/readChanges.ts reads it). */
export interface ChangeEntry {
  index: number;
  atSeconds: number;
  /** as written, nulls kept (a null deletes a field); null: no patch */
  patch: Record<string, unknown> | null;
  replicas: number | null;
  /** a rollout's fields as written (null: none) and, once resolved over the Deployment's, its strategy */
  rollout: Partial<RolloutStrategy> | null;
  strategy?: RolloutStrategy;
  /** keda.paused: the ScaledObject's pause annotation set (true) or removed (false), or null */
  kedaPaused: boolean | null;
  description: string;
}

export interface ParseResult {
  /** True when no diagnostic is an error. */
  ok: boolean;
  diagnostics: Diagnostic[];
  /** The validated, defaulted simulation input; only when ok. */
  input: SimulationInput | null;
  /** The HPA document as written (plain data), or null when it could not be read. */
  hpaManifest: unknown;
  /**
   * The HPA as the controller reads it (converted to autoscaling/v2, API-defaulted, scale-down
   * window filled from the controller flag when a behavior is set). Null when the HPA is invalid.
   */
  effectiveHpa: HorizontalPodAutoscaler | null;
  /**
   * The effective scale-down window came from the controller flag: the HPA has a behavior block
   * without `scaleDown.stabilizationWindowSeconds` (false when it wrote one, or has no behavior).
   */
  windowFromFlag?: boolean;
  simulation: ScenarioInfo;
  /**
   * The controller settings as read from the Simulation document (defaults where a field is
   * missing or invalid), even when the scenario has errors; null when the text was unreadable.
   */
  controller: ControllerConfig | null;
  /** Info-level notes (conversions, replaced defaults) as plain text, also present as diagnostics. */
  notices: string[];
  /** Every object in the text (a `kind: List`'s items one by one) with what the scenario does with it. */
  documents: ScenarioDocument[];
  /** Every HorizontalPodAutoscaler in the text, in order; `ParseOptions.hpa` picks one by name. */
  hpaChoices: HpaChoice[];
  /** The simulated HPA's metadata.name ('' when there is none). */
  selectedHpa: string;
  /**
   * What the default world assumed (no Simulation document): a ready-to-paste Simulation
   * document with those values, to edit. Null when a Simulation document was given.
   */
  defaultSimulation: string | null;
  /** One line saying what the default world assumed (null when a Simulation document was given). */
  defaultWorld: string | null;
  /** The Kubernetes release whose controller runs (null when the text was unreadable). */
  release: ScenarioRelease | null;
  /** Fields of the HPA the API server drops under this release's gates ("path: why"). */
  droppedFields: string[];
  /**
   * The HPA variants of spec.variants, in order, each with its own validated input over the
   * same world; empty when the scenario has an error (a variant's error is the scenario's).
   */
  variants: VariantRun[];
  /**
   * Where each SimulationInput field was written (`inputFields.ts`), by its input path joined with
   * dots (`durationSeconds`, `hpa.spec.maxReplicas`): a run stopped by the engine's work meter is
   * located at the first field behind its cost that the user wrote. Empty unless ok.
   */
  inputFields: Record<string, InputFieldLocation>;
  /**
   * The work budget the runs carry (ParseOptions.maxWork or the default): past it the engine's
   * meter stops a run, located at `inputFields`. Absent only in hand-built results.
   */
  workBudget?: number;
  /**
   * `spec.draws` (defaults filled): the timing draws the app and `cli run`/`check` run besides the
   * scenario as written; null without it or when the scenario has an error. Absent only in
   * hand-built results.
   */
  draws?: DrawsSetting | null;
  /**
   * `spec.changes` as written, in time order: a tuning candidate's run applies them over its own
   * HPA, as the scenario's run does over the HPA as written. Empty unless ok; absent only in
   * hand-built results.
   */
  changeEntries?: ChangeEntry[];
}

/** `spec.draws` with its defaults filled (simulation/drawsSetting.ts reads it). */
export interface DrawsSetting {
  /** 1 … MAX_DRAWS, draw 0 (the scenario as written) included */
  count: number;
  /** 0 … 2^32 − 1 */
  seed: number;
}

/** Which Kubernetes release a scenario runs, for display (status line, CLI, Tune). */
export interface ScenarioRelease {
  /** "1.35" … "1.38" */
  version: string;
  /** "1.37", "1.38 (master, unreleased)" */
  label: string;
  /**
   * true: the Simulation document names it; false: the default (1.35 for a document that names
   * none, the newest release for the world assumed without a document)
   */
  named: boolean;
  /** no Simulation document: the assumed world's release */
  assumed: boolean;
  /** the KEDA release whose operator runs around the HPA ("2.17"), when a ScaledObject is in play */
  keda?: string;
}

/** One variant of spec.variants: its validated input over the scenario's world. */
export interface VariantRun {
  name: string;
  description: string;
  input: SimulationInput;
  /** the variant's HPA as the controller reads it (for "effective" views) */
  effectiveHpa: HorizontalPodAutoscaler;
}

export interface ParseOptions {
  /**
   * metadata.name (or `namespace/name`) of the HPA to simulate when the text holds several;
   * absent or '': the first.
   */
  hpa?: string;
  /**
   * Work units a run may cost (see budget.ts); default DEFAULT_MAX_WORK. Raising it lets bigger
   * scenarios through; the hard limits (syncs, scrapes, pods) still apply.
   */
  maxWork?: number;
}

/**
 * - `hpa`: the HPA simulated; `other-hpa`: another HPA in the text (a choice);
 * - `simulation`: the `kind: Simulation` settings;
 * - `workload`: the Deployment/StatefulSet/ReplicaSet the HPA's scaleTargetRef names;
 * - `ignored`: anything else (Services, ConfigMaps, RBAC …).
 */
export type DocumentRole = 'hpa' | 'other-hpa' | 'simulation' | 'workload' | 'karmada' | 'ignored';

export interface ScenarioDocument {
  /** Index among the non-empty YAML documents (as in Diagnostic.document). */
  index: number;
  /** Index in the document's `items` when it is a `kind: List`, else null. */
  item: number | null;
  role: DocumentRole;
  kind: string;
  apiVersion: string;
  name: string;
  /**
   * Offsets into the text given to parseScenario: the object as written, with its leading
   * comments and without `---`/`...` marker lines. A List item starts at its first key (after
   * `- `), so its later lines keep the list's indentation.
   */
  start: number;
  end: number;
}

export interface HpaChoice {
  name: string;
  namespace: string;
  document: number;
  item: number | null;
}

/** One step of a path into a document: a map key or a list index. */
export type PathSegment = string | number;
export type Path = readonly PathSegment[];
