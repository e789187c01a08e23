/**
 * `spec.nodes` → the engine's NodesInput: defaults, and the checks the schema cannot make (min ≤
 * initial ≤ max, a delay range the right way round, a pod larger than any node, a max too small
 * for minReplicas, settings that mean nothing with nodes).
 */
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import {
  CLUSTER_AUTOSCALER_DEFAULTS,
  KARPENTER_DEFAULTS,
  type NodesInput,
} from '../../engine/simulation/nodesInput.ts';
import type { WorkloadModel } from '../../engine/simulation/input.ts';
import { podRequests, podsPerNode } from '../../engine/nodes/pool.ts';
import type { Reporter } from '../diagnostics.ts';
import type { SimulationSpecDocument } from './document.ts';
import { milli, num, record, seconds } from './read.ts';

const AT = ['spec', 'nodes'] as const;
const GI = 1024 ** 3 * 1000;

export function buildNodes(
  spec: SimulationSpecDocument,
  hpa: HorizontalPodAutoscaler,
  workload: WorkloadModel,
  report: Reporter,
): NodesInput | null {
  const doc = spec.nodes;
  if (doc === undefined) return null;
  const shapeDoc = record(doc.shape);
  const ds = record(shapeDoc.daemonsets);
  const at = (...p: (string | number)[]) => [...AT, ...p];
  const shape = {
    cpuMilli: milli(shapeDoc.cpu, at('shape', 'cpu'), report, false, 4000),
    memoryMilli: milli(shapeDoc.memory, at('shape', 'memory'), report, false, 16 * GI),
    pods: num(shapeDoc.pods, 110),
    overheadCpuMilli: milli(ds.cpu, at('shape', 'daemonsets', 'cpu'), report, false, 0),
    overheadMemoryMilli: milli(ds.memory, at('shape', 'daemonsets', 'memory'), report, false, 0),
    overheadPods: num(ds.pods, 0),
  };
  if (shape.overheadCpuMilli > shape.cpuMilli)
    report.error(
      at('shape', 'daemonsets', 'cpu'),
      "the daemonsets ask more cpu than the node's allocatable",
    );
  if (shape.overheadMemoryMilli > shape.memoryMilli)
    report.error(
      at('shape', 'daemonsets', 'memory'),
      "the daemonsets ask more memory than the node's allocatable",
    );
  if (shape.overheadPods >= shape.pods)
    report.error(
      at('shape', 'daemonsets', 'pods'),
      'the daemonsets take every pod slot of the node (shape.pods)',
    );

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

  const karp = doc.provisioner === 'karpenter';
  const ca = record(doc.clusterAutoscaler);
  const kp = record(doc.karpenter);
  const delayAt = karp ? 'karpenter' : 'clusterAutoscaler';
  const delay = record(karp ? kp.provisioningDelay : ca.provisioningDelay);
  const scan = seconds(ca.scanInterval, CLUSTER_AUTOSCALER_DEFAULTS.scanIntervalSeconds);
  const dMin = seconds(delay.min, karp ? 30 : 60);
  const dMax = seconds(delay.max, delay.min === undefined ? (karp ? 60 : 120) : dMin);
  if (dMax < dMin)
    report.error(at(delayAt, 'provisioningDelay', 'max'), `max (${dMax}s) is below min (${dMin}s)`);
  // Settings of the provisioner that does not run mean nothing: said, not silently ignored.
  if (karp && doc.clusterAutoscaler !== undefined)
    report.warning(
      at('clusterAutoscaler'),
      'ignored: the provisioner is karpenter (settings in karpenter)',
    );
  if (!karp && doc.karpenter !== undefined)
    report.warning(
      at('karpenter'),
      'ignored: the provisioner is cluster-autoscaler (set provisioner: karpenter to use these)',
    );
  const delayInput = { minSeconds: dMin, maxSeconds: dMax, seed: num(delay.seed, 1) >>> 0 };
  const batchIdle = seconds(kp.batchIdleDuration, KARPENTER_DEFAULTS.batchIdleSeconds);
  const batchMax = seconds(kp.batchMaxDuration, KARPENTER_DEFAULTS.batchMaxSeconds);
  if (karp && batchMax < batchIdle)
    report.error(
      at('karpenter', 'batchMaxDuration'),
      `batchMaxDuration (${batchMax}s) is below batchIdleDuration (${batchIdle}s)`,
    );

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
  if (spec.workload?.maxPods !== undefined)
    report.error(
      ['spec', 'workload', 'maxPods'],
      'with spec.nodes the nodes decide how many pods run: remove maxPods (or set nodes.max)',
    );
  if (spec.federation !== undefined)
    report.error(
      [...AT],
      'spec.nodes is not yet supported with spec.federation (each member cluster would need its own pool)',
    );
  const price = spec.cost?.nodeHour;
  return {
    shape,
    initial,
    min,
    max,
    nodeHourPrice: typeof price === 'number' && Number.isFinite(price) ? price : null,
    provisioner: karp
      ? {
          ...KARPENTER_DEFAULTS,
          batchIdleSeconds: batchIdle,
          batchMaxSeconds: batchMax,
          provisioningDelay: delayInput,
          consolidationPolicy:
            kp.consolidationPolicy === 'WhenEmpty' ? 'WhenEmpty' : 'WhenEmptyOrUnderutilized',
          consolidateAfterSeconds: seconds(
            kp.consolidateAfter,
            KARPENTER_DEFAULTS.consolidateAfterSeconds,
          ),
          budgetPercent:
            typeof kp.budgetNodes === 'string'
              ? Number.parseInt(kp.budgetNodes, 10)
              : KARPENTER_DEFAULTS.budgetPercent,
        }
      : {
          ...CLUSTER_AUTOSCALER_DEFAULTS,
          scanIntervalSeconds: scan,
          provisioningDelay: delayInput,
          scaleDownUnneededSeconds: seconds(ca.scaleDownUnneededTime, 600),
          scaleDownDelayAfterAddSeconds: seconds(ca.scaleDownDelayAfterAdd, 600),
          scaleDownDelayAfterDeleteSeconds: seconds(ca.scaleDownDelayAfterDelete, scan),
          scaleDownUtilizationThreshold: num(ca.scaleDownUtilizationThreshold, 0.5),
          expander: ca.expander === 'least-waste' ? 'least-waste' : 'random',
          maxScaleDownParallelism: num(ca.maxScaleDownParallelism, 10),
          maxDrainParallelism: num(ca.maxDrainParallelism, 1),
        },
  };
}
