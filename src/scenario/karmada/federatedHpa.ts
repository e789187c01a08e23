/**
 * A Karmada FederatedHPA (autoscaling.karmada.io/v1alpha1) → the HPA its central controller
 * computes with: the spec is autoscaling/v2's (FederatedHPASpec embeds the same fields), so it is
 * read as a pasted HPA after Karmada's own admission checks.
 *
 * upstream: karmada-io/karmada pkg/util/lifted/validatingfhpa.go (read at 010d3895)
 * ValidateFederatedHPA, validateFederatedHPASpec, validateMetricSpec: Kubernetes 1.27's HPA
 * validation with a minReplicas floor of 1 ("Karmada does not support HPA scale to zero
 * temporarily") and no External metrics. The rest of that validation is Kubernetes' own, which
 * the HPA pipeline already ports; the webhook's denial is reported in Karmada's words.
 */
import type { Reporter } from '../diagnostics.ts';
import { clonePlain, isRecord } from '../plainData.ts';
import { list, rec, str, type Obj } from './types.ts';

/** validMetricSourceTypesList: sets.String.List() is sorted. */
const VALID_METRIC_SOURCE_TYPES = ['ContainerResource', 'Object', 'Pods', 'Resource'];

export interface KarmadaHpa {
  /** The autoscaling/v2 HPA the FederatedHPA's spec is. */
  manifest: Obj;
  notice: string;
}

const denied = (message: string) =>
  `Karmada's admission webhook denies this FederatedHPA: ${message}`;

/** upstream: validatingfhpa.go validateFederatedHPASpec (the checks Karmada changed). */
function validateFederatedHPASpec(spec: Obj, report: Reporter): boolean {
  let ok = true;
  // minReplicasLowerBound := int32(1)
  const min = spec.minReplicas;
  if (typeof min === 'number' && min < 1) {
    report.error(
      ['spec', 'minReplicas'],
      denied(`spec.minReplicas: Invalid value: ${min}: must be greater than or equal to 1`),
    );
    ok = false;
  }
  list(spec.metrics).forEach((m, i) => {
    const type = str(rec(m).type);
    if (type !== '' && !VALID_METRIC_SOURCE_TYPES.includes(type)) {
      report.error(
        ['spec', 'metrics', i, 'type'],
        denied(
          `spec.metrics[${i}].type: Unsupported value: "${type}": supported values: ${VALID_METRIC_SOURCE_TYPES.map((t) => `"${t}"`).join(', ')}`,
        ),
      );
      ok = false;
    }
  });
  return ok;
}

/**
 * Null (errors reported) when Karmada's webhook would deny it; else the HPA to read. A per-rule
 * `tolerance` is dropped with a warning: Karmada's controller applies its global tolerance only.
 */
export function federatedHpaToHpa(value: unknown, report: Reporter): KarmadaHpa | null {
  const fhpa = rec(value);
  if (!isRecord(fhpa.spec)) {
    report.error(['spec'], 'a FederatedHPA needs a spec (scaleTargetRef, maxReplicas, metrics)');
    return null;
  }
  const spec = clonePlain(fhpa.spec);
  if (!validateFederatedHPASpec(spec, report)) return null;
  const behavior = rec(spec.behavior);
  for (const direction of ['scaleUp', 'scaleDown'] as const) {
    const rules = rec(behavior[direction]);
    if ('tolerance' in rules) {
      report.warning(
        ['spec', 'behavior', direction, 'tolerance'],
        "ignored: Karmada's FederatedHPA controller applies its global tolerance (--hpa-tolerance, default 0.1), not a per-rule one",
        'key',
      );
      delete rules.tolerance;
    }
  }
  const metadata = rec(fhpa.metadata);
  const manifest: Obj = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: {
      ...(metadata.name !== undefined ? { name: metadata.name } : {}),
      ...(metadata.namespace !== undefined ? { namespace: metadata.namespace } : {}),
      ...(metadata.annotations !== undefined ? { annotations: metadata.annotations } : {}),
    },
    spec,
  };
  const name = str(metadata.name);
  return {
    manifest,
    notice: `a Karmada FederatedHPA${name ? ` '${name}'` : ''}: simulated in Karmada's shipped model, one central controller over the pods of every member cluster and karmada-scheduler dividing its replicas`,
  };
}
