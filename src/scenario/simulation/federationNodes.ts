/**
 * Nodes under a multi-cluster scenario: every member cluster runs its own node plane (its own
 * nodes and provisioner). `spec.nodes` is the shape every member runs, each its own copy;
 * `spec.federation.clusters[].nodes` replaces it whole for that member (no field-by-field merge:
 * a member's pool is read as written, located at its own path). A member with nodes has no
 * `capacity` (its nodes decide the room). Without `initial`, a member starts with the nodes its
 * own starting pods need (the engine knows them once the run has divided the replicas).
 */
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { FederationInput } from '../../engine/multicluster/index.ts';
import { podRequests, podsPerNode } from '../../engine/nodes/pool.ts';
import type { WorkloadModel } from '../../engine/simulation/input.ts';
import type { NodesInput } from '../../engine/simulation/nodesInput.ts';
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';
import type { Path } from '../types.ts';
import type { MemberClusterDocument, NodesDocument, SimulationSpecDocument } from './document.ts';
import { buildNodes } from './nodes.ts';

const NODES = ['spec', 'nodes'] as const;

/** A reporter that moves `spec.nodes…` paths under `to` (a member's own `nodes`). */
function rebased(report: Reporter, to: Path): Reporter {
  const move = (path: Path): Path =>
    path.length >= 2 && path[0] === NODES[0] && path[1] === NODES[1]
      ? [...to, ...path.slice(2)]
      : path;
  return {
    error: (p, m, at) => report.error(move(p), m, at),
    warning: (p, m, at) => report.warning(move(p), m, at),
    info: (p, m, at) => report.info(move(p), m, at),
  };
}

/** Pods the pool holds at its max (each group's max × its pods per node). */
function mostPods(n: NodesInput, workload: WorkloadModel): number {
  const pod = podRequests(workload);
  if (n.groups) return n.groups.reduce((s, g) => s + g.max * podsPerNode(g.shape, pod), 0);
  return n.max * podsPerNode(n.shape, pod);
}

/** A pool whose `initial` the scenario left out starts with what its member's pods need. */
const fromPods = (n: NodesInput, doc: NodesDocument): NodesInput =>
  doc.initial === undefined && doc.groups === undefined ? { ...n, initialFromPods: true } : n;

/**
 * Each member's node pool (`FederationInput.clusters[].nodes`), from its own `nodes` or the
 * top-level `spec.nodes` (built once, `top`). Errors at the member's path.
 */
export function buildMemberNodes(
  spec: SimulationSpecDocument,
  federation: FederationInput,
  top: NodesInput | null,
  hpa: HorizontalPodAutoscaler,
  workload: WorkloadModel,
  report: Reporter,
): void {
  const written: unknown[] = Array.isArray(spec.federation?.clusters)
    ? spec.federation.clusters
    : [];
  // The F_min check is the federation's (below): a member's pool holds only its share.
  const member = { ...hpa, spec: { ...hpa.spec, minReplicas: 1 } };
  let k = 0;
  let most = 0;
  written.forEach((item, i) => {
    if (!isRecord(item)) return;
    const c = item as MemberClusterDocument;
    const cluster = federation.clusters[k++];
    if (!cluster) return;
    const at: Path = ['spec', 'federation', 'clusters', i];
    let nodes: NodesInput | null = null;
    if (c.nodes !== undefined) {
      const own = isRecord(c.nodes) ? c.nodes : {};
      const built = buildNodes(
        { ...spec, nodes: own },
        member,
        workload,
        rebased(report, [...at, 'nodes']),
      );
      nodes = built && fromPods(built, own);
    } else if (top !== null && spec.nodes !== undefined) nodes = fromPods(top, spec.nodes);
    if (nodes === null) return;
    if (c.capacity !== undefined)
      report.error(
        [...at, 'capacity'],
        `with nodes the cluster's nodes decide how many pods run: remove capacity (or set ${c.nodes !== undefined ? 'its nodes.max' : 'spec.nodes.max, or this cluster’s own nodes'})`,
        'key',
      );
    cluster.nodes = nodes;
    most += mostPods(nodes, workload);
  });
  const withNodes = federation.clusters.filter((c) => c.nodes);
  const fMin = hpa.spec.minReplicas ?? 1;
  // Only when every member has nodes is their sum the whole room.
  if (withNodes.length === federation.clusters.length && withNodes.length > 0 && most < fMin)
    report.warning(
      spec.nodes !== undefined ? [...NODES, 'max'] : ['spec', 'federation', 'clusters'],
      `the member clusters' nodes at their max hold ${most} pod${most === 1 ? '' : 's'} in all: minReplicas ${fMin} cannot all run, the rest stay Pending`,
    );
}
