/** JSON Schema of `spec.federation`: member clusters and a federated HPA (multi-cluster). */
import { DIVISION_STRATEGIES, SEED_POLICIES } from '../../engine/federation/index.ts';
import type { FederationDocument, MemberClusterDocument } from '../simulation/document.ts';
import { MAX_CLUSTERS, MAX_PODS, MAX_SETTING_SECONDS } from '../limits.ts';
import { boolean, duration, enumOf, int32, listOf, object, string } from './common.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';
import { nodesSchema } from './nodesSchema.ts';

const SIM_LIMIT = "the simulator's limit";
const setting = (description: string, extra: Partial<JsonSchema> = {}) =>
  duration(description, { 'x-maxSeconds': MAX_SETTING_SECONDS, 'x-limit': SIM_LIMIT, ...extra });

const cluster = object(
  'A member cluster: its size, its weight and priority for the division rules, and when it fails.',
  {
    name: string('The cluster name (a DNS label), unique among the clusters.', {
      pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
      maxLength: 63,
      examples: ['east'],
    }),
    capacity: int32(
      'Most pods the cluster can run; further pods stay Pending (unschedulable). Default: no limit.',
      { minimum: 1, maximum: MAX_PODS, 'x-limit': `the simulator runs at most ${MAX_PODS} pods` },
    ),
    weight: int32(
      'Static weight (StaticWeighted / StaticWeight). Default 0 (all 0: equal weights).',
      {
        minimum: 0,
        maximum: 1_000_000,
      },
    ),
    priority: int32('Priority (Prioritized): higher is preferred. Default 0.', {
      minimum: -1_000_000,
      maximum: 1_000_000,
    }),
    failAt: setting('The cluster fails (becomes unreachable; its pods stop serving) at this time.'),
    recoverAt: setting('It is back, empty, at this time (after failAt). Default: never.'),
    nodes: {
      ...nodesSchema,
      description:
        "This cluster's own nodes and provisioner, in place of spec.nodes (which every member without its own runs, each its own copy). Not with capacity: the nodes decide the room.",
    },
  } satisfies PropertiesOf<MemberClusterDocument>,
  { required: ['name'] },
);

export const federationSchema = object(
  'Member clusters sharing the load, and a federated HPA over them: the HPA manifest is the template (its minReplicas/maxReplicas are the federated min/max).',
  {
    model: enumOf(
      'proposal: the seed design (a member HPA per cluster, the control plane assists); shipped: Karmada FederatedHPA (one central HPA, karmada-scheduler divides); both: run both to compare. Default both.',
      ['proposal', 'shipped', 'both'],
      { default: 'both' },
    ),
    policy: enumOf("The proposal's division policy (its PropagationPolicy).", [...SEED_POLICIES]),
    strategy: enumOf(
      "karmada-scheduler's replica division for the shipped model. Default: the policy's counterpart (Prioritized has none).",
      [...DIVISION_STRATEGIES],
    ),
    scalingToZero: boolean('Clusters may sit at 0 replicas (proposal, §A.9). Default false.'),
    scaleAssist: boolean(
      'The control plane moves quota across clusters (spill-over, optimisation, scale to zero). Default true.',
    ),
    autoscaleMultiClusterDelay: setting(
      'How long Pending pods must persist before quota moves to another cluster. Default 0s.',
      { default: '0s' },
    ),
    optimizePeriod: setting(
      'Period of the optimisation pass that re-divides unused headroom (§A.8). Default: never.',
      { 'x-minSeconds': 0, 'x-exclusiveMinSeconds': true },
    ),
    tieBreak: enumOf(
      "Webster's name tie-break (upstream: the parity of the workload UID's FNV-32a hash). Default ascending.",
      ['ascending', 'descending'],
      { default: 'ascending' },
    ),
    clusters: listOf('The member clusters.', cluster, {
      minItems: 1,
      maxItems: MAX_CLUSTERS,
      'x-limit': SIM_LIMIT,
    }),
  } satisfies PropertiesOf<FederationDocument>,
  { required: ['policy', 'clusters'] },
);
