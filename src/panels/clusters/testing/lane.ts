// One cluster lane for tests: `spec` as both desired and ready, everything else empty unless
// `extra` says otherwise.
import type { LaneSeries } from '../lanes.ts';

export function lane(spec: number[], extra: Partial<LaneSeries> = {}): LaneSeries {
  const n = spec.length;
  return {
    key: 'east',
    label: 'east',
    sub: '',
    spec: Float64Array.from(spec),
    ready: Float64Array.from(spec),
    pending: new Float64Array(n),
    noNode: null,
    min: null,
    max: null,
    failed: null,
    capacity: null,
    ...extra,
  };
}
