// API-server defaulting for autoscaling/v2 (pkg/apis/autoscaling/v2/defaults.go).
// The controller never sees a raw object: it reads what the API server stored.

import type {
  DefaultedBehavior,
  DefaultedScalingRules,
  HPAScalingPolicy,
  HPAScalingRules,
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  MetricSpec,
} from './types.ts';
import { recordCopy } from './objectList.ts';

export const DEFAULT_CPU_UTILIZATION = 80;

/** GenerateHPAScaleUpRules: window 0, Max, 4 pods or 100 % per 15 s. */
export function generateHPAScaleUpRules(
  rules: HPAScalingRules | null | undefined,
): DefaultedScalingRules {
  const out: DefaultedScalingRules = {
    stabilizationWindowSeconds: rules?.stabilizationWindowSeconds ?? 0,
    selectPolicy: rules?.selectPolicy ?? 'Max',
    policies: clonePolicies(rules?.policies) ?? [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  };
  if (rules?.tolerance !== undefined) out.tolerance = rules.tolerance;
  return out;
}

/** GenerateHPAScaleDownRules: window left nil (the controller fills it), Max, 100 % per 15 s. */
export function generateHPAScaleDownRules(
  rules: HPAScalingRules | null | undefined,
): DefaultedScalingRules {
  const out: DefaultedScalingRules = {
    stabilizationWindowSeconds: rules?.stabilizationWindowSeconds ?? null,
    selectPolicy: rules?.selectPolicy ?? 'Max',
    policies: clonePolicies(rules?.policies) ?? [
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  };
  if (rules?.tolerance !== undefined) out.tolerance = rules.tolerance;
  return out;
}

function clonePolicies(p: HPAScalingPolicy[] | null | undefined): HPAScalingPolicy[] | null {
  // A nil list takes the default; an explicit empty list stays empty (and fails validation).
  if (p === null || p === undefined) return null;
  return p.map((x) => ({ ...x }));
}

export function setDefaultsBehavior(
  behavior: HorizontalPodAutoscalerBehavior | null | undefined,
): DefaultedBehavior | null {
  if (behavior === null || behavior === undefined) return null;
  return {
    scaleUp: generateHPAScaleUpRules(behavior.scaleUp),
    scaleDown: generateHPAScaleDownRules(behavior.scaleDown),
  };
}

/**
 * SetDefaults_HorizontalPodAutoscaler: minReplicas 1, CPU 80 % when no metrics, behavior completed.
 * Returns a new object; the input is not touched (it is the user's manifest).
 */
export function setDefaultsHorizontalPodAutoscaler(
  hpa: HorizontalPodAutoscaler,
): HorizontalPodAutoscaler {
  const spec = hpa.spec;
  const metrics: MetricSpec[] =
    spec.metrics && spec.metrics.length > 0
      ? spec.metrics
      : [
          {
            type: 'Resource',
            resource: {
              name: 'cpu',
              target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION },
            },
          },
        ];
  const behavior = setDefaultsBehavior(spec.behavior);
  // Copies of one hidden class whatever the run before (recordCopy); the keys and their order
  // are a spread's: the source's, then those it lacked, in this order.
  const outSpec = recordCopy(spec);
  outSpec.minReplicas = spec.minReplicas ?? 1;
  outSpec.metrics = metrics;
  outSpec.behavior = behavior;
  const out = recordCopy(hpa);
  out.spec = outSpec;
  return out;
}
