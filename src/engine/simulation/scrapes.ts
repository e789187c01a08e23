// When metrics-server scrapes: every resolution, on its own phase (offset) rather than on the
// controller's sync grid, starting two scrapes before t = 0 so the initial pods are listed at the
// first sync. Every adapterInterval (in whole scrapes) a scrape is also an adapter poll.

import {
  DEFAULT_ADAPTER_INTERVAL_SECONDS,
  DEFAULT_SCRAPE_OFFSET_SECONDS,
  type SimulationInput,
} from './input.ts';

export interface ScrapeSchedule {
  resolution: number;
  /** time of scrape 0 (negative) */
  first: number;
  /** scrapes up to the end of the run */
  count: number;
  /** every this many scrapes is an adapter poll */
  pollEvery: number;
  timeOf(k: number): number;
  lastAtOrBefore(t: number): number;
}

export function scrapeSchedule(input: SimulationInput): ScrapeSchedule {
  const mp = input.metricsPipeline;
  const resolution = mp.resolutionSeconds;
  const offset = mp.offsetSeconds ?? DEFAULT_SCRAPE_OFFSET_SECONDS;
  const phase = scrapePhase(offset, resolution);
  const first = phase - 2 * resolution;
  const count = scrapeCount(input.durationSeconds, resolution, first);
  const interval = mp.adapterIntervalSeconds ?? DEFAULT_ADAPTER_INTERVAL_SECONDS;
  const pollEvery = Math.max(1, Math.round(interval / resolution));
  return {
    resolution,
    first,
    count,
    pollEvery,
    timeOf: (k) => first + k * resolution,
    lastAtOrBefore: (t) => first + Math.floor((t - first) / resolution + 1e-9) * resolution,
  };
}

/** The offset within one resolution (an offset of a whole resolution or more wraps). */
export function scrapePhase(offset: number, resolution: number): number {
  return ((offset % resolution) + resolution) % resolution;
}

/** Scrapes at first + k × resolution up to the duration (two of them before t = 0). */
export function scrapeCount(durationSeconds: number, resolution: number, first: number): number {
  return Math.floor((durationSeconds - first) / resolution + 1e-9) + 1;
}
