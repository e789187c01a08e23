// A node plane under each member cluster of a multi-cluster run (issue 24: "a node plane under
// every cluster"): the member's own nodes and provisioner (../nodes/), stacked beside the
// federation's control plane in the one loop, so its clocks, snapshot and restore are the
// loop's like any plane's. What Karmada's scheduler reads of those nodes (availableReplicas)
// and the member's starting nodes are here too.

import { NodePlane } from '../nodes/nodePlane.ts';
import { mix32 } from '../simulation/curves/noiseHash.ts';
import { podRequests, podsPerNode, type NodePool } from '../nodes/pool.ts';
import type { Cluster } from '../simulation/cluster.ts';
import type { NodesInput } from '../simulation/nodesInput.ts';

/**
 * The member's node plane, or null when it has none. A pool whose `initial` was not written
 * starts with the nodes the member's starting pods need (the run divided them already), within
 * its min and max — as `spec.nodes` does for a single cluster's starting replicas.
 */
export function memberNodePlane(
  nodes: NodesInput | undefined,
  cluster: Cluster,
  member: string,
): NodePlane | null {
  if (!nodes) return null;
  return new NodePlane(startingNodes(memberSeeded(nodes, member), cluster), cluster);
}

/**
 * The member's nodes draw from their own seed, (the scenario's seed, the member's name): two
 * clusters' n-th nodes no longer take exactly as long, nor their expanders pick alike. By name,
 * not position, so reordering the members keeps each one's draws.
 */
export function memberSeeded(nodes: NodesInput, member: string): NodesInput {
  const d = nodes.provisioner.provisioningDelay;
  const seed = mix32(mix32(d.seed >>> 0) ^ nameHash(member));
  return {
    ...nodes,
    provisioner: { ...nodes.provisioner, provisioningDelay: { ...d, seed } },
  } as NodesInput;
}

/** FNV-1a of the name's UTF-16 units (a stable uint32, the same in every engine). */
function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function startingNodes(nodes: NodesInput, cluster: Cluster): NodesInput {
  if (!nodes.initialFromPods || nodes.groups) return nodes;
  const slots = podsPerNode(nodes.shape, podRequests(cluster.workload.model));
  const needs = slots > 0 ? Math.ceil(cluster.specReplicas / slots) : 0;
  return { ...nodes, initial: Math.min(nodes.max, Math.max(nodes.min, needs)) };
}

/**
 * availableReplicas of a member with nodes, as Karmada's general estimator reads its Cluster's
 * ResourceSummary: per resource, allocatable − allocated − allocating, divided by the pod's
 * request; the least of cpu, memory and pods. Allocatable sums the registered nodes (a node
 * still provisioning is no Node object yet; a cordoned one still counts); allocated is the
 * bound pods' requests and the daemonsets; allocating, the Pending pods' requests.
 * upstream: karmada-io/karmada pkg/estimator/client/general.go (GeneralEstimator,
 * maxAvailableReplicas → getAllowedPodNumber, getMaximumReplicasBasedOnClusterSummary).
 */
export function availableOnNodes(pool: NodePool, waiting: number, t: number): number {
  let cpu = 0;
  let memory = 0;
  let pods = 0;
  let bound = 0;
  for (const n of pool.live) {
    bound += n.pods;
    if (n.readyAt > t) continue;
    const s = pool.groups[n.group]!.shape;
    cpu += s.cpuMilli - s.overheadCpuMilli;
    memory += s.memoryMilli - s.overheadMemoryMilli;
    pods += s.pods - s.overheadPods;
  }
  const pod = pool.pod;
  const taken = bound + waiting;
  const fit = (free: number, per: number) => (per > 0 ? Math.floor(free / per) : Infinity);
  const most = Math.min(
    fit(cpu - taken * pod.cpu, pod.cpu),
    fit(memory - taken * pod.memory, pod.memory),
    pods - taken,
  );
  return Math.max(0, most);
}
