// metrics-server's per-node stagger within one scrape. Each scrape lists every node and fetches
// each from its own goroutine after sleeping rand.Intn(delayMs) ms, delayMs = min(8 ms × nodes,
// 4 s) ("Prevents network congestion"); the batch is stored once every node has answered, each
// point stamped with its kubelet's sample time. Here the scrape instant s is that store, taken
// at the bound (the slowest node's delay is close to it when there are many nodes, and the bound
// is a few ms when there are few): a node fetched after d ms is sampled at s − bound + d, so no
// point is from after the store and the controller never reads a sample from its future.
// upstream: kubernetes-sigs/metrics-server 0954e13 pkg/scraper/scraper.go Scrape
//
// Drawn only by a timing draw ≥ 1 of a scenario with nodes (`spec.nodes`): without a node plane
// the pods' nodes are unknown, and one delay shared by every pod is only a later scrape phase,
// which the draws already take uniformly over the resolution (../README.md "Timing draws").

import { mix32 } from './curves/noiseHash.ts';

// upstream: scraper.go maxDelayMs, delayPerSourceMs
const MAX_DELAY_MS = 4 * 1000;
const DELAY_PER_SOURCE_MS = 8;

/** What a draw fixes of the stagger: every delay is a pure function of these, the scrape and the node. */
export interface ScrapeStagger {
  seed: number;
  draw: number;
}

/**
 * The bound of one scrape's delays in ms: min(8 ms × nodes, 4 s), and at most half the
 * resolution so two scrapes of a node never swap (only below 8 s, which metrics-server refuses).
 */
export function staggerBoundMs(nodes: number, resolutionSeconds: number): number {
  return Math.min(
    DELAY_PER_SOURCE_MS * nodes,
    MAX_DELAY_MS,
    Math.floor((resolutionSeconds * 1000) / 2),
  );
}

/** rand.Intn(boundMs): whole ms in [0, boundMs), from (seed, draw, scrape, node). */
export function nodeDelayMs(
  st: ScrapeStagger,
  scrape: number,
  node: number,
  boundMs: number,
): number {
  if (boundMs <= 0) return 0;
  const h = mix32(mix32(mix32(mix32(st.seed >>> 0) ^ st.draw) ^ scrape) ^ node);
  return Math.floor((h / 4294967296) * boundMs);
}

/** When scrape `scrape` (stored at s) sampled `node`'s kubelet, with `nodes` nodes listed. */
export function nodeSampleInstant(
  st: ScrapeStagger,
  s: number,
  scrape: number,
  node: number,
  boundMs: number,
): number {
  return s - (boundMs - nodeDelayMs(st, scrape, node, boundMs)) / 1000;
}
