/**
 * One load model per distinct HPA metric (`resource/cpu`, `pods/<name>`, …) from `spec.load`.
 * A Resource cpu metric without an entry gets DEFAULT_CPU_LOAD; any other metric without an entry
 * is an error located at the HPA metric. Entries no metric uses are warnings.
 */
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { Curve } from '../../engine/simulation/curves/index.ts';
import type { ContainerModel, MetricLoad } from '../../engine/simulation/input.ts';
import type { Reporter } from '../diagnostics.ts';
import { didYouMean } from '../suggest.ts';
import type { Path } from '../types.ts';
import { DEFAULT_CPU_LOAD } from './defaults.ts';
import type { ContainerDocument, LoadDocument } from './document.ts';
import { milli, record } from './read.ts';
import { metricRefs, type LoadKind, type MetricRef } from './metricRefs.ts';
import { flowMap, suggestedLoadEntry, suggestedTraffic, UNITS_PER_POD } from './suggestLoad.ts';

const SECTION: Record<LoadKind, keyof LoadDocument> = {
  resource: 'resources',
  pods: 'pods',
  object: 'object',
  external: 'external',
};
/** Other ways to describe a metric, named in the "no load model" fix. */
const ALTERNATIVES: Record<LoadKind, string> = {
  resource: 'a demand curve of its own: { perUnit, demand: <curve> }',
  pods: 'a demand curve of its own: { perUnit, demand: <curve> }',
  object: 'the value itself: { value: <curve> }',
  external: 'the value itself: { value: <curve> }, or a queue: { queue: { perPodThroughput: 10 } }',
};

/** The workload's containers in the Simulation's own form (requests as milli quantities). */
function containerDocuments(containers: ContainerModel[]): ContainerDocument[] {
  return containers.map((c) => ({
    name: c.name,
    resources: {
      requests: Object.fromEntries(Object.entries(c.requests).map(([r, m]) => [r, `${m}m`])),
    },
  }));
}

export interface LoadContext {
  hpa: HorizontalPodAutoscaler;
  load: LoadDocument | undefined;
  hasTraffic: boolean;
  hasSimulationDocument: boolean;
  containers: ContainerModel[];
  report: Reporter;
  /** Reports at an autoscaling/v2 path of the HPA (mapped to the manifest as written). */
  reportHpa: Reporter;
  curve: (value: unknown) => Curve | null;
  notices: string[];
}

export function buildLoads(ctx: LoadContext): MetricLoad[] {
  const refs = metricRefs(ctx.hpa);
  const loads: MetricLoad[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    checkRequests(ctx, ref);
    if (seen.has(ref.key)) continue;
    seen.add(ref.key);
    const load = buildOne(ctx, ref);
    if (load) loads.push(load);
  }
  warnUnused(ctx, refs);
  return loads;
}

function entryOf(ctx: LoadContext, ref: MetricRef): Record<string, unknown> | undefined {
  const section = record(ctx.load?.[SECTION[ref.kind]]);
  return Object.hasOwn(section, ref.name) ? record(section[ref.name]) : undefined;
}

function buildOne(ctx: LoadContext, ref: MetricRef): MetricLoad | null {
  const path: Path = ['spec', 'load', SECTION[ref.kind], ref.name];
  let entry = entryOf(ctx, ref);
  const defaulted = !entry && ref.kind === 'resource' && ref.name === 'cpu';
  if (!entry && defaulted) {
    entry = { ...DEFAULT_CPU_LOAD };
    const idle = ctx.hasTraffic
      ? ''
      : '; there is no spec.traffic either, so the pods stay idle and the HPA scales down to minReplicas';
    const notice = `no load model for cpu: using spec.load.resources.cpu = { perPod: ${DEFAULT_CPU_LOAD.perPod}, perUnit: ${DEFAULT_CPU_LOAD.perUnit} } (each unit of traffic costs 1 millicore)${idle}`;
    ctx.notices.push(notice);
    ctx.reportHpa.info(['spec', 'metrics', ref.index], notice);
  }
  if (!entry) {
    const minPods = Math.max(1, ctx.hpa.spec.minReplicas ?? 1);
    const suggested = suggestedLoadEntry(ref, containerDocuments(ctx.containers), minPods);
    const traffic = ctx.hasTraffic
      ? ''
      : `, and spec.traffic: ${suggestedTraffic(ctx.hpa)} to make it rise and fall`;
    ctx.reportHpa.error(
      ['spec', 'metrics', ref.index],
      `no load model for the ${ref.metric.type} metric '${ref.name}': add spec.load.${SECTION[ref.kind]}.${ref.name}: ${flowMap(suggested.entry)} to the Simulation document (it meets the target at ${UNITS_PER_POD} units of traffic per pod; or give ${ALTERNATIVES[ref.kind]})${traffic}`,
    );
    return null;
  }
  const perUnitMilli = milli(entry.perUnit, [...path, 'perUnit'], ctx.report, true);
  if (!defaulted && entry.perUnit !== undefined && !ctx.hasTraffic && entry.demand === undefined) {
    ctx.report.warning([...path, 'perUnit'], 'has no effect: spec.traffic is not set');
  }
  switch (ref.kind) {
    case 'resource':
    case 'pods': {
      const perPodMilli = milli(entry.perPod, [...path, 'perPod'], ctx.report, false);
      const demand = ctx.curve(entry.demand);
      return ref.kind === 'resource'
        ? { kind: 'resource', resource: ref.name, perPodMilli, perUnitMilli, demand }
        : { kind: 'pods', metric: ref.name, perPodMilli, perUnitMilli, demand };
    }
    case 'object': {
      exactlyOne(ctx, entry, ['value', 'perUnit'], path);
      return { kind: 'object', metric: ref.name, value: ctx.curve(entry.value), perUnitMilli };
    }
    case 'external': {
      exactlyOne(ctx, entry, ['value', 'perUnit', 'queue'], path);
      const q = entry.queue === undefined ? null : record(entry.queue);
      if (q && q.arrivals === undefined && !ctx.hasTraffic) {
        ctx.report.warning(
          [...path, 'queue'],
          'nothing arrives: set queue.arrivals or spec.traffic',
        );
      }
      const queue = q
        ? {
            arrivals: ctx.curve(q.arrivals),
            perPodThroughput: typeof q.perPodThroughput === 'number' ? q.perPodThroughput : 1,
            initialBacklog: typeof q.initialBacklog === 'number' ? q.initialBacklog : 0,
          }
        : null;
      return {
        kind: 'external',
        metric: ref.name,
        value: ctx.curve(entry.value),
        perUnitMilli,
        queue,
      };
    }
  }
}

function exactlyOne(
  ctx: LoadContext,
  entry: Record<string, unknown>,
  fields: string[],
  path: Path,
): void {
  const given = fields.filter((f) => entry[f] !== undefined);
  if (given.length === 1) return;
  const list = fields.map((f) => `'${f}'`).join(', ');
  const message =
    given.length === 0
      ? `give one of ${list}`
      : `give only one of ${list} (got ${given.join(' and ')})`;
  ctx.report.error(
    given.length === 0 ? path : [...path, given[1]!],
    message,
    given.length === 0 ? 'key' : 'key',
  );
}

function warnUnused(ctx: LoadContext, refs: MetricRef[]): void {
  for (const kind of Object.keys(SECTION) as LoadKind[]) {
    const section = record(ctx.load?.[SECTION[kind]]);
    const used = refs.filter((r) => r.kind === kind).map((r) => r.name);
    for (const name of Object.keys(section)) {
      if (used.includes(name)) continue;
      const hint = didYouMean(name, used);
      ctx.report.warning(
        ['spec', 'load', SECTION[kind], name],
        `no ${kind === 'resource' ? 'Resource or ContainerResource' : kind === 'pods' ? 'Pods' : kind === 'object' ? 'Object' : 'External'} metric named '${name}' in the HPA: this entry is unused.${hint}`,
        'key',
      );
    }
  }
}

/** The controller fails a Utilization metric when a container lacks the request (upstream: "missing request for cpu"). */
function checkRequests(ctx: LoadContext, ref: MetricRef): void {
  const m = ref.metric;
  if (m.type === 'ContainerResource' && typeof m.containerResource?.container === 'string') {
    const c = ctx.containers.find((x) => x.name === m.containerResource!.container);
    const at = ['spec', 'metrics', ref.index, 'containerResource', 'container'];
    if (!c) {
      ctx.reportHpa.warning(
        at,
        `no container named '${m.containerResource.container}' in spec.workload.containers (${ctx.containers.map((x) => x.name).join(', ')}): the metric fails at every sync.${didYouMean(
          m.containerResource.container,
          ctx.containers.map((x) => x.name),
        )}`,
      );
    } else if (
      m.containerResource.target?.type === 'Utilization' &&
      !Object.hasOwn(c.requests, ref.name)
    ) {
      ctx.reportHpa.warning(
        at,
        `container '${c.name}' has no ${ref.name} request: the controller cannot compute utilization and the metric fails at every sync`,
      );
    }
    return;
  }
  if (m.type !== 'Resource' || m.resource?.target?.type !== 'Utilization') return;
  const missing = ctx.containers
    .filter((c) => !Object.hasOwn(c.requests, ref.name))
    .map((c) => c.name);
  if (missing.length > 0) {
    ctx.reportHpa.warning(
      ['spec', 'metrics', ref.index, 'resource', 'target', 'averageUtilization'],
      `container(s) ${missing.join(', ')} have no ${ref.name} request: the controller reports "missing request for ${ref.name}" and the metric fails at every sync`,
    );
  }
}
