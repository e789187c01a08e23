// cluster-autoscaler's expanders: which node group grows when pods could go to several.
// The scale-up builds one option per node group that can take some of the pending pods (how
// many nodes, which pods), the chosen filter keeps the best ones, and a seeded random choice
// breaks a tie — as the factory chains every --expander with random as the last strategy.
// upstream: kubernetes/autoscaler cluster-autoscaler 1.32 expander/ (random/random.go,
// mostpods/mostpods.go, waste/waste.go, priority/priority.go, factory/expander_factory.go).

import { noiseUnit } from '../simulation/curves/noiseHash.ts';
import type { ExpanderName, NodeGroupInput } from '../simulation/nodesInput.ts';

/** expander.Option: grow `group` by `nodeCount` nodes, which would hold `pods` pending pods. */
export interface ExpansionOption {
  group: number;
  nodeCount: number;
  pods: number;
}

/** What the expanders read of the world: the groups and a pod's requests (all pods alike). */
export interface ExpanderContext {
  groups: readonly NodeGroupInput[];
  pod: { cpu: number; memory: number };
  /** uint32 seed of the random choice */
  seed: number;
}

/** Salt so the expander's draws are not the provisioning delays' draws. */
const RANDOM_SALT = 0x2545f491;

// upstream: expander/factory/expander_factory.go ExpanderStrategyFromStrings — the named
// filter, then random.NewStrategy as the chain's last step (chain.go).
export function bestOption(
  name: ExpanderName,
  options: readonly ExpansionOption[],
  ctx: ExpanderContext,
  t: number,
): ExpansionOption | null {
  if (options.length === 0) return null;
  let best: readonly ExpansionOption[] = options;
  if (name === 'most-pods') best = mostPodsBestOptions(options);
  else if (name === 'least-waste') best = leastWasteBestOptions(options, ctx);
  else if (name === 'priority') best = priorityBestOptions(options, ctx);
  return randomBestOption(best, ctx.seed, t);
}

// upstream: expander/random/random.go BestOption — rand.Intn over the options; here a draw
// from (seed, instant), so a replay picks the same group.
export function randomBestOption(
  options: readonly ExpansionOption[],
  seed: number,
  t: number,
): ExpansionOption | null {
  if (options.length === 0) return null;
  if (options.length === 1) return options[0]!;
  const u = (noiseUnit((seed ^ RANDOM_SALT) >>> 0, Math.round(t * 1000)) + 1) / 2;
  return options[Math.min(options.length - 1, Math.floor(u * options.length))]!;
}

// upstream: expander/mostpods/mostpods.go BestOptions — the options that place the most pods.
export function mostPodsBestOptions(options: readonly ExpansionOption[]): ExpansionOption[] {
  let most = 0;
  let kept: ExpansionOption[] = [];
  for (const o of options) {
    if (o.pods === most) kept.push(o);
    if (o.pods > most) {
      most = o.pods;
      kept = [o];
    }
  }
  return kept;
}

// upstream: expander/waste/waste.go BestOptions — wasted share of cpu plus wasted share of
// memory of the new nodes (the template node's capacity × nodeCount less the pods' requests);
// the lowest sum wins, ties kept. The simulator's node shape is allocatable, taken as capacity.
export function leastWasteBestOptions(
  options: readonly ExpansionOption[],
  ctx: ExpanderContext,
): ExpansionOption[] {
  let least = 0;
  let kept: ExpansionOption[] | null = null;
  for (const o of options) {
    const score = wastedScore(o, ctx);
    if (kept !== null && score === least) kept.push(o);
    if (kept === null || score < least) {
      least = score;
      kept = [o];
    }
  }
  return kept ?? [];
}

/** waste.go's wastedScore: wastedCPU + wastedMemory, each (available − requested) / available. */
export function wastedScore(o: ExpansionOption, ctx: ExpanderContext): number {
  const shape = ctx.groups[o.group]!.shape;
  const availCpu = shape.cpuMilli * o.nodeCount;
  const availMemory = shape.memoryMilli * o.nodeCount;
  const wastedCpu = (availCpu - o.pods * ctx.pod.cpu) / availCpu;
  const wastedMemory = (availMemory - o.pods * ctx.pod.memory) / availMemory;
  return wastedCpu + wastedMemory;
}

// upstream: expander/priority/priority.go BestOptions — the groups listed at the highest
// priority win; a group not listed is not used; when no option's group is listed, every option
// stays (the fallback's random choice). The ConfigMap's regexps are here a number per group.
export function priorityBestOptions(
  options: readonly ExpansionOption[],
  ctx: ExpanderContext,
): readonly ExpansionOption[] {
  let maxPrio = -Infinity;
  let best: ExpansionOption[] = [];
  for (const o of options) {
    const prio = ctx.groups[o.group]!.priority;
    if (prio === null || prio < maxPrio) continue;
    if (prio > maxPrio) {
      maxPrio = prio;
      best = [];
    }
    best.push(o);
  }
  return best.length === 0 ? options : best;
}
