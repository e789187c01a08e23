// How finely a scrape interval's work is averaged: one midpoint per second, at most 60. Shared by
// the cluster (which samples the curves there) and the work budget (which prices the samples).

/** Most points the per-pod work is averaged over between two scrapes (one per second). */
export const MAX_SUBSTEPS = 60;

/** Midpoints averaged over an interval of dt seconds (0 for none). */
export function substeps(dt: number): number {
  return dt > 0 ? Math.min(MAX_SUBSTEPS, Math.ceil(dt)) : 0;
}

/** Curve samples one scrape takes at this resolution: the midpoints and the scrape instant. */
export function samplesPerScrape(resolutionSeconds: number): number {
  return substeps(resolutionSeconds) + 1;
}
