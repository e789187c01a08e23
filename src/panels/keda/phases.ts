// KEDA's phases as the panels name and colour them (the engine's KedaPhase, plain data).
import type { KedaPhase } from '../../run/index.ts';

export const PHASE_LABEL: Record<KedaPhase, string> = {
  active: 'active',
  cooldown: 'cooling down',
  inactive: 'inactive',
  fallback: 'fallback',
  paused: 'paused',
};

export const PHASE_HELP: Record<KedaPhase, string> = {
  active: 'some trigger is above its activation threshold: the HPA scales',
  cooldown: 'every trigger inactive; KEDA waits cooldownPeriod before scaling to 0 (or idle)',
  inactive: 'every trigger inactive and the target at 0 (or idle): the HPA is disabled',
  fallback: 'a trigger failed more than failureThreshold reads: KEDA serves the fallback',
  paused: 'a pause annotation: KEDA does not scale',
};
