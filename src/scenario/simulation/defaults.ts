/** Defaults of the Simulation document, shared by the schema (hover docs) and the builder. */
import type { FeatureGates } from '../../engine/controller/index.ts';
import {
  DEFAULT_ADAPTER_INTERVAL_SECONDS,
  DEFAULT_SCRAPE_OFFSET_SECONDS,
} from '../../engine/simulation/input.ts';

export const CURRENT_SIMULATION_API_VERSION = 'hpa-sim.dev/v1alpha1';
export const SIMULATION_KIND = 'Simulation';

export const DEFAULT_DURATION_SECONDS = 3600;
export const DEFAULT_KUBERNETES_VERSION = '1.35';

/** Feature-gate defaults of kube-controller-manager by minor release. */
export const KUBERNETES_VERSIONS: Readonly<Record<string, Readonly<FeatureGates>>> = {
  '1.33': { HPAConfigurableTolerance: false, HPAScaleToZero: false },
  '1.34': { HPAConfigurableTolerance: false, HPAScaleToZero: false },
  '1.35': { HPAConfigurableTolerance: true, HPAScaleToZero: false },
  '1.36': { HPAConfigurableTolerance: true, HPAScaleToZero: false },
};

export const DEFAULT_STARTUP = {
  schedulingSeconds: 1,
  startingSeconds: 10,
  readinessDelaySeconds: 20,
};
export const DEFAULT_TERMINATION_SECONDS = 30;
/**
 * metrics-server as its manifests and Helm chart deploy it: a 15 s scrape (its code default is
 * 60 s), each CPU sample the rate between two scrapes; the scrapes 7 s off the sync grid; the
 * adapters refresh every 30 s (KEDA's pollingInterval).
 */
export const DEFAULT_METRICS_PIPELINE = {
  resolutionSeconds: 15,
  offsetSeconds: DEFAULT_SCRAPE_OFFSET_SECONDS,
  adapterIntervalSeconds: DEFAULT_ADAPTER_INTERVAL_SECONDS,
};
export const DEFAULT_CONTAINER = { name: 'app', requests: { cpu: '500m', memory: '256Mi' } };
/**
 * A Resource `cpu` metric without a load model: no idle usage and 1 millicore per unit of
 * traffic, so `traffic` reads directly as total millicores of demand.
 */
export const DEFAULT_CPU_LOAD = { perPod: '0', perUnit: '1m' };
