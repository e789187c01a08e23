// What the run service hands every caller (worker, CLI, chart harness, tests, bench): the parse
// summary of the scenario text and one entry per run. Today a scenario yields one run; variants
// (several HPAs over one world) and federation members (several clusters sharing one load) add
// entries with their own role and key, so callers iterate `runs` and never change shape.

import type { MemberRef, RunKey, RunKind } from './runKey.ts';
import type { SimulationInput, SimulationResult, WorkOverrun } from '../engine/simulation/index.ts';
import type { ClusterEvent, FederationModel, FederationRun } from '../engine/multicluster/index.ts';
import type {
  Diagnostic,
  DocumentRole,
  InputFieldLocation,
  ScenarioRelease,
  DrawsSetting,
} from '../scenario/index.ts';

/** One object of the text, as the app lists it (a `kind: List`'s items one by one). */
export interface SummaryDocument {
  role: DocumentRole;
  kind: string;
  name: string;
}

/** One HorizontalPodAutoscaler of the text: what the app's picker offers. */
export interface SummaryHpaChoice {
  name: string;
  namespace: string;
}

export interface ScenarioSummary {
  ok: boolean;
  diagnostics: Diagnostic[];
  notices: string[];
  /** metadata.name and description of the Simulation document */
  name: string;
  description: string;
  /**
   * The HPA after API defaulting, as YAML with comments on the defaults; present whenever the
   * HPA document itself is valid (even when the Simulation document is not), null otherwise.
   */
  effectiveHpaYaml: string | null;
  /** Every object in the text with what the scenario does with it. */
  documents: SummaryDocument[];
  /** Every HPA in the text, in order; more than one: the app offers a picker. */
  hpaChoices: SummaryHpaChoice[];
  /** metadata.name of the simulated HPA ('' when there is none). */
  selectedHpa: string;
  /**
   * No Simulation document: a ready-to-insert Simulation document that gives the same run, and
   * one line saying what was assumed. Null when the text has its own Simulation document.
   */
  defaultSimulation: string | null;
  defaultWorld: string | null;
  /**
   * A text over the size limit that holds an autoscaler: the same file with only the autoscalers,
   * the workloads they scale and any Simulation document (trimToAutoscalers), to offer instead.
   */
  trimmed?: string;
  /**
   * The Kubernetes release whose controller runs (null when the text was unreadable; absent only
   * in hand-built summaries: summarize always sets it).
   */
  release?: ScenarioRelease | null;
  /**
   * `spec.draws` (defaults filled): the timing draws to run besides the scenario as written (the
   * app shows their spread; `cli run`/`check` read them as --draws/--seed); null: none. Absent
   * only in hand-built summaries.
   */
  draws?: DrawsSetting | null;
}

/**
 * What every run of a scenario says about itself, from the run service to the pixels: its key
 * (runKey.ts), its kind, the group it is drawn with (`main`: the HPA and its variants over one
 * world; a federation model's name: its members and total), the label a legend or table shows and
 * its colour, an index into the run palette (src/format/runColours.ts) fixed by its place in its
 * group, so a run keeps its colour whatever the view filters out.
 */
export interface RunIdentity {
  key: RunKey;
  kind: RunKind;
  group: string;
  label: string;
  colour: number;
}

/** One run to execute: what it is and its validated input. */
export interface RunPlan extends RunIdentity {
  input: SimulationInput;
  /**
   * kinds `member` and `total` only: which model's run and which member (null = the total).
   * Every run of one model shares one multi-cluster simulation (see federated.ts).
   */
  federation?: MemberRef;
  /**
   * The work units this run may spend before the engine's meter stops it (its share of the
   * scenario's budget, budgets.ts); absent: no budget unless RunOptions.workBudget gives one.
   */
  workBudget?: number;
  /** where each input field was written (ParseResult.inputFields): a stop names its field */
  inputFields?: Readonly<Record<string, InputFieldLocation>>;
}

/**
 * What the cluster lanes draw of a member run beyond its own series (replicas, ready and Pending
 * are in its `result.series`, its KPIs in `result.kpis`): the cluster's shape, the member HPA's
 * bounds, failures, pods with no node and its share of the demand, per sync.
 */
export interface MemberLanes {
  kind: 'member';
  /** most pods it can run (null: no limit) */
  capacityPods: number | null;
  weight: number;
  priority: number;
  /** of the Pending pods, those with no node (the cluster is full) */
  unschedulable: Float64Array;
  /** the member HPA's bounds (proposal model); NaN = no HPA (shipped model: always) */
  minReplicas: Float64Array;
  maxReplicas: Float64Array;
  /** 1 while the cluster is failed */
  failed: Uint8Array;
  /** this cluster's fraction of the demand, 0–1 (NaN without traffic or with no ready pod) */
  demandShare: Float64Array;
}

/** What a model's total adds: the control plane (its policy or strategy) and its events. */
export interface TotalLanes {
  kind: 'total';
  model: FederationModel;
  /** the proposal's policy or the shipped scheduler's strategy, e.g. "DynamicWeighted" */
  policy: string;
  /** what the control plane did, in time order, each with its rule and its arithmetic */
  events: ClusterEvent[];
}

export type RunLanes = MemberLanes | TotalLanes;

export type RunResult = RunPlan &
  (
    | {
        ok: true;
        result: SimulationResult;
        /** kinds `member` and `total`: what the cluster lanes draw beyond the series */
        lanes?: RunLanes;
        /**
         * kinds `member` and `total`: the model's run this one is part of, so explaining its
         * decisions reads the run's own records (`runDecision`), never simulating again
         */
        modelRun?: FederationRun;
      }
    /**
     * `overrun`: stopped by its work budget (the engine's meter): where and on what; `at`: the
     * field the user wrote behind that cost (the error names it too)
     */
    | {
        ok: false;
        error: string;
        result: null;
        overrun?: WorkOverrun;
        at?: InputFieldLocation | null;
      }
  );

export interface ScenarioPlan {
  summary: ScenarioSummary;
  /** empty when the text does not parse */
  runs: RunPlan[];
}

export interface ScenarioRuns {
  summary: ScenarioSummary;
  runs: RunResult[];
}
