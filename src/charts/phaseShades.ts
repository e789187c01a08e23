// Shaded time spans on the Replicas chart for an autoscaler's phases beside the HPA (KEDA's
// inactive / cooling down / fallback spans): a layer of its own so the chart only forwards it.
// The spans come from the caller (src/panels/keda/phaseShades.ts); this file draws and names them.

import type { LegendItem } from './ChartFrame.tsx';
import type { PlotSpan } from './Plot.tsx';

/** A phase's span in seconds, [x1, x2). */
export interface PhaseShade {
  x1: number;
  x2: number;
  phase: ShadedPhase;
}

export type ShadedPhase = 'inactive' | 'cooldown' | 'fallback';

/** Colours (theme variables in src/panels/keda/keda.css), labels and help, by phase. */
const STYLE: Record<ShadedPhase, { fill: string; label: string; help: string }> = {
  inactive: {
    fill: 'var(--keda-shade-inactive, rgba(107, 115, 130, 0.14))',
    label: 'KEDA inactive',
    help: 'every trigger inactive and the target at 0 (or idle): the HPA does not scale',
  },
  cooldown: {
    fill: 'var(--keda-shade-cooldown, rgba(149, 90, 0, 0.12))',
    label: 'KEDA cooling down',
    help: 'every trigger inactive: KEDA waits cooldownPeriod, then writes 0 (or idle) itself',
  },
  fallback: {
    fill: 'var(--keda-shade-fallback, rgba(198, 40, 40, 0.13))',
    label: 'KEDA fallback',
    help: 'a trigger failed more than failureThreshold reads: the HPA reads the fallback',
  },
};

/** A phase's legend key (each phase toggles on its own). */
export const phaseShadeKey = (phase: ShadedPhase) => `keda-phase-${phase}`;

/** The spans of the phases not toggled off, over the whole value axis, in data units. */
export function phaseShadeSpans(
  shades: readonly PhaseShade[],
  domain: readonly [number, number],
  hidden: ReadonlySet<string>,
): PlotSpan[] {
  return shades
    .filter((s) => !hidden.has(phaseShadeKey(s.phase)))
    .map((s) => ({
      x1: s.x1,
      x2: s.x2,
      y1: domain[0],
      y2: domain[1],
      fill: STYLE[s.phase].fill,
    }));
}

/** A legend entry per phase present, in a fixed order. */
export function phaseShadeLegend(
  shades: readonly PhaseShade[],
  hidden: ReadonlySet<string>,
): LegendItem[] {
  const present = new Set(shades.map((s) => s.phase));
  return (['inactive', 'cooldown', 'fallback'] as const)
    .filter((p) => present.has(p))
    .map((p) => ({
      key: phaseShadeKey(p),
      label: STYLE[p].label,
      color: STYLE[p].fill,
      swatch: 'band' as const,
      help: STYLE[p].help,
      hidden: hidden.has(phaseShadeKey(p)),
    }));
}
