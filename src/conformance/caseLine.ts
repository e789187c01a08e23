// One JSONL line of any conformance file: an HPA controller vector (no top-level `kind`) or a
// federation case (`kind` says which rule), so one `cli conform` run can mix both families.

import { FederationCaseError, toFederationCase, type FederationCase } from './federationCase.ts';
import { parseVectorValue, type VectorCase } from './vectorCase.ts';

export type AnyCase =
  { family: 'hpa'; case: VectorCase } | { family: 'federation'; case: FederationCase };

export function parseCaseLine(
  line: string,
): { ok: true; value: AnyCase } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    return { ok: false, error: `invalid JSON: ${(e as Error).message}` };
  }
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'kind' in raw) {
    try {
      return {
        ok: true,
        value: { family: 'federation', case: toFederationCase(raw as Record<string, unknown>) },
      };
    } catch (e) {
      if (e instanceof FederationCaseError) return { ok: false, error: e.message };
      throw e;
    }
  }
  const hpa = parseVectorValue(raw);
  return hpa.ok ? { ok: true, value: { family: 'hpa', case: hpa.value } } : hpa;
}
