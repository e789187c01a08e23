/** JSON Schema of `spec.nodes`: the node pool under the cluster and its provisioner. */
import type {
  ClusterAutoscalerDocument,
  KarpenterDocument,
  NodeGroupDocument,
  NodeShapeDocument,
  NodesDocument,
  ProvisioningDelayDocument,
} from '../simulation/document.ts';
import { MAX_NODES, MAX_SETTING_SECONDS } from '../limits.ts';
import { duration, enumOf, int32, listOf, number, object, quantity, string } from './common.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';

const SIM_LIMIT = "the simulator's limit";
const setting = (description: string, extra: Partial<JsonSchema> = {}) =>
  duration(description, { 'x-maxSeconds': MAX_SETTING_SECONDS, 'x-limit': SIM_LIMIT, ...extra });
const count = (description: string, extra: Partial<JsonSchema> = {}) =>
  int32(description, { minimum: 0, maximum: MAX_NODES, 'x-limit': SIM_LIMIT, ...extra });

const shape = object(
  'One node as the scheduler sees it (every node of the group alike): its allocatable resources, and what its daemonsets take of them.',
  {
    cpu: quantity('status.allocatable cpu (1 = one core). Default 4.', { default: '4' }),
    memory: quantity('status.allocatable memory. Default 16Gi.', { default: '16Gi' }),
    pods: int32("status.allocatable pods (the kubelet's --max-pods). Default 110.", {
      minimum: 1,
      maximum: 1000,
      default: 110,
    }),
    daemonsets: object(
      "Requests of the daemonset pods on every node (kube-proxy, a CNI, log and metrics agents): they count in the node's utilization and take room. Default none.",
      {
        cpu: quantity('Their cpu requests together. Default 0.'),
        memory: quantity('Their memory requests together. Default 0.'),
        pods: int32('How many they are. Default 0.', { minimum: 0, maximum: 1000 }),
      },
    ),
  } satisfies PropertiesOf<NodeShapeDocument>,
);

const delayRange = object(
  "A node's time from the cloud call to Ready (a VM boot, the kubelet joining, the CNI): drawn per node, uniform between min and max (min alone: a fixed delay). Default 60s–120s.",
  {
    min: setting('Shortest. Default 60s.'),
    max: setting('Longest (≥ min). Default min.'),
    seed: int32('Seed of the draws (the same seed, the same delays). Default 1.', {
      minimum: 0,
      maximum: 2147483647,
    }),
  } satisfies PropertiesOf<ProvisioningDelayDocument>,
);

const clusterAutoscaler = object(
  "cluster-autoscaler's flags for this node group (kubernetes/autoscaler cluster-autoscaler, FAQ: What are the parameters to CA?).",
  {
    scanInterval: setting(
      '--scan-interval: how often it looks for unschedulable pods and unneeded nodes. Default 10s.',
      {
        'x-minSeconds': 0,
        'x-exclusiveMinSeconds': true,
        default: '10s',
      },
    ),
    provisioningDelay: delayRange,
    scaleDownUnneededTime: setting(
      '--scale-down-unneeded-time: how long a node must be unneeded before it is removed. Default 10m.',
      { default: '10m' },
    ),
    scaleDownDelayAfterAdd: setting(
      '--scale-down-delay-after-add: no scale-down this long after a scale-up. Default 10m.',
      { default: '10m' },
    ),
    scaleDownDelayAfterDelete: setting(
      '--scale-down-delay-after-delete: no scale-down this long after a node removal. Default: the scan interval.',
    ),
    scaleDownUtilizationThreshold: number(
      '--scale-down-utilization-threshold: a node whose requests (cpu or memory, daemonsets included) are under this share of allocatable is a candidate for removal. Default 0.5.',
      { minimum: 0, maximum: 1, default: 0.5 },
    ),
    expander: enumOf(
      '--expander: which node group grows when several could take the pods (groups): random; most-pods (the one that places the most); least-waste (the least unused cpu + memory share on the new nodes); priority (the highest groups[].priority; groups without one are not used). A tie is broken at random (seeded by provisioningDelay.seed). With one node group every expander picks it. Default random.',
      ['random', 'most-pods', 'least-waste', 'priority'],
      { default: 'random' },
    ),
    maxScaleDownParallelism: int32(
      '--max-scale-down-parallelism: most nodes removed at once. Default 10.',
      { minimum: 1, maximum: 1000, default: 10 },
    ),
    maxDrainParallelism: int32(
      '--max-drain-parallelism: most non-empty nodes drained at once. Default 1.',
      { minimum: 1, maximum: 1000, default: 1 },
    ),
  } satisfies PropertiesOf<ClusterAutoscalerDocument>,
);

const karpenter = object(
  "Karpenter's settings for this NodePool (kubernetes-sigs/karpenter v1: the controller's BATCH_IDLE_DURATION / BATCH_MAX_DURATION, the NodePool's spec.disruption).",
  {
    batchIdleDuration: setting(
      'BATCH_IDLE_DURATION: a batch of pending pods closes after this long without a new one. Default 1s.',
      { default: '1s' },
    ),
    batchMaxDuration: setting('BATCH_MAX_DURATION: the longest a batch stays open. Default 10s.', {
      default: '10s',
    }),
    provisioningDelay: object(
      "A NodeClaim's time from launch to a Ready node, drawn per node, uniform between min and max (min alone: fixed). Default 30s–60s.",
      {
        min: setting('Shortest. Default 30s.'),
        max: setting('Longest (≥ min). Default min.'),
        seed: int32('Seed of the draws. Default 1.', { minimum: 0, maximum: 2147483647 }),
      } satisfies PropertiesOf<ProvisioningDelayDocument>,
    ),
    consolidationPolicy: enumOf(
      'spec.disruption.consolidationPolicy: WhenEmptyOrUnderutilized also drains a node whose pods fit on the others. Default WhenEmptyOrUnderutilized.',
      ['WhenEmpty', 'WhenEmptyOrUnderutilized'],
      { default: 'WhenEmptyOrUnderutilized' },
    ),
    consolidateAfter: setting(
      'spec.disruption.consolidateAfter: how long a node must be consolidatable before it goes. Default 0s.',
      { default: '0s' },
    ),
    budgetNodes: string(
      "spec.disruption.budgets[].nodes: the share of the NodePool's nodes disrupted at once, as a percentage. Default 10%.",
      { pattern: '^[0-9]{1,3}%$', default: '10%' },
    ),
  } satisfies PropertiesOf<KarpenterDocument>,
);

const group = object(
  "One node group (an ASG, a MIG, a node pool of one machine type): cluster-autoscaler grows the one its --expander picks, within the group's min and max.",
  {
    name: string(
      "The node group's id (its nodes are named after it; lowercase letters, digits, '-').",
      {
        pattern: '^[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?$',
      },
    ),
    shape,
    initial: count(
      'Nodes of this group at the start. Default: its min (the first group: also enough for the starting replicas).',
    ),
    min: count("The group's min size. Default 0.", { default: 0 }),
    max: count("The group's max size. Default 10.", { minimum: 1, default: 10 }),
    price: number(
      'Price per node-hour of this group (the least-waste expander does not read it). Default spec.cost.nodeHour.',
      {
        minimum: 0,
      },
    ),
    priority: int32(
      "The priority expander's priority for this group (its ConfigMap cluster-autoscaler-priority-expander, as a number per group): the highest wins. Absent: the group is not used while another has one.",
      { minimum: 0, maximum: 100000 },
    ),
  } satisfies PropertiesOf<NodeGroupDocument>,
);

export const nodesSchema = object(
  'Nodes under the cluster: pods need a node with room for their requests, and wait Pending (Unschedulable) until one is Ready. Absent: no nodes (only maxPods limits the pods).',
  {
    shape,
    initial: count('Nodes at the start. Default: enough for the starting replicas (at least min).'),
    min: count("The node group's min size. Default 1.", { default: 1 }),
    max: count("The node group's max size (cluster-autoscaler's --nodes max). Default 10.", {
      minimum: 1,
      default: 10,
    }),
    provisioner: enumOf(
      'What adds and removes nodes: cluster-autoscaler (settings in clusterAutoscaler) or Karpenter (settings in karpenter). Default cluster-autoscaler.',
      ['cluster-autoscaler', 'karpenter'],
      { default: 'cluster-autoscaler' },
    ),
    clusterAutoscaler,
    karpenter,
    groups: listOf(
      'Several node groups, each with its own shape, min, max and price (cluster-autoscaler only; instead of shape, initial, min and max above). The expander (clusterAutoscaler.expander) picks which grows.',
      group,
      { minItems: 1, maxItems: 20 },
    ),
  } satisfies PropertiesOf<NodesDocument>,
);
