// The URL fragment that carries a shared scenario: `#s=<payload>`. A fragment, not a query
// string, because browsers never send it to a server: the scenario stays on the user's machine.

const PARAM = 's';

/** The payload of `#s=…` in a location hash (with or without the `#`), or null when absent. */
export function sharePayloadFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const payload = params.get(PARAM);
  return payload === null || payload === '' ? null : payload;
}

/** The hash for a payload; base64url needs no escaping, so the link stays readable. */
export function shareHash(payload: string): string {
  return `#${PARAM}=${payload}`;
}
