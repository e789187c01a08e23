// The syncs that end before any metric is read (upstream: horizontal.go reconcileAutoscaler's
// early branches), in one wording for every reader: a record's one-line explanation
// (explain.ts), the app's decision chain (src/explain/decisionChain.ts) and the CLI.

export type ShortcutPath =
  'getScaleError' | 'scalingDisabled' | 'aboveMaxReplicas' | 'belowMinReplicas';

export interface ShortcutFacts {
  currentReplicas: number;
  desiredReplicas: number;
  minReplicas: number;
  maxReplicas: number;
}

export const SHORTCUT_TITLES: Record<ShortcutPath, string> = {
  getScaleError: 'Could not read the scale',
  scalingDisabled: 'Scaling disabled',
  aboveMaxReplicas: 'Above maxReplicas',
  belowMinReplicas: 'Below minReplicas',
};

export function isShortcut(path: string): path is ShortcutPath {
  return Object.hasOwn(SHORTCUT_TITLES, path);
}

/** What the controller did at a shortcut, in its own terms (condition reasons, events). */
export function shortcutLine(path: ShortcutPath, f: ShortcutFacts): string {
  switch (path) {
    case 'getScaleError':
      return 'FailedGetScale: the scale subresource could not be read; nothing else is done this sync';
    case 'scalingDisabled':
      // minReplicas 0 is disabled only by the v1.36+ rule: a zero the HPA did not make itself.
      return f.minReplicas === 0
        ? 'the target has 0 replicas the HPA did not scale it to (no ScaledToZero=True, or HPAScaleToZero off; v1.36+): ScalingActive=False ScalingDisabled, no metrics are read'
        : 'the target has 0 replicas and minReplicas is not 0: ScalingActive=False ScalingDisabled, no metrics are read';
    case 'aboveMaxReplicas':
      return `current ${f.currentReplicas} > maxReplicas ${f.maxReplicas}: set to ${f.desiredReplicas} without reading metrics, stabilization or policies`;
    case 'belowMinReplicas':
      return `current ${f.currentReplicas} < minReplicas ${f.minReplicas}: set to ${f.desiredReplicas} without reading metrics, stabilization or policies`;
  }
}
