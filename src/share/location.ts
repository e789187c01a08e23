// The ONLY module that touches `location` and `history`, so the rest of the app (and its tests)
// never depend on the page URL.

import {
  shareAtFromHash,
  shareEmbedFromHash,
  shareHpaFromHash,
  shareLessonFromHash,
  shareModelFromHash,
  sharePayloadFromHash,
  shareHash,
  shareViewFromHash,
  shareTuneFromHash,
  type ShareExtras,
  type ShareLesson,
  type ShareModel,
  type ShareTune,
  type ShareView,
} from './fragment.ts';

/** The draws a Tune search judged at, carried by a reviewer link (`&tune=1.…`), or null. */
export function readShareTune(): ShareTune | null {
  return shareTuneFromHash(location.hash);
}

/** The federation model the link chose for the Clusters panel (`&model=…`), or null. */
export function readShareModel(): ShareModel | null {
  return shareModelFromHash(location.hash);
}

/** The sync the link opens at (`&at=<index>`), or null. */
export function readShareAt(): number | null {
  return shareAtFromHash(location.hash);
}

/** The lesson and step the link opens on (`&lesson=1.<id>.<step>`), or null. */
export function readShareLesson(): ShareLesson | null {
  return shareLessonFromHash(location.hash);
}

/** The view the page was opened on (`#s=…&view=compare`), or null. */
export function readShareView(): ShareView | null {
  return shareViewFromHash(location.hash);
}

/** Whether the page was opened as the embed view (`#s=…&embed=1`). */
export function readShareEmbed(): boolean {
  return shareEmbedFromHash(location.hash);
}

/** The share payload in the current URL (`#s=…`), or null. */
export function readShareFragment(): string | null {
  return sharePayloadFromHash(location.hash);
}

/** The HPA the link in the current URL chose (`&hpa=…`), or null. */
export function readShareHpa(): string | null {
  return shareHpaFromHash(location.hash);
}

/**
 * Puts a payload in the URL (or removes it, with null) without a navigation or a history entry:
 * the address bar then is the share link, and Back still leaves the app.
 */
export function writeShareFragment(payload: string | null, hpa: string | null = null): void {
  const url = new URL(location.href);
  url.hash = payload === null ? '' : shareHash(payload, { hpa });
  history.replaceState(history.state, '', url.href);
}

/** The full link for a payload, on the page the app is served from. */
export function shareUrl(payload: string, extras: ShareExtras = {}): string {
  const url = new URL(location.href);
  url.hash = shareHash(payload, extras);
  return url.href;
}

/** Calls back with the payload when the user pastes another link into the same tab. */
export function watchShareFragment(
  onPayload: (payload: string, hpa: string | null) => void,
): () => void {
  const listener = () => {
    const payload = readShareFragment();
    if (payload !== null) onPayload(payload, readShareHpa());
  };
  addEventListener('hashchange', listener);
  return () => removeEventListener('hashchange', listener);
}
