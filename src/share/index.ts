// Share links: the pure codec, and the one module that reads/writes the page URL. See README.md.

import { encodeScenario, SHARE_LIMITS } from './codec.ts';
import type { ShareExtras } from './fragment.ts';
import { shareUrl } from './location.ts';

export {
  CURRENT_LINK_VERSION,
  decodeScenario,
  encodeScenario,
  SHARE_LIMITS,
  type DecodeOutcome,
} from './codec.ts';
export {
  shareAtFromHash,
  shareEmbedFromHash,
  shareHash,
  shareHpaFromHash,
  shareLessonFromHash,
  shareModelFromHash,
  sharePayloadFromHash,
  shareViewFromHash,
  shareTuneFromHash,
  type ShareExtras,
  type ShareLesson,
  type ShareModel,
  type ShareTune,
  type ShareView,
} from './fragment.ts';
export {
  readShareAt,
  readShareEmbed,
  readShareFragment,
  readShareHpa,
  readShareLesson,
  readShareModel,
  readShareTune,
  readShareView,
  shareUrl,
  watchShareFragment,
  writeShareFragment,
} from './location.ts';

export type ShareLinkOutcome = { ok: true; url: string } | { ok: false; error: string };

/**
 * A link that opens `text` on this page (simulating `extras.hpa` when the text holds several
 * HPAs, on `extras.view`), unless it is too long to be opened again.
 */
export async function createShareLink(
  text: string,
  extras: ShareExtras = {},
): Promise<ShareLinkOutcome> {
  const payload = await encodeScenario(text);
  if (payload.length > SHARE_LIMITS.maxPayloadChars) {
    return {
      ok: false,
      error: `the scenario is too large for a link (${Math.ceil(payload.length / 1024)} KB compressed; the limit is ${SHARE_LIMITS.maxPayloadChars / 1024} KB). Download the YAML instead.`,
    };
  }
  return { ok: true, url: shareUrl(payload, extras) };
}
