// What a variant changes in the HPA, in the comparison's words: one line per field whose value
// differs from the HPA's own (both API-defaulted, so a patch that restates a default changes
// nothing). The comparison shows it under the variant's name, so "variant-2" says what it is.

/** A field's value, short: a list or map as compact JSON, cut at 48 characters. */
function shown(v: unknown): string {
  if (v === undefined || v === null) return '(none)';
  if (typeof v !== 'object') return String(v);
  const json = JSON.stringify(v);
  return json.length > 48 ? `${json.slice(0, 47)}…` : json;
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields of `variant` that differ from `base` ("behavior.scaleDown.stabilizationWindowSeconds:
 * 300 → 600"), paths from the spec, in the variant's key order (then the keys it dropped). Lists
 * compare whole.
 */
export function variantChanges(base: unknown, variant: unknown, path = ''): string[] {
  if (isMap(base) && isMap(variant)) {
    const keys = [...Object.keys(variant), ...Object.keys(base).filter((k) => !(k in variant))];
    return keys.flatMap((k) => variantChanges(base[k], variant[k], path ? `${path}.${k}` : k));
  }
  if (JSON.stringify(base) === JSON.stringify(variant)) return [];
  return [`${path || 'spec'}: ${shown(base)} → ${shown(variant)}`];
}

/** The controller settings a variant may change (spec.variants[].controller, kubernetesVersion). */
const CONTROLLER_FIELDS = [
  'kubernetesVersion',
  'syncPeriodSeconds',
  'tolerance',
  'cpuInitializationPeriodSeconds',
  'initialReadinessDelaySeconds',
  'downscaleStabilizationSeconds',
  'featureGates',
] as const;

type RunInput = { hpa: { spec: unknown }; controller: object };

/**
 * What a variant's run changes: its HPA spec's fields, then the controller's flags and release
 * ("controller.tolerance: 0.1 → 0.3"), so a variant that patches no HPA field says what it is.
 */
export function runChanges(base: RunInput, variant: RunInput): string[] {
  const pick = (c: object) =>
    Object.fromEntries(CONTROLLER_FIELDS.map((k) => [k, (c as Record<string, unknown>)[k]]));
  return [
    ...variantChanges(base.hpa.spec, variant.hpa.spec),
    ...variantChanges(pick(base.controller), pick(variant.controller), 'controller'),
  ];
}
