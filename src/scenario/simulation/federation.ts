/**
 * `spec.federation` → the engine's FederationInput: defaults, and the checks the schema cannot
 * make (unique names, recovery after failure, a shipped strategy Karmada has, parts of
 * the single-cluster world that have no meaning once the load is split over clusters).
 */
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { DivisionStrategy, SeedPolicy, TieBreak } from '../../engine/federation/index.ts';
import type {
  FederationInput,
  FederationModel,
  MemberClusterInput,
} from '../../engine/multicluster/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { formatSeconds } from './units.ts';
import type {
  FederationDocument,
  MemberClusterDocument,
  SimulationSpecDocument,
} from './document.ts';
import { isRecord } from '../plainData.ts';
import { seconds } from './read.ts';

const AT = ['spec', 'federation'] as const;

/** The shipped strategy that matches a seed policy (none for Prioritized). */
const COUNTERPART: Record<SeedPolicy, DivisionStrategy | null> = {
  Duplicated: 'Duplicated',
  StaticWeighted: 'StaticWeight',
  DynamicWeighted: 'DynamicWeight',
  Aggregated: 'Aggregated',
  Prioritized: null,
};

export function buildFederation(
  spec: SimulationSpecDocument,
  hpa: HorizontalPodAutoscaler,
  durationSeconds: number,
  report: Reporter,
): FederationInput | null {
  if (spec.federation === undefined) return null;
  const doc: FederationDocument = isRecord(spec.federation) ? spec.federation : {};
  let ok = true;
  const error = (path: (string | number)[], message: string) => {
    ok = false;
    report.error([...AT, ...path], message);
  };
  const models: FederationModel[] =
    doc.model === 'proposal'
      ? ['proposal']
      : doc.model === 'shipped'
        ? ['shipped']
        : ['proposal', 'shipped'];
  const policy = (doc.policy ?? 'StaticWeighted') as SeedPolicy;
  let strategy = (doc.strategy ?? COUNTERPART[policy]) as DivisionStrategy | null;
  if (models.includes('shipped')) {
    if (strategy === null) {
      error(
        ['policy'],
        "Karmada's scheduler has no Prioritized division: set strategy (StaticWeight, DynamicWeight or Aggregated) for the shipped model, or model: proposal",
      );
    }
    (hpa.spec.metrics ?? []).forEach((m, i) => {
      if (m.type === 'External')
        error(
          ['model'],
          `Karmada's FederatedHPA rejects External metrics (the HPA's metric ${i + 1}): use model: proposal`,
        );
    });
  }
  strategy ??= 'StaticWeight';
  if ((hpa.spec.minReplicas ?? 1) < 1)
    error(
      [],
      'a federated HPA needs minReplicas ≥ 1 (F_min); scale to zero is the scalingToZero option',
    );

  // What a single cluster's world says that the clusters now say each for themselves.
  if (spec.workload?.maxPods !== undefined)
    report.error(
      ['spec', 'workload', 'maxPods'],
      'with spec.federation each cluster has its own size: set spec.federation.clusters[].capacity instead',
    );
  if ((spec.workload?.failedPods ?? 0) > 0)
    report.error(
      ['spec', 'workload', 'failedPods'],
      'not supported with spec.federation (which cluster would hold them?)',
    );
  if ((spec.workload?.podsWithoutMetrics ?? 0) > 0)
    report.error(
      ['spec', 'workload', 'podsWithoutMetrics'],
      'not supported with spec.federation (which cluster would hold them?)',
    );
  for (const section of ['resources', 'pods'] as const) {
    for (const [name, entry] of Object.entries(spec.load?.[section] ?? {})) {
      if (entry?.demand !== undefined)
        report.error(
          ['spec', 'load', section, name, 'demand'],
          'a per-metric demand curve is not split over clusters: with spec.federation use spec.traffic',
        );
    }
  }

  const clusters: MemberClusterInput[] = [];
  const seen = new Map<string, number>();
  // The schema step removed what is not a list of maps (readDocument.ts); checked here again
  // because this reader must never throw, whatever it is handed.
  const written: unknown[] = Array.isArray(doc.clusters) ? doc.clusters : [];
  written.forEach((item, i) => {
    if (!isRecord(item)) return;
    const c = item as MemberClusterDocument;
    const name = typeof c.name === 'string' ? c.name : '';
    const first = seen.get(name);
    if (first !== undefined)
      error(['clusters', i, 'name'], `duplicate cluster name '${name}' (also clusters[${first}])`);
    seen.set(name, i);
    // 'MODEL/total' is the key of the sum over the members (src/run/runKey.ts).
    if (name === 'total')
      error(['clusters', i, 'name'], "'total' names the sum over the clusters: pick another name");
    const failAt = c.failAt === undefined ? null : seconds(c.failAt, 0);
    const recoverAt = c.recoverAt === undefined ? null : seconds(c.recoverAt, 0);
    if (recoverAt !== null && failAt === null)
      error(['clusters', i, 'recoverAt'], 'recoverAt needs failAt (the cluster never fails)');
    else if (recoverAt !== null && failAt !== null && recoverAt <= failAt)
      error(['clusters', i, 'recoverAt'], `must be after failAt (${formatSeconds(failAt)})`);
    if (failAt !== null && failAt > durationSeconds)
      report.warning(
        [...AT, 'clusters', i, 'failAt'],
        `after the end of the run (${formatSeconds(durationSeconds)}): the cluster never fails`,
      );
    clusters.push({
      name,
      capacityPods: c.capacity ?? null,
      weight: c.weight ?? 0,
      priority: c.priority ?? 0,
      failAtSeconds: failAt,
      recoverAtSeconds: recoverAt,
    });
  });
  if (clusters.length === 0) error(['clusters'], 'at least one member cluster is needed');
  if (!ok) return null;
  const optimize = doc.optimizePeriod === undefined ? null : seconds(doc.optimizePeriod, 0);
  return {
    models,
    policy,
    strategy,
    clusters,
    scalingToZero: doc.scalingToZero ?? false,
    scaleAssist: doc.scaleAssist ?? true,
    autoscaleMultiClusterDelaySeconds: seconds(doc.autoscaleMultiClusterDelay, 0),
    optimizePeriodSeconds: optimize !== null && optimize > 0 ? optimize : null,
    tieBreak: (doc.tieBreak ?? 'ascending') as TieBreak,
  };
}
