// Timing draws: what a real cluster leaves to chance, drawn from a seed. A run fixes the phase
// between the controller's syncs and metrics-server's scrapes (7 s by default) and the phase of
// the sync grid against the traffic (syncs at 0, 15, 30 … s of the curve); a restart of either
// component moves them to any value. Draw 0 is the scenario as written; each further draw i takes
// both phases uniformly from (seed, i), and from (seed, i) again what a cluster draws per node or
// per pod: with nodes (`spec.nodes`) each node's sample instant within every scrape
// (metrics-server's stagger, scrapeStagger.ts), the nodes' provisioning delays and the expander's
// random choice; each pod's start-up delays where the scenario gives a range (startupDelays.ts).
// The same seed gives the same draws everywhere.
// What is not drawn, and why, is in ../README.md "Timing draws".

import type { Curve } from './curves/index.ts';
import { mix32 } from './curves/noiseHash.ts';
import { DEFAULT_SCRAPE_OFFSET_SECONDS, type MetricLoad, type SimulationInput } from './input.ts';
import type { NodesInput } from './nodesInput.ts';
import type { ScrapeStagger } from './scrapeStagger.ts';
import { drawnStartupSeeds, withStartupSeeds, type StartupPhase } from './startupDelays.ts';

/** Most draws of one run set (each draw is a whole run). */
export const MAX_DRAWS = 256;

export interface TimingDraw {
  /** 0 is the scenario as written */
  index: number;
  /** metrics-server's scrape phase against the sync grid (metricsPipeline.offsetSeconds) */
  scrapeOffsetSeconds: number;
  /** the world (traffic, loads, outages) moved this much later against the sync grid */
  syncPhaseSeconds: number;
  /**
   * What this draw's per-node and per-pod quantities are drawn from (draws ≥ 1): metrics-server's
   * per-node stagger (with the scrape and the node), the nodes plane's seed and each start-up
   * range's seed (each mixed with its own). Absent: the scenario's own seeds, no stagger.
   */
  drawSeed?: ScrapeStagger;
  /**
   * The nodes plane's seed this draw runs with (with `spec.nodes`): its provisioning delays and
   * the expander's random pick. Draw 0: the scenario's own.
   */
  nodeSeed?: number;
  /** Each start-up range's seed this draw runs with (where the scenario gives a range). */
  startupSeeds?: Partial<Record<StartupPhase, number>>;
}

/** A seed of the scenario's (`own`) drawn again in a draw. */
function drawnSeed(ds: ScrapeStagger, own: number): number {
  return mix32(mix32(mix32(ds.seed >>> 0) ^ ds.draw) ^ own);
}

/** What a draw draws per node and per pod: the seeds it runs with (none the scenario lacks). */
function drawnSeeds(
  input: SimulationInput,
  seed: number,
  draw: number,
): Pick<TimingDraw, 'nodeSeed' | 'startupSeeds'> {
  const out: Pick<TimingDraw, 'nodeSeed' | 'startupSeeds'> = {};
  const own = input.nodes?.provisioner.provisioningDelay.seed;
  if (own !== undefined) out.nodeSeed = draw === 0 ? own : drawnSeed({ seed, draw }, own);
  const startup = drawnStartupSeeds(input.workload.startup, seed, draw);
  if (startup) out.startupSeeds = startup;
  return out;
}

/** A uniform number in [0, 1) from (seed, draw, what). */
function unit(seed: number, draw: number, what: number): number {
  return mix32(mix32(mix32(seed >>> 0) ^ draw) ^ what) / 4294967296;
}

/** Milliseconds: a phase reads well and round-trips through JSON and YAML unchanged. */
const ms = (x: number) => Math.round(x * 1000) / 1000;

/** `count` draws of `input`'s timing from `seed` (count from 1 to MAX_DRAWS). */
export function timingDraws(input: SimulationInput, count: number, seed: number): TimingDraw[] {
  if (!(Number.isInteger(count) && count >= 1 && count <= MAX_DRAWS))
    throw new RangeError(`draws must be a whole number from 1 to ${MAX_DRAWS}, got ${count}`);
  const resolution = input.metricsPipeline.resolutionSeconds;
  const period = input.controller.syncPeriodSeconds;
  const draws: TimingDraw[] = [
    {
      index: 0,
      scrapeOffsetSeconds: input.metricsPipeline.offsetSeconds ?? DEFAULT_SCRAPE_OFFSET_SECONDS,
      syncPhaseSeconds: 0,
      ...drawnSeeds(input, seed, 0),
    },
  ];
  for (let i = 1; i < count; i++)
    draws.push({
      index: i,
      scrapeOffsetSeconds: Math.min(ms(unit(seed, i, 1) * resolution), resolution - 0.001),
      syncPhaseSeconds: Math.min(ms(unit(seed, i, 2) * period), period - 0.001),
      drawSeed: { seed: seed >>> 0, draw: i },
      ...drawnSeeds(input, seed, i),
    });
  return draws;
}

/** The input of one draw: the scrape phase set, the world moved later by the sync phase. */
export function drawInput(input: SimulationInput, draw: TimingDraw): SimulationInput {
  const phase = draw.syncPhaseSeconds;
  const out: SimulationInput = {
    ...input,
    metricsPipeline: {
      ...input.metricsPipeline,
      offsetSeconds: draw.scrapeOffsetSeconds,
      ...(draw.drawSeed ? { stagger: draw.drawSeed } : {}),
    },
  };
  if (draw.startupSeeds)
    out.workload = {
      ...input.workload,
      startup: withStartupSeeds(input.workload.startup, draw.startupSeeds),
    };
  if (draw.nodeSeed !== undefined && input.nodes)
    out.nodes = withNodeSeed(input.nodes, draw.nodeSeed);
  // A multi-cluster draw is the group of member runs under it: each member's own pool drawn
  // again (from its own seed, then its name, ../multicluster/memberNodes.ts), its failure moved
  // with the world, as the CronFederatedHPA's firings are.
  if (input.federation && (draw.drawSeed || phase !== 0)) {
    const ds = draw.drawSeed;
    const at = (t: number | null) => (t === null ? null : t + phase);
    const f = input.federation;
    out.federation = {
      ...f,
      clusters: f.clusters.map((c) => ({
        ...c,
        failAtSeconds: at(c.failAtSeconds),
        recoverAtSeconds: at(c.recoverAtSeconds),
        ...(c.nodes && ds
          ? {
              nodes: withNodeSeed(
                c.nodes,
                drawnSeed(ds, c.nodes.provisioner.provisioningDelay.seed),
              ),
            }
          : {}),
      })),
      ...(f.cron ? { cron: f.cron.map((a) => ({ ...a, atSeconds: a.atSeconds + phase })) } : {}),
    };
  }
  if (phase === 0) return out;
  out.traffic = shifted(input.traffic, phase);
  out.loads = input.loads.map((l) => shiftLoad(l, phase));
  out.outages = input.outages.map((o) => ({
    ...o,
    fromSeconds: o.fromSeconds + phase,
    toSeconds: o.toSeconds + phase,
  }));
  return out;
}

/** The nodes plane with its seed (provisioning delays, the expander's random pick) set. */
function withNodeSeed(nodes: NodesInput, seed: number): NodesInput {
  const d = nodes.provisioner.provisioningDelay;
  return {
    ...nodes,
    provisioner: { ...nodes.provisioner, provisioningDelay: { ...d, seed } },
  } as NodesInput;
}

function shifted(c: Curve | null, by: number): Curve | null {
  return c === null ? null : { type: 'shift', bySeconds: by, of: c };
}

function shiftLoad(l: MetricLoad, by: number): MetricLoad {
  switch (l.kind) {
    case 'resource':
    case 'pods':
      return { ...l, demand: shifted(l.demand, by) };
    case 'object':
      return { ...l, value: shifted(l.value, by) };
    case 'external':
      return {
        ...l,
        value: shifted(l.value, by),
        queue: l.queue && { ...l.queue, arrivals: shifted(l.queue.arrivals, by) },
      };
  }
}
