/**
 * kube-controller-manager settings from `spec.controller` and `spec.kubernetesVersion`:
 * flag defaults, feature-gate defaults by release (explicit gates win), and the configuration
 * defaulting that replaces a zero tolerance with 0.1.
 */
import {
  DEFAULT_CONTROLLER_CONFIG,
  type ControllerConfig,
  type FeatureGates,
} from '../../engine/controller/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { MAX_SYNCS } from '../limits.ts';
import {
  DEFAULT_DURATION_SECONDS,
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_VERSIONS,
} from './defaults.ts';
import type { SimulationSpecDocument } from './document.ts';
import { num, record, seconds } from './read.ts';
import { formatSeconds } from './units.ts';

export interface ControllerSettings {
  config: ControllerConfig;
  kubernetesVersion: string;
  explicitGates: Partial<Record<keyof FeatureGates, boolean>>;
  durationSeconds: number;
  notices: string[];
}

/**
 * kube-controller-manager's configuration defaulting (RecommendedDefaultHPAControllerConfiguration)
 * replaces a zero tolerance with 0.1. Set to false to honour 0 as given.
 */
export const ZERO_TOLERANCE_MEANS_DEFAULT = true;

export function readController(spec: SimulationSpecDocument, report: Reporter): ControllerSettings {
  const notices: string[] = [];
  const c = record(spec.controller);
  const rawVersion = spec.kubernetesVersion;
  const version =
    rawVersion !== undefined && Object.hasOwn(KUBERNETES_VERSIONS, String(rawVersion))
      ? String(rawVersion)
      : DEFAULT_KUBERNETES_VERSION;
  const explicitGates: Partial<Record<keyof FeatureGates, boolean>> = {};
  const gatesDoc = record(c.featureGates);
  for (const gate of ['HPAConfigurableTolerance', 'HPAScaleToZero'] as const) {
    if (typeof gatesDoc[gate] === 'boolean') explicitGates[gate] = gatesDoc[gate];
  }
  const d = DEFAULT_CONTROLLER_CONFIG;
  let tolerance = num(c.tolerance, d.tolerance);
  if (tolerance === 0 && ZERO_TOLERANCE_MEANS_DEFAULT) {
    tolerance = d.tolerance;
    const notice = `tolerance 0 was replaced by ${d.tolerance}, as kube-controller-manager's configuration defaulting replaces a zero tolerance; use a tiny value such as 0.001 for an (almost) zero dead band`;
    notices.push(notice);
    report.info(['spec', 'controller', 'tolerance'], notice);
  }
  const config: ControllerConfig = {
    ...d,
    syncPeriodSeconds: seconds(c.syncPeriod, d.syncPeriodSeconds),
    tolerance,
    cpuInitializationPeriodSeconds: seconds(
      c.cpuInitializationPeriod,
      d.cpuInitializationPeriodSeconds,
    ),
    initialReadinessDelaySeconds: seconds(c.initialReadinessDelay, d.initialReadinessDelaySeconds),
    downscaleStabilizationSeconds: seconds(
      c.downscaleStabilization,
      d.downscaleStabilizationSeconds,
    ),
    featureGates: { ...KUBERNETES_VERSIONS[version]!, ...explicitGates },
  };
  const durationSeconds = seconds(spec.duration, DEFAULT_DURATION_SECONDS);
  // Counted as the engine counts them: a sync at 0 and one every period up to the duration.
  const syncs = Math.floor(durationSeconds / config.syncPeriodSeconds) + 1;
  if (config.syncPeriodSeconds > 0 && syncs > MAX_SYNCS) {
    report.error(
      ['spec', 'duration'],
      `${formatSeconds(durationSeconds)} at a ${formatSeconds(config.syncPeriodSeconds)} sync period is ${syncs.toLocaleString('en-US')} controller syncs; the simulator's limit is ${MAX_SYNCS.toLocaleString('en-US')} (shorten the duration or lengthen syncPeriod)`,
    );
  }
  return { config, kubernetesVersion: version, explicitGates, durationSeconds, notices };
}
