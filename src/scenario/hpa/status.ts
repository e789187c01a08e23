/**
 * `kubectl get hpa -o yaml` dumps carry a status and server-set metadata. The API server discards
 * the status of a new object, but it must still decode it: a time that is not RFC 3339 or a
 * quantity that does not parse makes the whole object undecodable. Checked by field name, which
 * covers every API version's status shape (v1 `currentCPUUtilizationPercentage`, v2beta1
 * `currentAverageValue`, v2 `current.averageValue`, …).
 */
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';
import { checkQuantity } from '../simulation/units.ts';
import type { Path } from '../types.ts';

const TIMES = new Set([
  'lastScaleTime',
  'lastTransitionTime',
  'creationTimestamp',
  'deletionTimestamp',
]);
const QUANTITIES = new Set([
  'value',
  'averageValue',
  'currentValue',
  'currentAverageValue',
  'targetValue',
  'targetAverageValue',
]);
const INT32 = new Set([
  'currentReplicas',
  'desiredReplicas',
  'averageUtilization',
  'currentAverageUtilization',
  'currentCPUUtilizationPercentage',
]);
const INT64 = new Set(['observedGeneration', 'generation']);
/** Label selectors and object references hold user keys, not status fields. */
const OPAQUE = new Set(['selector', 'metricSelector', 'describedObject', 'target', 'matchLabels']);

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** Go's time.Parse(time.RFC3339, …), which metav1.Time uses to decode. */
export function isRfc3339(text: string): boolean {
  const m = RFC3339.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  const zoneOk = m[9] === undefined || (Number(m[9]) < 24 && Number(m[10]) < 60);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days && h < 24 && mi < 60 && s < 60 && zoneOk;
}

function check(value: unknown, path: Path, report: Reporter, problems: { n: number }): void {
  const key = path[path.length - 1];
  const fail = (message: string) => {
    problems.n++;
    report.error(path, `${pathText(path)}: ${message} (the API server cannot decode this object)`);
  };
  if (typeof key === 'string' && OPAQUE.has(key)) return;
  if (typeof key === 'string' && value !== null && value !== undefined) {
    if (TIMES.has(key)) {
      if (typeof value !== 'string' || !isRfc3339(value))
        fail(`${JSON.stringify(value)} is not an RFC 3339 time (e.g. 2024-05-01T12:00:00Z)`);
      return;
    }
    if (QUANTITIES.has(key) && !isRecord(value)) {
      const q = checkQuantity(value);
      if (!q.ok)
        fail(
          `quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$': ${q.message}`,
        );
      return;
    }
    const bits = INT32.has(key) ? 31 : INT64.has(key) ? 63 : 0;
    if (bits > 0) {
      const ok =
        typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2 ** bits;
      if (!ok) fail(`${JSON.stringify(value)} is not an integer (int${bits + 1})`);
      return;
    }
  }
  if (Array.isArray(value)) value.forEach((v, i) => check(v, [...path, i], report, problems));
  else if (isRecord(value))
    for (const [k, v] of Object.entries(value)) check(v, [...path, k], report, problems);
}

function pathText(path: Path): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** Reports undecodable status and metadata values; returns false when there was one. */
export function checkDecodable(manifest: Record<string, unknown>, report: Reporter): boolean {
  const problems = { n: 0 };
  if (manifest.status !== undefined) check(manifest.status, ['status'], report, problems);
  const meta = isRecord(manifest.metadata) ? manifest.metadata : {};
  for (const key of ['creationTimestamp', 'deletionTimestamp'])
    if (meta[key] !== undefined) check(meta[key], ['metadata', key], report, problems);
  return problems.n === 0;
}
