/** Public types of the scenario layer: located diagnostics and the parse result. */
import type { ControllerConfig, HorizontalPodAutoscaler } from '../engine/controller/index.ts';
import type { SimulationInput } from '../engine/simulation/input.ts';

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
  /** Index of the YAML document in the text (0 = first). */
  document: 0 | 1;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface ScenarioInfo {
  /** Simulation metadata.name, else the HPA's metadata.name, else ''; controls escaped (`\u001b`). */
  name: string;
  /** Simulation metadata.description, else ''. */
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
  simulation: ScenarioInfo;
  /**
   * The controller settings as read from the Simulation document (defaults where a field is
   * missing or invalid), even when the scenario has errors; null when the text was unreadable.
   */
  controller: ControllerConfig | null;
  /** Info-level notes (conversions, replaced defaults) as plain text, also present as diagnostics. */
  notices: string[];
}

/** One step of a path into a document: a map key or a list index. */
export type PathSegment = string | number;
export type Path = readonly PathSegment[];
