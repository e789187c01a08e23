/**
 * The round-trip annotations older HPA API versions use to carry autoscaling/v2 fields
 * (pkg/apis/autoscaling/annotations.go), and their decoding as the API server's conversion does:
 * a malformed annotation is ignored, not an error (except a tolerance that is not a quantity).
 */
import type {
  HPAScalingPolicy,
  HPAScalingRules,
  HorizontalPodAutoscalerBehavior,
} from '../../engine/controller/index.ts';
import { parseQuantity } from '../../engine/controller/index.ts';

export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
export const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
export const BEHAVIOR_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';
export const TOLERANCE_SCALE_DOWN_ANNOTATION =
  'autoscaling.alpha.kubernetes.io/scale-down-tolerance';
export const TOLERANCE_SCALE_UP_ANNOTATION = 'autoscaling.alpha.kubernetes.io/scale-up-tolerance';

/** DropRoundTripHorizontalPodAutoscalerAnnotations: never stored in the internal object. */
export const ROUND_TRIP_ANNOTATIONS = [
  METRIC_SPECS_ANNOTATION,
  BEHAVIOR_SPECS_ANNOTATION,
  TOLERANCE_SCALE_DOWN_ANNOTATION,
  TOLERANCE_SCALE_UP_ANNOTATION,
  METRIC_STATUSES_ANNOTATION,
  CONDITIONS_ANNOTATION,
];

const MAX_ANNOTATION_CHARS = 256 * 1024;

/** JSON.parse that never throws; undefined when the text is not JSON (or is absurdly large). */
export function parseJson(text: string): unknown {
  if (text.length > MAX_ANNOTATION_CHARS) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** encoding/json matches field names exactly, else case-insensitively (the annotation holds Go names). */
function field(obj: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(obj, name)) return obj[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(obj)) if (key.toLowerCase() === lower) return obj[key];
  return undefined;
}

const isInt32 = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;

class DecodeError extends Error {}

function decodeRules(raw: unknown): HPAScalingRules | null {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw)) throw new DecodeError();
  const out: HPAScalingRules = {};
  const window = field(raw, 'StabilizationWindowSeconds');
  if (window !== null && window !== undefined) {
    if (!isInt32(window)) throw new DecodeError();
    out.stabilizationWindowSeconds = window as number;
  }
  const select = field(raw, 'SelectPolicy');
  if (select !== null && select !== undefined) {
    if (typeof select !== 'string') throw new DecodeError();
    out.selectPolicy = select;
  }
  const policies = field(raw, 'Policies');
  if (policies !== null && policies !== undefined) {
    if (!Array.isArray(policies)) throw new DecodeError();
    out.policies = policies.map(decodePolicy);
  }
  const tolerance = field(raw, 'Tolerance');
  if (tolerance !== null && tolerance !== undefined) {
    if (
      (typeof tolerance !== 'string' && typeof tolerance !== 'number') ||
      !parseQuantity(tolerance)
    )
      throw new DecodeError();
    out.tolerance = tolerance;
  }
  return out;
}

function decodePolicy(raw: unknown): HPAScalingPolicy {
  if (!isRecord(raw)) throw new DecodeError();
  const type = field(raw, 'Type') ?? '';
  const value = field(raw, 'Value') ?? 0;
  const period = field(raw, 'PeriodSeconds') ?? 0;
  if (typeof type !== 'string' || !isInt32(value) || !isInt32(period)) throw new DecodeError();
  return { type, value: value as number, periodSeconds: period as number };
}

/**
 * The behavior annotation as Convert_v1/v2beta1_HorizontalPodAutoscaler_To_autoscaling reads it:
 * null when absent, malformed (json.Unmarshal fails) or the zero behavior.
 */
export function decodeBehaviorAnnotation(text: string): HorizontalPodAutoscalerBehavior | null {
  const json = parseJson(text);
  if (!isRecord(json)) return null;
  try {
    const scaleUp = decodeRules(field(json, 'ScaleUp'));
    const scaleDown = decodeRules(field(json, 'ScaleDown'));
    if (!scaleUp && !scaleDown) return null;
    const out: HorizontalPodAutoscalerBehavior = {};
    if (scaleUp) out.scaleUp = scaleUp;
    if (scaleDown) out.scaleDown = scaleDown;
    return out;
  } catch {
    return null;
  }
}
