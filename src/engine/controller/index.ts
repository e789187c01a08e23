// Public surface of the controller port.
export * from './types.ts';
export type * from './result.ts';
export { reconcileAutoscaler, tolerancesForHpa, type ReconcileOptions } from './horizontal.ts';
export { ByPositionScratch } from './byPositionScratch.ts';
export { doubleList, objectList, recordCopy } from './objectList.ts';
export { phaseCode, readyCode, settledStartCoded } from './podFieldColumns.ts';
export { setDefaultsHorizontalPodAutoscaler, setDefaultsBehavior } from './defaults.ts';
export {
  validateHorizontalPodAutoscalerSpec,
  formatValidationError,
  MAX_PERIOD_SECONDS,
  MAX_STABILIZATION_WINDOW_SECONDS,
  type ValidationError,
} from './validation.ts';
export { parseQuantity, milliValue, approximateFloat64 } from './quantity.ts';
export { DEFAULT_CONTROLLER_CONFIG } from './config.ts';
export {
  expandObservation,
  expandPodGroups,
  groupMemberName,
  MAX_OBSERVED_PODS,
} from './groupedPods.ts';
export {
  KUBERNETES_RELEASES,
  NEWEST_RELEASE,
  UNNAMED_RELEASE,
  GATE_NAMES,
  RELEASES,
  controllerConfigFor,
  gateDefaults,
  gatesFor,
  isKubernetesRelease,
  releaseNamed,
  type GateName,
  type GateProblem,
  type GateState,
  type KubernetesRelease,
  type Release,
  type ReleaseRules,
} from './releases.ts';
