/** Assembles the SimulationInput from the processed HPA and the read Simulation document. */
import type { Curve } from '../../engine/simulation/curves/index.ts';
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { CostModel, PrometheusModel, SimulationInput } from '../../engine/simulation/input.ts';
import { scrapeCount, scrapePhase } from '../../engine/simulation/scrapes.ts';
import type { CostDocument, SimulationSpecDocument, WorkloadDocument } from './document.ts';
import type { Reporter } from '../diagnostics.ts';
import type { HpaOutcome } from '../hpa/process.ts';
import { isRecord } from '../plainData.ts';
import { MAX_SCRAPES } from '../limits.ts';
import { DEFAULT_METRICS_PIPELINE, DEFAULT_STARTUP } from './defaults.ts';
import { buildFederation } from './federation.ts';
import { buildLoads } from './loads.ts';
import { buildNodes } from './nodes.ts';
import { buildMemberNodes } from './federationNodes.ts';
import { metricRefs } from './metricRefs.ts';
import type { MetricsPipelineDocument, PrometheusDocument } from './document.ts';
import { buildOutages } from './outages.ts';
import { record, seconds } from './read.ts';
import { formatSeconds } from './units.ts';
import type { SimulationRead } from './readDocument.ts';
import { buildWorkload, checkWorkloadAgainstHpa } from './workload.ts';

/** A curve the schema step already validated (its problems were reported there). */
function curveOf(value: unknown): Curve | null {
  return isRecord(value) ? (value as unknown as Curve) : null;
}

/**
 * Nothing says how the pods turn Ready (no pasted Deployment with containers, no readinessDelay
 * or probe written): the 20 s stand-in runs, and the notice says it is one.
 */
function readinessStandInNotice(doc: WorkloadDocument | undefined, notices: string[]): void {
  const startup = doc?.startup;
  if (startup?.readinessDelay !== undefined || startup?.readinessProbe !== undefined) return;
  notices.push(
    `no readiness probe or readinessDelay: pods are Ready ${DEFAULT_STARTUP.readinessDelaySeconds}s after they run, a stand-in for a probe the scenario does not show. A container without a readiness probe is Ready as soon as it runs (spec.workload.startup.readinessDelay: 0s); paste the Deployment to take its probes.`,
  );
}

/**
 * Builds the input, reporting problems on the way. Without a valid HPA (wrong shape, or API
 * validation failed) the Simulation document is still checked as far as it can be without the
 * HPA's metrics; the result is then null.
 */
export function buildSimulationInput(
  hpa: HpaOutcome | null,
  sim: SimulationRead,
  reportHpaSource: Reporter,
  notices: string[],
  /**
   * The metrics the world feeds when they are not the HPA's (a KEDA ScaledObject with
   * scalingModifiers: the triggers' metrics, reported at the triggers); default: the HPA's.
   */
  fed?: { hpa: HorizontalPodAutoscaler; report: Reporter },
): SimulationInput | null {
  if (!hpa?.valid) {
    buildWorkload(sim.spec.workload, null, sim.report);
    buildOutages(sim.spec.outages, null, sim.controller.durationSeconds, sim.report);
    return null;
  }
  const map = (p: Parameters<Reporter['error']>[0]) => hpa.pathMap.toSource(p);
  const reportHpa: Reporter = {
    error: (p, m, at) => reportHpaSource.error(map(p), m, at),
    warning: (p, m, at) => reportHpaSource.warning(map(p), m, at),
    info: (p, m, at) => reportHpaSource.info(map(p), m, at),
  };
  const spec = sim.spec;
  const minReplicas = hpa.defaulted.spec.minReplicas ?? 1;
  const workload = buildWorkload(spec.workload, minReplicas, sim.report);
  readinessStandInNotice(spec.workload, notices);
  checkWorkloadAgainstHpa(
    workload,
    spec.workload?.replicas !== undefined,
    minReplicas,
    hpa.defaulted.spec.maxReplicas,
    sim.report,
  );
  const pipeline = record(spec.metricsPipeline);
  const traffic = curveOf(spec.traffic);
  const loads = buildLoads({
    hpa: fed?.hpa ?? hpa.defaulted,
    load: spec.load,
    hasTraffic: traffic !== null,
    hasSimulationDocument: sim.present,
    containers: workload.containers,
    report: sim.report,
    reportHpa: fed?.report ?? reportHpa,
    curve: curveOf,
    notices,
  });
  const keys = [...new Set(metricRefs(fed?.hpa ?? hpa.defaulted).map((r) => r.key))];
  const resolutionSeconds = seconds(
    pipeline.resolution,
    DEFAULT_METRICS_PIPELINE.resolutionSeconds,
  );
  const offsetSeconds = seconds(pipeline.offset, DEFAULT_METRICS_PIPELINE.offsetSeconds);
  checkScrapes(sim.controller.durationSeconds, resolutionSeconds, offsetSeconds, sim.report);
  checkPipeline(pipeline, resolutionSeconds, sim.report);
  const federation = buildFederation(
    spec,
    hpa.defaulted,
    sim.controller.durationSeconds,
    sim.report,
  );
  // Under federation spec.nodes is each member's pool (its minReplicas check is the total's).
  const nodes = buildNodes(
    spec,
    federation
      ? { ...hpa.defaulted, spec: { ...hpa.defaulted.spec, minReplicas: 1 } }
      : hpa.defaulted,
    workload,
    sim.report,
  );
  if (federation) buildMemberNodes(spec, federation, nodes, hpa.defaulted, workload, sim.report);
  return {
    hpa: hpa.defaulted,
    durationSeconds: sim.controller.durationSeconds,
    controller: sim.controller.config,
    workload,
    metricsPipeline: {
      resolutionSeconds,
      offsetSeconds,
      adapterIntervalSeconds: seconds(
        pipeline.adapterInterval,
        DEFAULT_METRICS_PIPELINE.adapterIntervalSeconds,
      ),
      ...prometheusModel(pipeline.prometheus, sim.report),
    },
    traffic,
    loads,
    outages: buildOutages(spec.outages, keys, sim.controller.durationSeconds, sim.report),
    ...(spec.cost ? { cost: costModel(spec.cost) } : {}),
    // Only multi-cluster scenarios carry the key, so single-cluster inputs keep their shape.
    ...(federation ? { federation } : {}),
    ...informerLag(spec, federation !== null, sim.report),
    // Likewise only one-cluster scenarios with a node pool (a federation's are its members').
    ...(nodes && !federation ? { nodes } : {}),
  };
}

/** `spec.controller.informerLag`, when set above 0 (a one-cluster what-if). */
function informerLag(
  spec: SimulationSpecDocument,
  federated: boolean,
  report: Reporter,
): { informerLagSeconds?: number } {
  const lag = seconds(spec.controller?.informerLag, 0);
  if (!(lag > 0)) return {};
  if (federated) {
    report.error(
      ['spec', 'controller', 'informerLag'],
      'an informer lag is simulated in one-cluster runs only (spec.federation)',
      'key',
    );
    return {};
  }
  return { informerLagSeconds: lag };
}

/** Prices as the schema let them through (non-negative numbers); a missing one is 0. */
function costModel(doc: CostDocument): CostModel {
  const price = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    currency: 'USD',
    podHour: price(doc.podHour),
    vcpuHour: price(doc.vcpuHour),
    gibHour: price(doc.gibHour),
  };
}

/** What metrics-server itself would refuse or ignore. */
/** metricsPipeline.prometheus, when given (absent: the adapter poll, and no key at all). */
function prometheusModel(
  value: unknown,
  report: Reporter,
): { prometheus: PrometheusModel } | Record<string, never> {
  if (!isRecord(value)) return {};
  const doc = value as PrometheusDocument;
  const scrapeIntervalSeconds = seconds(doc.scrapeInterval, 30);
  const rateWindowSeconds = seconds(doc.rateWindow, 120);
  // Prometheus' rate() needs two samples in the range: a shorter window reads nothing, ever.
  if (
    rateWindowSeconds > 0 &&
    scrapeIntervalSeconds > 0 &&
    rateWindowSeconds <= scrapeIntervalSeconds
  )
    report.error(
      ['spec', 'metricsPipeline', 'prometheus', 'rateWindow'],
      `rate() over ${formatSeconds(rateWindowSeconds)} holds at most one sample every ${formatSeconds(scrapeIntervalSeconds)}, so it never has a value: use at least twice the scrape interval (${formatSeconds(2 * scrapeIntervalSeconds)}), or 0s for a rule without rate`,
    );
  return {
    prometheus: {
      scrapeIntervalSeconds,
      rateWindowSeconds,
      ...(doc.offset !== undefined ? { offsetSeconds: seconds(doc.offset, 0) } : {}),
    },
  };
}

function checkPipeline(
  pipeline: MetricsPipelineDocument,
  resolutionSeconds: number,
  report: Reporter,
): void {
  const at = ['spec', 'metricsPipeline'];
  // metrics-server cmd/metrics-server/app/options/options.go: "metric-resolution should be a
  // time duration at least 10s".
  if (resolutionSeconds > 0 && resolutionSeconds < 10)
    report.warning(
      [...at, 'resolution'],
      `metrics-server refuses a resolution below 10s (got ${formatSeconds(resolutionSeconds)}); the simulation runs it anyway`,
    );
  if (pipeline.window !== undefined)
    report.warning(
      [...at, 'window'],
      'ignored: metrics-server has no window setting; the window it reports is the time between its last two samples (about one resolution)',
    );
}

/** Scrapes are counted as the engine counts them: two before 0, then one per resolution. */
function checkScrapes(
  durationSeconds: number,
  resolutionSeconds: number,
  offsetSeconds: number,
  report: Reporter,
): void {
  if (!(resolutionSeconds > 0)) return;
  const first = scrapePhase(offsetSeconds, resolutionSeconds) - 2 * resolutionSeconds;
  const scrapes = scrapeCount(durationSeconds, resolutionSeconds, first);
  if (scrapes <= MAX_SCRAPES) return;
  report.error(
    ['spec', 'metricsPipeline', 'resolution'],
    `${formatSeconds(durationSeconds)} at a ${formatSeconds(resolutionSeconds)} metrics resolution is ${scrapes.toLocaleString('en-US')} metric scrapes; the simulator's limit is ${MAX_SCRAPES.toLocaleString('en-US')} (lengthen the resolution or shorten spec.duration)`,
  );
}
