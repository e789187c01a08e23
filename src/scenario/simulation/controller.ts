/**
 * kube-controller-manager settings from `spec.controller` and `spec.kubernetesVersion`: the
 * release's gates and rules (src/engine/controller/releases.ts; explicit gates win where the
 * release allows them), the flag defaults, and the configuration defaulting that replaces a zero
 * tolerance with 0.1.
 */
import {
  controllerConfigFor,
  DEFAULT_CONTROLLER_CONFIG,
  GATE_NAMES,
  gatesFor,
  releaseNamed,
  type ControllerConfig,
  type FeatureGates,
  type KubernetesRelease,
} from '../../engine/controller/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { MAX_SYNCS } from '../limits.ts';
import {
  DEFAULT_DURATION_SECONDS,
  DEFAULT_KUBERNETES_VERSION,
  NEWEST_KUBERNETES_VERSION,
} from './defaults.ts';
import type { SimulationSpecDocument } from './document.ts';
import { num, record, seconds } from './read.ts';
import { formatSeconds } from './units.ts';

export interface ControllerSettings {
  config: ControllerConfig;
  kubernetesVersion: KubernetesRelease;
  /** The document named the release (false: the default of a document that names none). */
  kubernetesVersionNamed: boolean;
  explicitGates: Partial<Record<keyof FeatureGates, boolean>>;
  durationSeconds: number;
  notices: string[];
}

/**
 * kube-controller-manager's configuration defaulting (RecommendedDefaultHPAControllerConfiguration)
 * replaces a zero tolerance with 0.1. Set to false to honour 0 as given.
 */
export const ZERO_TOLERANCE_MEANS_DEFAULT = true;

/**
 * `present`: whether the text has a Simulation document. One that names no release runs
 * DEFAULT_KUBERNETES_VERSION (old files keep their figures); the world assumed without a
 * document runs the newest release and names it in the document it offers.
 */
export function readController(
  spec: SimulationSpecDocument,
  report: Reporter,
  present = true,
): ControllerSettings {
  const notices: string[] = [];
  const c = record(spec.controller);
  // An unknown release is the schema's error (located at spec.kubernetesVersion).
  const named = releaseNamed(spec.kubernetesVersion);
  const version = named ?? (present ? DEFAULT_KUBERNETES_VERSION : NEWEST_KUBERNETES_VERSION);
  const explicitGates: Partial<Record<keyof FeatureGates, boolean>> = {};
  const gatesDoc = record(c.featureGates);
  for (const gate of GATE_NAMES) {
    if (typeof gatesDoc[gate] === 'boolean') explicitGates[gate] = gatesDoc[gate];
  }
  // kube-controller-manager refuses to start with a gate it does not know, or a locked one set.
  const resolved = gatesFor(version, explicitGates as Record<string, boolean>);
  for (const p of resolved.problems) {
    delete explicitGates[p.gate as keyof FeatureGates];
    report.error(['spec', 'controller', 'featureGates', p.gate], p.message, 'key');
  }
  const d = DEFAULT_CONTROLLER_CONFIG;
  let tolerance = num(c.tolerance, d.tolerance);
  if (tolerance === 0 && ZERO_TOLERANCE_MEANS_DEFAULT) {
    tolerance = d.tolerance;
    const notice = `tolerance 0 was replaced by ${d.tolerance}, as kube-controller-manager's configuration defaulting replaces a zero tolerance; use a tiny value such as 0.001 for an (almost) zero dead band`;
    notices.push(notice);
    report.info(['spec', 'controller', 'tolerance'], notice);
  }
  const config: ControllerConfig = controllerConfigFor(
    version,
    {
      syncPeriodSeconds: seconds(c.syncPeriod, d.syncPeriodSeconds),
      tolerance,
      cpuInitializationPeriodSeconds: seconds(
        c.cpuInitializationPeriod,
        d.cpuInitializationPeriodSeconds,
      ),
      initialReadinessDelaySeconds: seconds(
        c.initialReadinessDelay,
        d.initialReadinessDelaySeconds,
      ),
      downscaleStabilizationSeconds: seconds(
        c.downscaleStabilization,
        d.downscaleStabilizationSeconds,
      ),
    },
    resolved.gates,
  );
  const durationSeconds = seconds(spec.duration, DEFAULT_DURATION_SECONDS);
  // Counted as the engine counts them: a sync at 0 and one every period up to the duration.
  const syncs = Math.floor(durationSeconds / config.syncPeriodSeconds) + 1;
  if (config.syncPeriodSeconds > 0 && syncs > MAX_SYNCS) {
    report.error(
      ['spec', 'duration'],
      `${formatSeconds(durationSeconds)} at a ${formatSeconds(config.syncPeriodSeconds)} sync period is ${syncs.toLocaleString('en-US')} controller syncs; the simulator's limit is ${MAX_SYNCS.toLocaleString('en-US')} (shorten the duration or lengthen syncPeriod)`,
    );
  }
  return {
    config,
    kubernetesVersion: version,
    kubernetesVersionNamed: named !== null,
    explicitGates,
    durationSeconds,
    notices,
  };
}
