/** Human-readable views of parse results: the effective HPA as YAML, with where defaults came from. */
import { Document, isScalar } from 'yaml';
import { withoutNulls } from './plainData.ts';
import {
  DEFAULT_CONTROLLER_CONFIG,
  type HorizontalPodAutoscaler,
} from '../engine/controller/index.ts';

export interface EffectiveYamlOptions {
  /** --horizontal-pod-autoscaler-downscale-stabilization in seconds (default 300). */
  downscaleStabilizationSeconds?: number;
  /**
   * The scale-down window came from that flag (ParseResult.windowFromFlag). Absent: assumed when
   * the window equals the flag (older callers).
   */
  windowFromFlag?: boolean;
  /** The release the HPA was stored under ("1.34"), named in the header. */
  release?: string;
  /** Fields the API server dropped under that release's gates ("path: why"), listed in the header. */
  dropped?: string[];
}

const HEADER =
  ' The HPA as the controller reads it: converted to autoscaling/v2 and API-defaulted.';

/**
 * YAML text of the effective HPA (ParseResult.effectiveHpa). Comments say which values came from
 * the controller's flags, and what applies when the manifest has no behavior block (the legacy
 * rules, which are not the behavior defaults).
 */
export function effectiveHpaYaml(
  effective: HorizontalPodAutoscaler,
  options: EffectiveYamlOptions = {},
): string {
  const window =
    options.downscaleStabilizationSeconds ??
    DEFAULT_CONTROLLER_CONFIG.downscaleStabilizationSeconds;
  // Null fields (behavior: null when the manifest has none) are left out, as kubectl shows them.
  const doc = new Document(withoutNulls(effective));
  const dropped = options.dropped ?? [];
  doc.commentBefore = [
    options.release
      ? `${HEADER.slice(0, -1)}, as Kubernetes ${options.release} stores it.`
      : HEADER,
    // The written manifest keeps them; this view (and its export) shows what the cluster keeps.
    ...dropped.map((d) => ` Dropped by the API server: ${d}.`),
  ].join('\n');
  const node = doc.getIn(['spec', 'behavior', 'scaleDown', 'stabilizationWindowSeconds'], true);
  // Only a window the HPA left out is the flag's: one written as 300 is the HPA's own.
  const fromFlag = options.windowFromFlag ?? (isScalar(node) && node.value === window);
  if (isScalar(node) && fromFlag) {
    node.comment =
      ' the --horizontal-pod-autoscaler-downscale-stabilization flag when the HPA sets none';
  }
  if (!effective.spec.behavior) {
    doc.comment = [
      ' No behavior block: the controller uses its legacy rules, not the behavior defaults:',
      '   scale up to at most max(2 × current replicas, 4) per sync;',
      `   scale down to the highest recommendation of the last ${window} s`,
      '   (--horizontal-pod-autoscaler-downscale-stabilization), with no rate limit.',
      ' With any behavior block the defaults are: scaleUp 4 pods or 100 % per 15 s (Max),',
      ` window 0; scaleDown 100 % per 15 s, window ${window} s.`,
    ].join('\n');
  }
  return doc.toString({ lineWidth: 0 });
}
