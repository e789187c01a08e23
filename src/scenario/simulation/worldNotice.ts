/**
 * The notice on a Simulation document that leaves the metrics pipeline to its defaults. The
 * real-cluster world changed what those defaults do without a new apiVersion (nothing was renamed
 * and every new field is optional), so a file written before it opens unchanged but runs in a
 * different world; this says so, and which knob brings back the sync-aligned phase.
 */
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';
import { DEFAULT_REPLICA_SET } from '../../engine/simulation/input.ts';
import { DEFAULT_METRICS_PIPELINE } from './defaults.ts';

const p = DEFAULT_METRICS_PIPELINE;
const rs = DEFAULT_REPLICA_SET;

export const STOCK_WORLD_NOTICE =
  `no spec.metricsPipeline, so metrics reach the HPA as in a stock cluster (the default since ` +
  `hpa-sim's real-cluster world; files written before it ran an idealised world that read the ` +
  `usage at the very instant of each sync): metrics-server scrapes every ${p.resolutionSeconds}s, ` +
  `${p.offsetSeconds}s off the sync grid, and reports CPU as the rate between its last two ` +
  `scrapes; a new pod has no metrics until its second scrape; the ReplicaSet creates at most ` +
  `${rs.apiQps} pods a second (burst ${rs.apiBurst}). A load change is acted on a sync or two ` +
  `after it happens, not in the sync it happens. metricsPipeline: { offset: 0s } puts the scrapes ` +
  `back on the sync grid (each sync reads the rate over the ${p.resolutionSeconds}s before it); ` +
  `the instant reading itself is gone.`;

/** Adds the notice when the document sets no `spec.metricsPipeline`. */
export function stockWorldNotice(
  spec: Record<string, unknown>,
  report: Reporter,
  notices: string[],
): void {
  if (isRecord(spec.metricsPipeline)) return;
  notices.push(STOCK_WORLD_NOTICE);
  report.info(['kind'], STOCK_WORLD_NOTICE);
}
