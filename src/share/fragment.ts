// The URL fragment that carries a shared scenario: `#s=<payload>`, and `&hpa=<name>` when the text
// holds several HPAs and the link chose one. A fragment, not a query string, because browsers
// never send it to a server: the scenario stays on the user's machine. Links without `hpa` (every
// link before it existed) open on the first HPA, as they always did.

const PARAM = 's';
const HPA_PARAM = 'hpa';

function params(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/** The payload of `#s=…` in a location hash (with or without the `#`), or null when absent. */
export function sharePayloadFromHash(hash: string): string | null {
  const payload = params(hash).get(PARAM);
  return payload === null || payload === '' ? null : payload;
}

/** The HPA a link chose (`&hpa=name`), or null: the first HPA of the text. */
export function shareHpaFromHash(hash: string): string | null {
  const hpa = params(hash).get(HPA_PARAM);
  // A name is a DNS subdomain (≤ 253) or namespace/name: anything longer is not one.
  return hpa === null || hpa === '' || hpa.length > 600 ? null : hpa;
}

/** The hash for a payload; base64url needs no escaping, so the link stays readable. */
export function shareHash(payload: string, hpa: string | null = null): string {
  const choice = hpa ? `&${HPA_PARAM}=${encodeURIComponent(hpa)}` : '';
  return `#${PARAM}=${payload}${choice}`;
}
