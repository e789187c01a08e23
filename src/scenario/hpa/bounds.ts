/**
 * Length bounds on the HPA's names and lists, checked on the converted autoscaling/v2 object so
 * every API version (and the v1 metrics annotation) is covered, and reported at the field as
 * written. Where the API server has a limit we use it and say so; the others are the simulator's,
 * so nothing the user controls is stored or shown unbounded.
 */
import type {
  HorizontalPodAutoscaler,
  LabelSelector,
  MetricIdentifier,
} from '../../engine/controller/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';
import {
  DNS_LABEL_MAX,
  DNS_SUBDOMAIN_MAX,
  LABEL_VALUE_MAX,
  MAX_METRICS,
  MAX_NAME_CHARS,
  MAX_SELECTOR_TERMS,
  MAX_SELECTOR_VALUES,
  QUALIFIED_NAME_MAX,
} from '../limits.ts';
import type { Path, PathSegment } from '../types.ts';

const API = 'the API server';
const SIM = "the simulator's limit";

/** Reports each bound broken in `hpa`; returns false when any was. */
export function checkHpaBounds(
  hpa: HorizontalPodAutoscaler,
  writtenMetadata: unknown,
  at: (v2Path: Path) => Path,
  report: Reporter,
): boolean {
  let ok = true;
  const text = (value: unknown, path: PathSegment[], max: number, what: string, who: string) => {
    if (typeof value !== 'string' || value.length <= max) return;
    ok = false;
    report.error(
      at(path),
      `${what} is ${value.length.toLocaleString('en-US')} characters; at most ${max} (${who})`,
    );
  };
  const count = (n: number, path: PathSegment[], max: number, what: string) => {
    if (n <= max) return true;
    ok = false;
    report.error(at(path), `${n.toLocaleString('en-US')} ${what}; at most ${max} (${SIM})`);
    return false;
  };

  // Metadata (name, namespace, labels, annotations) is validated as the API server does in
  // objectMeta.ts, with upstream's messages; here only what it leaves unbounded.

  const ref = hpa.spec.scaleTargetRef;
  const refPath = ['spec', 'scaleTargetRef'];
  text(
    ref?.name,
    [...refPath, 'name'],
    DNS_SUBDOMAIN_MAX,
    'the target name',
    'object names are DNS subdomains',
  );
  text(ref?.kind, [...refPath, 'kind'], DNS_LABEL_MAX, 'the target kind', SIM);
  text(
    ref?.apiVersion,
    [...refPath, 'apiVersion'],
    DNS_SUBDOMAIN_MAX,
    'the target apiVersion',
    SIM,
  );

  const metrics = hpa.spec.metrics ?? [];
  if (!count(metrics.length, ['spec', 'metrics'], MAX_METRICS, 'metrics')) return ok;
  metrics.forEach((m, i) => {
    const p: PathSegment[] = ['spec', 'metrics', i];
    text(
      m.resource?.name,
      [...p, 'resource', 'name'],
      QUALIFIED_NAME_MAX,
      'the resource name',
      `a qualified name, as ${API} checks`,
    );
    const cr = m.containerResource;
    text(
      cr?.name,
      [...p, 'containerResource', 'name'],
      QUALIFIED_NAME_MAX,
      'the resource name',
      `a qualified name, as ${API} checks`,
    );
    text(
      cr?.container,
      [...p, 'containerResource', 'container'],
      DNS_LABEL_MAX,
      'the container name',
      `a DNS label, as ${API} checks`,
    );
    identifier(m.pods?.metric, [...p, 'pods', 'metric']);
    identifier(m.object?.metric, [...p, 'object', 'metric']);
    identifier(m.external?.metric, [...p, 'external', 'metric']);
    const obj = m.object?.describedObject;
    const objPath = [...p, 'object', 'describedObject'];
    text(
      obj?.name,
      [...objPath, 'name'],
      DNS_SUBDOMAIN_MAX,
      'the object name',
      'object names are DNS subdomains',
    );
    text(obj?.kind, [...objPath, 'kind'], DNS_LABEL_MAX, 'the object kind', SIM);
    text(
      obj?.apiVersion,
      [...objPath, 'apiVersion'],
      DNS_SUBDOMAIN_MAX,
      'the object apiVersion',
      SIM,
    );
  });
  return ok;

  function identifier(id: MetricIdentifier | undefined, p: PathSegment[]): void {
    if (!id) return;
    text(id.name, [...p, 'name'], MAX_NAME_CHARS, 'the metric name', SIM);
    if (id.selector) selector(id.selector, [...p, 'selector']);
  }

  function labels(map: unknown, p: PathSegment[]): void {
    const entries = Object.entries(isRecord(map) ? map : {});
    if (!count(entries.length, p, MAX_SELECTOR_TERMS, 'labels')) return;
    for (const [k, v] of entries) {
      text(k, [...p, k], QUALIFIED_NAME_MAX, 'the label key', `a qualified name, as ${API} checks`);
      text(v, [...p, k], LABEL_VALUE_MAX, 'the label value', `as ${API} checks label values`);
    }
  }

  function selector(s: LabelSelector, p: PathSegment[]): void {
    labels(s.matchLabels, [...p, 'matchLabels']);
    const exprs = s.matchExpressions ?? [];
    if (
      !count(exprs.length, [...p, 'matchExpressions'], MAX_SELECTOR_TERMS, 'selector expressions')
    )
      return;
    exprs.forEach((e, j) => {
      const ep = [...p, 'matchExpressions', j];
      text(
        e.key,
        [...ep, 'key'],
        QUALIFIED_NAME_MAX,
        'the label key',
        `a qualified name, as ${API} checks`,
      );
      const values = e.values ?? [];
      if (!count(values.length, [...ep, 'values'], MAX_SELECTOR_VALUES, 'values')) return;
      values.forEach((v, k) =>
        text(
          v,
          [...ep, 'values', k],
          LABEL_VALUE_MAX,
          'the value',
          `as ${API} checks label values`,
        ),
      );
    });
  }
}
