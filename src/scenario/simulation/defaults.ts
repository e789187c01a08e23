/** Defaults of the Simulation document, shared by the schema (hover docs) and the builder. */
import {
  gateDefaults,
  KUBERNETES_RELEASES,
  NEWEST_RELEASE,
  UNNAMED_RELEASE,
  type FeatureGates,
  type KubernetesRelease,
} from '../../engine/controller/index.ts';
import {
  DEFAULT_ADAPTER_INTERVAL_SECONDS,
  DEFAULT_SCRAPE_OFFSET_SECONDS,
} from '../../engine/simulation/input.ts';

export const CURRENT_SIMULATION_API_VERSION = 'hpa-sim.dev/v1alpha1';
export const SIMULATION_KIND = 'Simulation';

export const DEFAULT_DURATION_SECONDS = 3600;
/**
 * The release a Simulation document runs when it names none: what hpa-sim followed before it
 * modelled releases, so old files and links give the same figures.
 */
export const DEFAULT_KUBERNETES_VERSION: KubernetesRelease = UNNAMED_RELEASE;
/** The release the assumed world (no Simulation document) and new documents name. */
export const NEWEST_KUBERNETES_VERSION: KubernetesRelease = NEWEST_RELEASE;

/** Feature-gate defaults of kube-controller-manager by minor release (releases.ts). */
export const KUBERNETES_VERSIONS: Readonly<Record<string, Readonly<FeatureGates>>> =
  Object.fromEntries(KUBERNETES_RELEASES.map((v) => [v, gateDefaults(v)]));

export const DEFAULT_STARTUP = {
  schedulingSeconds: 1,
  startingSeconds: 10,
  readinessDelaySeconds: 20,
};
/**
 * A deleted pod's containers get SIGTERM and are gone when the application exits: a few seconds
 * for a server that drains and stops (a stand-in: Kubernetes has no such default). The kubelet
 * kills them at the grace period (`terminationGracePeriodSeconds`, 30 s by default:
 * pkg/apis/core/v1/defaults.go), so that bounds it.
 */
export const DEFAULT_TERMINATION_SECONDS = 5;
export const DEFAULT_TERMINATION_GRACE_SECONDS = 30;
/**
 * metrics-server as its manifests and Helm chart deploy it: a 15 s scrape (its code default is
 * 60 s), each CPU sample the rate between two scrapes; the scrapes 7 s off the sync grid; the
 * adapters refresh every 30 s (prometheus-adapter's lag; a ScaledObject's External metrics do not
 * wait for it: KEDA's metrics server reads them live at each sync, engine/keda/plane.ts).
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
