// kube-controller-manager's HPA flags and the release defaults (config/v1alpha1/defaults.go).

import type { ControllerConfig } from './types.ts';

export const DEFAULT_CONTROLLER_CONFIG: Readonly<ControllerConfig> = Object.freeze({
  syncPeriodSeconds: 15,
  tolerance: 0.1,
  cpuInitializationPeriodSeconds: 300,
  initialReadinessDelaySeconds: 30,
  downscaleStabilizationSeconds: 300,
  featureGates: Object.freeze({ HPAConfigurableTolerance: true, HPAScaleToZero: false }),
  scaleUpLimitFactor: 2,
  scaleUpLimitMinimum: 4,
  ignoreSucceededPods: false,
  // #127193 shipped in v1.33 (CHANGELOG-1.33): a pod without the container is missing.
  containerMetricMissingIsError: false,
});
