/**
 * `spec.nodes` → the engine's NodesInput: defaults, and the checks the schema cannot make (min ≤
 * initial ≤ max, a delay range the right way round, a pod larger than any node, a max too small
 * for minReplicas, settings that mean nothing with nodes).
 */
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { NodesInput } from '../../engine/simulation/nodesInput.ts';
import type { WorkloadModel } from '../../engine/simulation/input.ts';
import { podRequests, podsPerNode } from '../../engine/nodes/pool.ts';
import type { Reporter } from '../diagnostics.ts';
import type { SimulationSpecDocument } from './document.ts';
import { buildGroups } from './nodeGroups.ts';
import { buildProvisioner, checkWithNodes, nodeHourPrice, readShape } from './nodeParts.ts';
import { num } from './read.ts';

const AT = ['spec', 'nodes'] as const;

export function buildNodes(
  spec: SimulationSpecDocument,
  hpa: HorizontalPodAutoscaler,
  workload: WorkloadModel,
  report: Reporter,
): NodesInput | null {
  const doc = spec.nodes;
  if (doc === undefined) return null;
  const at = (...p: (string | number)[]) => [...AT, ...p];
  if (doc.groups !== undefined) return buildGroups(spec, doc, hpa, workload, report);
  const shape = readShape(doc.shape, at('shape'), report);

  const min = num(doc.min, 1);
  const max = num(doc.max, 10);
  const slots = podsPerNode(shape, podRequests(workload));
  const startNeeds = slots > 0 ? Math.ceil(workload.initialReplicas / slots) : 0;
  const initial = num(doc.initial, Math.min(max, Math.max(min, startNeeds)));
  if (min > max)
    report.error(at(doc.min === undefined ? 'max' : 'min'), `min (${min}) is above max (${max})`);
  if (doc.initial !== undefined && (initial < min || initial > max))
    report.error(
      at('initial'),
      `initial (${initial}) must be within min (${min}) and max (${max})`,
    );

  const provisioner = buildProvisioner(doc, report);
  // Plainly said: what the pool can never do for this workload (the run still shows it).
  const req = podRequests(workload);
  if (slots === 0)
    report.warning(
      at('shape'),
      `a pod requests ${req.cpu}m cpu and ${Math.round(req.memory / 1e3 / 1024 ** 2)}Mi memory: no node of this shape holds one (after its daemonsets), so every new pod stays Pending for good`,
    );
  else {
    const minReplicas = hpa.spec.minReplicas ?? 1;
    if (max >= 1 && max * slots < minReplicas)
      report.warning(
        at('max'),
        `at most ${max} node${max === 1 ? '' : 's'} of ${slots} pod${slots === 1 ? '' : 's'} each: minReplicas ${minReplicas} cannot all run, the rest stay Pending`,
      );
  }
  checkWithNodes(spec, report);
  return { shape, initial, min, max, nodeHourPrice: nodeHourPrice(spec), provisioner };
}
