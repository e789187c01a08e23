/**
 * `spec.nodes.groups[]` → several cluster-autoscaler node groups: each its own shape, min, max,
 * initial size, price and priority; the checks the schema cannot make (unique names, min ≤
 * initial ≤ max, Karpenter has no node groups, no top-level shape beside groups).
 */
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { NodeGroupInput, NodesInput } from '../../engine/simulation/nodesInput.ts';
import type { WorkloadModel } from '../../engine/simulation/input.ts';
import { podRequests, podsPerNode } from '../../engine/nodes/pool.ts';
import type { Reporter } from '../diagnostics.ts';
import type { NodesDocument, SimulationSpecDocument } from './document.ts';
import { buildProvisioner, checkWithNodes, nodeHourPrice, readShape } from './nodeParts.ts';
import { num, record } from './read.ts';

const AT = ['spec', 'nodes'] as const;

export function buildGroups(
  spec: SimulationSpecDocument,
  doc: NodesDocument,
  hpa: HorizontalPodAutoscaler,
  workload: WorkloadModel,
  report: Reporter,
): NodesInput {
  const at = (...p: (string | number)[]) => [...AT, ...p];
  // One shape per group: a top-level one would be a second, silently unused.
  for (const key of ['shape', 'initial', 'min', 'max'] as const)
    if (doc[key] !== undefined)
      report.error(
        at(key),
        `with groups each node group has its own ${key} (groups[].${key}); remove this one`,
      );
  if (doc.provisioner === 'karpenter')
    report.error(
      at('groups'),
      "node groups are cluster-autoscaler's; Karpenter picks instance types for its NodePool itself (not modelled): remove groups or use provisioner: cluster-autoscaler",
    );
  const price = nodeHourPrice(spec);
  const req = podRequests(workload);
  const docs = doc.groups ?? [];
  const seen = new Set<string>();
  const groups: NodeGroupInput[] = docs.map((raw, i) => {
    const g = record(raw);
    const name = typeof g.name === 'string' && g.name !== '' ? g.name : `group-${i + 1}`;
    if (seen.has(name))
      report.error(at('groups', i, 'name'), `node group name "${name}" is used twice`);
    seen.add(name);
    const min = num(g.min, 0);
    const max = num(g.max, 10);
    if (min > max)
      report.error(
        at('groups', i, g.min === undefined ? 'max' : 'min'),
        `min (${min}) is above max (${max})`,
      );
    const initial = num(g.initial, min);
    if (g.initial !== undefined && (initial < min || initial > max))
      report.error(
        at('groups', i, 'initial'),
        `initial (${initial}) must be within min (${min}) and max (${max})`,
      );
    const shape = readShape(g.shape, at('groups', i, 'shape'), report);
    if (podsPerNode(shape, req) === 0)
      report.warning(
        at('groups', i, 'shape'),
        `a pod requests ${req.cpu}m cpu and ${Math.round(req.memory / 1e3 / 1024 ** 2)}Mi memory: no node of group ${name} holds one (after its daemonsets), so cluster-autoscaler never grows it`,
      );
    const p = num(g.price, NaN);
    return {
      name,
      shape,
      initial,
      min,
      max,
      price: Number.isFinite(p) ? p : price,
      priority: typeof g.priority === 'number' ? g.priority : null,
    };
  });
  const provisioner = buildProvisioner(doc, report);

  // Without an initial size, the first groups that hold the pod grow to the starting replicas.
  const slotsOf = groups.map((g) => podsPerNode(g.shape, req));
  let room = groups.reduce((s, g, i) => s + g.initial * slotsOf[i]!, 0);
  groups.forEach((g, i) => {
    const slots = slotsOf[i]!;
    if (docs[i]?.initial !== undefined || slots === 0 || room >= workload.initialReplicas) return;
    const more = Math.min(g.max - g.initial, Math.ceil((workload.initialReplicas - room) / slots));
    if (more <= 0) return;
    g.initial += more;
    room += more * slots;
  });
  if (slotsOf.every((k) => k === 0))
    report.warning(
      at('groups'),
      'no node group holds a pod of this workload: every new pod stays Pending for good',
    );
  else {
    const minReplicas = hpa.spec.minReplicas ?? 1;
    const most = groups.reduce((s, g, i) => s + g.max * slotsOf[i]!, 0);
    if (most < minReplicas)
      report.warning(
        at('groups'),
        `the node groups at their max hold ${most} pod${most === 1 ? '' : 's'}: minReplicas ${minReplicas} cannot all run, the rest stay Pending`,
      );
  }
  if (
    provisioner.kind === 'cluster-autoscaler' &&
    provisioner.expander === 'priority' &&
    groups.every((g) => g.priority === null)
  )
    report.warning(
      at('clusterAutoscaler', 'expander'),
      'the priority expander and no group has a priority: cluster-autoscaler falls back to a random choice (as it does when its ConfigMap lists no group)',
    );
  checkWithNodes(spec, report);
  const sum = (f: (g: NodeGroupInput) => number) => groups.reduce((s, g) => s + f(g), 0);
  return {
    shape: groups[0]!.shape,
    initial: sum((g) => g.initial),
    min: sum((g) => g.min),
    max: sum((g) => g.max),
    nodeHourPrice: price,
    provisioner,
    groups,
  };
}
