// A pod's start-up delays, each fixed or drawn per pod within the scenario's range (`{min, max,
// seed}`, the syntax of the nodes plane's provisioning delay): uniform from (seed, phase, pod),
// a pure function, so a replay or another worker draws the same delays. A fixed delay stays
// fixed: nothing here invents a spread the scenario does not give.

import { mix32, noiseUnit } from './curves/noiseHash.ts';
import type { PodStartupModel, StartupPhase, StartupRanges } from './input.ts';

// Declared beside PodStartupModel (input.ts), which holds the ranges: no import cycle.
export type { StartupPhase, StartupRanges };

const SALT: Record<StartupPhase, number> = { scheduling: 1, starting: 2, readinessDelay: 3 };

const FIXED: Record<StartupPhase, keyof PodStartupModel> = {
  scheduling: 'schedulingSeconds',
  starting: 'startingSeconds',
  readinessDelay: 'readinessDelaySeconds',
};

/** Pod number `pod`'s delay of `phase`, in seconds (whole milliseconds when drawn). */
export function startupDelay(s: PodStartupModel, phase: StartupPhase, pod: number): number {
  const r = s.ranges?.[phase];
  if (r === undefined || r.maxSeconds <= r.minSeconds) return s[FIXED[phase]] as number;
  const u = (noiseUnit(mix32((r.seed ^ SALT[phase]) >>> 0), pod) + 1) / 2; // [0, 1)
  return Math.round((r.minSeconds + u * (r.maxSeconds - r.minSeconds)) * 1000) / 1000;
}

/** Each range's seed drawn again from (seed, draw): a timing draw's start-ups (none: undefined). */
export function drawnStartupSeeds(
  s: PodStartupModel,
  seed: number,
  draw: number,
): Partial<Record<StartupPhase, number>> | undefined {
  if (!s.ranges) return undefined;
  const out: Partial<Record<StartupPhase, number>> = {};
  for (const phase of Object.keys(s.ranges) as StartupPhase[])
    out[phase] =
      draw === 0
        ? s.ranges[phase]!.seed
        : mix32(mix32(mix32(seed >>> 0) ^ draw) ^ s.ranges[phase]!.seed);
  return out;
}

/** The same ranges with the given seeds. */
export function withStartupSeeds(
  s: PodStartupModel,
  seeds: Partial<Record<StartupPhase, number>>,
): PodStartupModel {
  if (!s.ranges) return s;
  const ranges: StartupRanges = {};
  for (const phase of Object.keys(s.ranges) as StartupPhase[])
    ranges[phase] = { ...s.ranges[phase]!, seed: seeds[phase] ?? s.ranges[phase]!.seed };
  return { ...s, ranges };
}
