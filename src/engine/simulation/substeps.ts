// What the work budget prices a scrape interval's curve reads at: one per second, at most 60, and
// the scrape instant. The pods' work was once averaged at those midpoints; it is now integrated
// exactly from the KPIs' pieces (intervalWork.ts), which cost about as much per interval, so the
// meter and the estimate (scenario/budget.ts) keep this price.

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
