/** Shapes of the older HPA API versions the API server still converts (autoscaling/v1, v2beta1). */
import type {
  CrossVersionObjectReference,
  LabelSelector,
  QuantityString,
} from '../../engine/controller/index.ts';

export interface V1Spec {
  scaleTargetRef?: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas?: number;
  targetCPUUtilizationPercentage?: number;
}

export interface V2beta1ResourceMetricSource {
  name?: string;
  targetAverageUtilization?: number;
  targetAverageValue?: QuantityString;
}

export interface V2beta1ContainerResourceMetricSource extends V2beta1ResourceMetricSource {
  container?: string;
}

export interface V2beta1PodsMetricSource {
  metricName?: string;
  targetAverageValue?: QuantityString;
  selector?: LabelSelector;
}

export interface V2beta1ObjectMetricSource {
  target?: CrossVersionObjectReference;
  metricName?: string;
  targetValue?: QuantityString;
  selector?: LabelSelector;
  averageValue?: QuantityString;
}

export interface V2beta1ExternalMetricSource {
  metricName?: string;
  metricSelector?: LabelSelector;
  targetValue?: QuantityString;
  targetAverageValue?: QuantityString;
}

/** Also the shape of autoscaling/v1's MetricSpec (used in the metrics annotation). */
export interface V2beta1MetricSpec {
  type?: string;
  object?: V2beta1ObjectMetricSource;
  pods?: V2beta1PodsMetricSource;
  resource?: V2beta1ResourceMetricSource;
  containerResource?: V2beta1ContainerResourceMetricSource;
  external?: V2beta1ExternalMetricSource;
}

export interface V2beta1Spec {
  scaleTargetRef?: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas?: number;
  metrics?: V2beta1MetricSpec[];
}
