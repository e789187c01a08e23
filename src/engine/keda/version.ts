/** Which KEDA release a rule follows (types.ts KedaVersion). */
import type { KedaVersion } from './types.ts';

const ORDER: readonly KedaVersion[] = ['2.19', '2.20.0', '2.20.2'];

/** True when `version` is `since` or later. */
export function atLeast(version: KedaVersion, since: KedaVersion): boolean {
  return ORDER.indexOf(version) >= ORDER.indexOf(since);
}

export function isKedaVersion(v: unknown): v is KedaVersion {
  return typeof v === 'string' && (ORDER as readonly string[]).includes(v);
}

export const KEDA_VERSIONS = ORDER;
