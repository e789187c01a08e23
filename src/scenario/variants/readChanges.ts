/**
 * `spec.changes` of the Simulation document: writes during the run by someone other than the
 * controller. A `patch` is a JSON merge patch over the HPA's spec as it stands then (earlier
 * changes applied), put through the same pipeline as the HPA (schema, conversion, defaulting, API
 * validation, limits) — what `kubectl apply` of the edited manifest would store; `replicas` is a
 * `kubectl scale` of the target. The API server bumps metadata.generation when the spec changed
 * (registry/autoscaling/horizontalpodautoscaler/strategy.go PrepareForUpdate, with HPAGeneration).
 * Problems are located in the change, at the deepest field its patch wrote.
 */
import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { RunChange } from '../../engine/simulation/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { checkHpaShape, processHpa, type HpaContext } from '../hpa/process.ts';
import { getPath, isRecord } from '../plainData.ts';
import { metricRefs } from '../simulation/metricRefs.ts';
import { seconds } from '../simulation/read.ts';
import { formatSeconds } from '../simulation/units.ts';
import type { ChangeEntry, Path } from '../types.ts';
import { mergePatch } from './mergePatch.ts';
import { patchReporter } from './patchReporter.ts';
import { describeRollout, readRolloutFields } from './rollout.ts';
import { DEFAULT_STRATEGY } from '../../engine/deployment/controller.ts';

export type { ChangeEntry };

const changePath = (i: number): Path => ['spec', 'changes', i];

/**
 * The changes as written (the raw document: a null in a patch deletes a field), checked for
 * their times: after 0, by the run's end, one per instant; in time order.
 */
export function readChangeEntries(
  rawSimulation: unknown,
  durationSeconds: number,
  report: Reporter,
): ChangeEntry[] {
  const list = getPath(rawSimulation, ['spec', 'changes']);
  if (!Array.isArray(list)) return [];
  const entries: ChangeEntry[] = [];
  const seen = new Map<number, number>();
  list.forEach((item: unknown, index) => {
    if (!isRecord(item) || item.at === undefined) return;
    const at = seconds(item.at, NaN);
    if (!Number.isFinite(at)) return; // the schema's error
    const where = [...changePath(index), 'at'];
    if (at <= 0)
      return report.error(
        where,
        'a change happens during the run, after 0 (what holds from the start belongs in the HPA itself)',
      );
    if (at > durationSeconds)
      return report.error(
        where,
        `${formatSeconds(at)} is after the run's end (spec.duration ${formatSeconds(durationSeconds)})`,
      );
    const other = seen.get(at);
    if (other !== undefined)
      return report.error(
        where,
        `spec.changes[${other}] is at the same instant (${formatSeconds(at)}): merge the two into one change (its patch and replicas apply together)`,
      );
    seen.set(at, index);
    const patch = isRecord(item.patch) ? item.patch : null;
    const replicas = typeof item.replicas === 'number' ? item.replicas : null;
    const rollout = isRecord(item.rollout) ? readRolloutFields(item.rollout) : null;
    const paused = isRecord(item.keda) ? item.keda.paused : undefined;
    const kedaPaused = typeof paused === 'boolean' ? paused : null;
    if (patch === null && replicas === null && rollout === null && kedaPaused === null)
      return report.error(
        changePath(index),
        "a change needs a patch (an edit of the HPA), replicas (kubectl scale of its target), a rollout (a new pod template), keda.paused (a ScaledObject's pause) or several of them",
        'key',
      );
    const description = typeof item.description === 'string' ? item.description : '';
    entries.push({ index, atSeconds: at, patch, replicas, rollout, kedaPaused, description });
  });
  return entries.sort((a, b) => a.atSeconds - b.atSeconds);
}

/**
 * The run's changes over one HPA (the scenario's, or a variant's patched manifest): each patch
 * applied to the spec as it stands, stored as the API server would. Null when a change is
 * refused (its errors reported, prefixed with `label`).
 */
export function buildChanges(
  entries: readonly ChangeEntry[],
  hpaDocument: Record<string, unknown>,
  start: HorizontalPodAutoscaler,
  context: HpaContext,
  report: Reporter,
  label = '',
): RunChange[] | null {
  const out: RunChange[] = [];
  let doc = hpaDocument;
  let prev = start;
  let generation = start.metadata?.generation ?? 1;
  let ok = true;
  for (const e of entries) {
    let hpa: HorizontalPodAutoscaler | null = null;
    const parts: string[] = [];
    if (e.patch !== null) {
      const base = [...changePath(e.index), 'patch'];
      const rep = patchReporter(
        base,
        e.patch,
        (m) => `${label}change at ${formatSeconds(e.atSeconds)}: ${m}`,
        report,
      );
      const patched = { ...doc, spec: mergePatch(doc.spec, e.patch) };
      const manifest = checkHpaShape(patched, rep);
      const outcome = manifest ? processHpa(manifest, context, rep) : null;
      if (!outcome?.valid) {
        ok = false;
        continue;
      }
      const next = outcome.defaulted;
      if (JSON.stringify(next.spec.scaleTargetRef) !== JSON.stringify(prev.spec.scaleTargetRef)) {
        rep.error(
          ['spec', 'scaleTargetRef'],
          'an edit cannot retarget the HPA (the run has one workload): leave scaleTargetRef as it is',
        );
        ok = false;
        continue;
      }
      const before = metricIds(prev);
      const after = metricIds(next);
      if (before.join('\n') !== after.join('\n')) {
        rep.error(
          ['spec', 'metrics'],
          `an edit may change the metrics' targets, not which metrics there are: the run keeps one series and one load per metric (${before.join(', ')}; the patch gives ${after.join(', ') || 'none'})`,
        );
        ok = false;
        continue;
      }
      const changed = specDifferences(prev.spec, next.spec);
      // PrepareForUpdate: a spec that differs bumps the generation (with HPAGeneration).
      if (changed.length > 0 && context.gates.HPAGeneration === true) generation++;
      hpa = { ...next, metadata: { ...next.metadata, generation } };
      parts.push(
        changed.length === 0
          ? 'the HPA was applied unchanged'
          : `the HPA was edited (${changed.join(', ')})`,
      );
      doc = patched;
      prev = hpa;
    }
    if (e.replicas !== null) parts.push(`the target was scaled to ${e.replicas} (kubectl scale)`);
    const rollout = e.rollout ? (e.strategy ?? { ...DEFAULT_STRATEGY, ...e.rollout }) : null;
    if (rollout !== null) parts.push(describeRollout(rollout));
    if (e.kedaPaused !== null)
      parts.push(
        e.kedaPaused
          ? 'the ScaledObject was paused (kubectl annotate autoscaling.keda.sh/paused=true)'
          : 'the ScaledObject was unpaused (kubectl annotate autoscaling.keda.sh/paused-)',
      );
    out.push({
      atSeconds: e.atSeconds,
      hpa,
      replicas: e.replicas,
      ...(rollout !== null ? { rollout } : {}),
      ...(e.kedaPaused !== null ? { keda: { paused: e.kedaPaused } } : {}),
      description: e.description ? `${parts.join(' and ')}: ${e.description}` : parts.join(' and '),
    });
  }
  return ok ? out : null;
}

/** Each metric as the run keeps it: its type and load key. */
function metricIds(hpa: HorizontalPodAutoscaler): string[] {
  return metricRefs(hpa).map((r) => `${r.metric.type} ${r.key}`);
}

/** The fields that differ, as `path old → new` (at most four, then "…"). */
function specDifferences(a: unknown, b: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown, y: unknown, path: string) => {
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    if (isRecord(x) && isRecord(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)]))
        walk(x[k], y[k], path ? `${path}.${k}` : k);
      return;
    }
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      x.forEach((v, i) => walk(v, y[i], `${path}[${i}]`));
      return;
    }
    out.push(`${path} ${show(x)} → ${show(y)}`);
  };
  walk(a, b, '');
  return out.length > 4 ? [...out.slice(0, 4), '…'] : out;
}

function show(v: unknown): string {
  if (v === undefined) return 'unset';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}
