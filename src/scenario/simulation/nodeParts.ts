/**
 * Pieces of `spec.nodes` read the same with one node group or several (./nodes.ts,
 * ./nodeGroups.ts): a node shape, the provisioner's settings, the node-hour price, and what
 * spec.nodes rules out elsewhere in the spec.
 */
import {
  CLUSTER_AUTOSCALER_DEFAULTS,
  KARPENTER_DEFAULTS,
  type ExpanderName,
  type NodeShapeInput,
  type NodesInput,
} from '../../engine/simulation/nodesInput.ts';
import type { Reporter } from '../diagnostics.ts';
import type { NodesDocument, SimulationSpecDocument } from './document.ts';
import { milli, num, record, seconds } from './read.ts';

const AT = ['spec', 'nodes'] as const;
const GI = 1024 ** 3 * 1000;
const EXPANDERS: readonly ExpanderName[] = ['random', 'most-pods', 'least-waste', 'priority'];

/** The provisioner's settings with their defaults, and the checks on them. */
export function buildProvisioner(doc: NodesDocument, report: Reporter): NodesInput['provisioner'] {
  const at = (...p: (string | number)[]) => [...AT, ...p];
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

  return karp
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
        expander: EXPANDERS.includes(ca.expander as ExpanderName)
          ? (ca.expander as ExpanderName)
          : 'random',
        maxScaleDownParallelism: num(ca.maxScaleDownParallelism, 10),
        maxDrainParallelism: num(ca.maxDrainParallelism, 1),
      };
}

/** What spec.nodes rules out elsewhere in the spec. */
export function checkWithNodes(spec: SimulationSpecDocument, report: Reporter): void {
  if (spec.workload?.maxPods !== undefined)
    report.error(
      ['spec', 'workload', 'maxPods'],
      'with spec.nodes the nodes decide how many pods run: remove maxPods (or set nodes.max)',
    );
}

/** spec.cost.nodeHour, null when absent. */
export function nodeHourPrice(spec: SimulationSpecDocument): number | null {
  const price = spec.cost?.nodeHour;
  return typeof price === 'number' && Number.isFinite(price) ? price : null;
}

/** One node shape read from the document, with its checks (located under `at`). */
export function readShape(
  value: unknown,
  at: (string | number)[],
  report: Reporter,
): NodeShapeInput {
  const shapeDoc = record(value);
  const ds = record(shapeDoc.daemonsets);
  const p = (...q: string[]) => [...at, ...q];
  const shape = {
    cpuMilli: milli(shapeDoc.cpu, p('cpu'), report, false, 4000),
    memoryMilli: milli(shapeDoc.memory, p('memory'), report, false, 16 * GI),
    pods: num(shapeDoc.pods, 110),
    overheadCpuMilli: milli(ds.cpu, p('daemonsets', 'cpu'), report, false, 0),
    overheadMemoryMilli: milli(ds.memory, p('daemonsets', 'memory'), report, false, 0),
    overheadPods: num(ds.pods, 0),
  };
  if (shape.overheadCpuMilli > shape.cpuMilli)
    report.error(p('daemonsets', 'cpu'), "the daemonsets ask more cpu than the node's allocatable");
  if (shape.overheadMemoryMilli > shape.memoryMilli)
    report.error(
      p('daemonsets', 'memory'),
      "the daemonsets ask more memory than the node's allocatable",
    );
  if (shape.overheadPods >= shape.pods)
    report.error(
      p('daemonsets', 'pods'),
      'the daemonsets take every pod slot of the node (shape.pods)',
    );
  return shape;
}
