// The URL fragment that carries a shared scenario: `#s=<payload>`. A fragment, not a query
// string, because browsers never send it to a server: the scenario stays on the user's machine.

const PARAM = 's';

/** The payload of `#s=…` in a location hash (with or without the `#`), or null when absent. */
export function sharePayloadFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const payload = params.get(PARAM);
  return payload === null || payload === '' ? null : payload;
}

/**
 * Which view a link opens on: `compare` (the reviewer's view: the variants side by side). A
 * separate `view=` parameter, not part of the payload, so every link without it opens as before
 * and an older app opening a new link simply ignores it.
 */
export type ShareView = 'compare';
const VIEW = 'view';

export function shareViewFromHash(hash: string): ShareView | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return params.get(VIEW) === 'compare' ? 'compare' : null;
}

/** The hash for a payload; base64url needs no escaping, so the link stays readable. */
export function shareHash(payload: string, view: ShareView | null = null): string {
  return `#${PARAM}=${payload}${view ? `&${VIEW}=${view}` : ''}`;
}
