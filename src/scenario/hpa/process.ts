/**
 * The HPA document end to end: schema check → conversion to autoscaling/v2 → feature-gate field
 * dropping → API defaulting → API validation → simulator limits. Problems are reported at the
 * manifest's own paths (a converted field maps back to the field the user wrote).
 */
import {
  setDefaultsHorizontalPodAutoscaler,
  validateHorizontalPodAutoscalerSpec,
  type ControllerConfig,
  type FeatureGates,
  type HorizontalPodAutoscaler,
} from '../../engine/controller/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { MAX_PODS } from '../limits.ts';
import { parsePath } from '../paths.ts';
import { deletePaths, withoutNulls } from '../plainData.ts';
import { HPA_API_VERSIONS, hpaSchema, type HpaApiVersion } from '../schema/hpaSchema.ts';
import { validateAgainstSchema } from '../schema/validate.ts';
import type { Path } from '../types.ts';
import { checkHpaBounds } from './bounds.ts';
import { convertToV2 } from './convert.ts';
import { validateObjectMeta } from './objectMeta.ts';
import type { PathMap } from './pathMap.ts';
import { checkDecodable } from './status.ts';

export interface HpaOutcome {
  /** False when API validation or a simulator limit failed (the other fields are still filled). */
  valid: boolean;
  /** autoscaling/v2 after API defaulting: what the controller reads. */
  defaulted: HorizontalPodAutoscaler;
  /** `defaulted` with the scale-down window the controller would use filled in (for display). */
  effective: HorizontalPodAutoscaler;
  pathMap: PathMap;
  /** Info notices (conversion). */
  notices: string[];
  /** Fields the API server dropped for this release's gates, each with why ("path: why"). */
  dropped: string[];
}

export interface HpaContext {
  gates: FeatureGates;
  config: ControllerConfig;
  kubernetesVersion: string;
  /** Whether the gate values came from an explicit featureGates entry (for messages). */
  explicitGates: Partial<Record<keyof FeatureGates, boolean>>;
}

/** Checks the manifest's shape; returns the decodable value or null (errors reported). */
export function checkHpaShape(manifest: unknown, report: Reporter): Record<string, unknown> | null {
  const issues = validateAgainstSchema(manifest, hpaSchema);
  for (const i of issues) report.error(i.path, i.message, i.at);
  if (issues.some((i) => i.kind !== 'unknown-field')) return null;
  const value = withoutNulls(manifest) as Record<string, unknown>;
  deletePaths(
    value,
    issues.map((i) => i.path),
  );
  return value;
}

export function processHpa(
  manifest: Record<string, unknown>,
  ctx: HpaContext,
  report: Reporter,
): HpaOutcome | null {
  const version = manifest.apiVersion as HpaApiVersion;
  if (!HPA_API_VERSIONS.includes(version)) return null;
  const conversion = convertToV2(manifest, version);
  const at = (v2Path: Path) => conversion.pathMap.toSource(v2Path);
  for (const i of conversion.issues) report[i.severity](i.path, i.message);
  const notices: string[] = [];
  if (conversion.changes.length > 0) {
    const notice = `converted from ${version} to autoscaling/v2 as the API server does: ${conversion.changes.join('; ')}`;
    notices.push(notice);
    report.info(['apiVersion'], notice);
  }
  const hpa = conversion.hpa;
  const dropped = dropDisabledFields(hpa, ctx, at, report);
  const defaulted = setDefaultsHorizontalPodAutoscaler(hpa);
  let valid = true;
  for (const e of validateHorizontalPodAutoscalerSpec(defaulted.spec, ctx.gates)) {
    valid = false;
    report.error(
      at(parsePath(e.path)),
      `${e.path}: ${e.message}${hintFor(e.path, e.message, ctx)}`,
    );
  }
  if (!validateObjectMeta(manifest.metadata, report)) valid = false;
  if (!checkDecodable(manifest, report)) valid = false;
  if (manifest.status !== undefined) report.info(['status'], STATUS_NOTE, 'key');
  if (!checkHpaBounds(defaulted, manifest.metadata, at, report)) valid = false;
  // A bound the API accepts but the simulator cannot reach: the run is capped, not refused; the
  // effective HPA (what the cluster would hold) keeps the bound as written.
  let simulated = defaulted;
  const pods = MAX_PODS.toLocaleString('en-US');
  if ((defaulted.spec.minReplicas ?? 1) > MAX_PODS) {
    // Every count the HPA allows is past the cap: no run would show this HPA at work.
    valid = false;
    report.error(
      at(['spec', 'minReplicas']),
      `spec.minReplicas is ${defaulted.spec.minReplicas!.toLocaleString('en-US')}: the API server accepts it, but the simulator runs at most ${pods} pods, so no run can reach it; lower minReplicas for the simulation`,
    );
  } else if (defaulted.spec.maxReplicas > MAX_PODS) {
    const notice = `spec.maxReplicas is ${defaulted.spec.maxReplicas.toLocaleString('en-US')}: the API server accepts it, but the simulator runs at most ${pods} pods, so this run is capped at ${pods} replicas (the controller clamps there, not at ${defaulted.spec.maxReplicas.toLocaleString('en-US')})`;
    notices.push(notice);
    report.warning(at(['spec', 'maxReplicas']), notice);
    simulated = { ...defaulted, spec: { ...defaulted.spec, maxReplicas: MAX_PODS } };
  }
  return {
    valid,
    defaulted: simulated,
    effective: effectiveOf(defaulted, ctx.config),
    pathMap: conversion.pathMap,
    notices,
    dropped,
  };
}

/** Upstream: registry/autoscaling/horizontalpodautoscaler/strategy.go PrepareForCreate. */
const STATUS_NOTE =
  'status is decoded (an unknown field or a bad value is an error, as kubectl apply reports it) and then discarded, as the API server discards the status of a new object; the simulator computes its own at every sync';

function hintFor(path: string, message: string, ctx: HpaContext): string {
  if (
    path.endsWith('minReplicas') &&
    message.includes('greater than or equal to 1') &&
    !ctx.gates.HPAScaleToZero
  ) {
    return ' (minReplicas: 0 needs the HPAScaleToZero feature gate: set spec.controller.featureGates.HPAScaleToZero: true in the Simulation document)';
  }
  return '';
}

/**
 * The API server drops behavior tolerances while HPAConfigurableTolerance is off (and the field is
 * not already in use, which a new object never is).
 */
function dropDisabledFields(
  hpa: HorizontalPodAutoscaler,
  ctx: HpaContext,
  at: (p: Path) => Path,
  report: Reporter,
): string[] {
  const dropped: string[] = [];
  if (ctx.gates.HPAConfigurableTolerance) return dropped;
  for (const direction of ['scaleUp', 'scaleDown'] as const) {
    const rules = hpa.spec.behavior?.[direction];
    if (!rules || rules.tolerance === undefined) continue;
    delete rules.tolerance;
    const why =
      ctx.explicitGates.HPAConfigurableTolerance === false
        ? 'the HPAConfigurableTolerance feature gate is off'
        : `the HPAConfigurableTolerance feature gate is off by default in Kubernetes ${ctx.kubernetesVersion} (beta and on from 1.35)`;
    report.warning(
      at(['spec', 'behavior', direction, 'tolerance']),
      `ignored: ${why}, so the API server drops this field and the controller uses --horizontal-pod-autoscaler-tolerance (${ctx.config.tolerance})`,
    );
    dropped.push(`spec.behavior.${direction}.tolerance: ${why}`);
  }
  return dropped;
}

function effectiveOf(
  defaulted: HorizontalPodAutoscaler,
  config: ControllerConfig,
): HorizontalPodAutoscaler {
  const behavior = defaulted.spec.behavior;
  if (!behavior?.scaleDown || (behavior.scaleDown.stabilizationWindowSeconds ?? null) !== null)
    return defaulted;
  return {
    ...defaulted,
    spec: {
      ...defaulted.spec,
      behavior: {
        ...behavior,
        scaleDown: {
          ...behavior.scaleDown,
          stabilizationWindowSeconds: Math.trunc(config.downscaleStabilizationSeconds),
        },
      },
    },
  };
}
