/**
 * The notice on a Simulation document that leaves the metrics pipeline to its defaults. The
 * real-cluster world changed what those defaults do without a new apiVersion (nothing was renamed
 * and every new field is optional), so a file written before it opens unchanged but runs in a
 * different world; this says so, and which knob brings back the sync-aligned phase.
 */
import { isRecord } from '../plainData.ts';
import { DEFAULT_METRICS_PIPELINE } from './defaults.ts';

const p = DEFAULT_METRICS_PIPELINE;

// Short: it shows under the editor on every such document, presets included.
export const STOCK_WORLD_NOTICE =
  `no spec.metricsPipeline: a stock metrics-server (${p.resolutionSeconds}s scrapes, ` +
  `${p.offsetSeconds}s off the sync; CPU a rate over two scrapes; new pods missing for a ` +
  `scrape or two), so load changes are acted on a sync or two late. Files older than hpa-sim's ` +
  `real-cluster world read the instant usage, which no setting restores; ` +
  `metricsPipeline: { offset: 0s } aligns scrapes with syncs.`;

/** Adds the notice when the document sets no `spec.metricsPipeline`. */
export function stockWorldNotice(spec: Record<string, unknown>, notices: string[]): void {
  if (isRecord(spec.metricsPipeline)) return;
  // A notice, not a marker: a valid scenario shows no squiggle in the editor.
  notices.push(STOCK_WORLD_NOTICE);
}
