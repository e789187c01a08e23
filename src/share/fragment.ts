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

/**
 * Which view a link opens on: `compare` (the reviewer's view: the variants side by side). A
 * separate `view=` parameter, not part of the payload, so every link without it opens as before
 * and an older app opening a new link simply ignores it.
 */
export type ShareView = 'compare';
const VIEW_PARAM = 'view';

export function shareViewFromHash(hash: string): ShareView | null {
  return params(hash).get(VIEW_PARAM) === 'compare' ? 'compare' : null;
}

/**
 * Which federation model the Clusters panel shows (`model=proposal|shipped`) for a multi-cluster
 * scenario run in both. Beside the payload like `view`: links without it open on the first model
 * the scenario runs, as they always did, and anything else in it is ignored.
 */
export type ShareModel = 'proposal' | 'shipped';
const MODEL_PARAM = 'model';

export function shareModelFromHash(hash: string): ShareModel | null {
  const model = params(hash).get(MODEL_PARAM);
  return model === 'proposal' || model === 'shipped' ? model : null;
}

/**
 * A lesson and the step it is at (`lesson=1.<id>.<step>`). The leading `1` is the format of this
 * parameter, so a later one can change it and old links keep their meaning; a version this app
 * does not know, a malformed value or a step past 99 is ignored (the link opens without a lesson).
 */
export interface ShareLesson {
  id: string;
  step: number;
}
const LESSON_PARAM = 'lesson';
const LESSON_FORMAT = /^1\.([a-z0-9][a-z0-9-]{0,63})\.(\d{1,2})$/;

export function shareLessonFromHash(hash: string): ShareLesson | null {
  const m = LESSON_FORMAT.exec(params(hash).get(LESSON_PARAM) ?? '');
  return m ? { id: m[1]!, step: Number(m[2]) } : null;
}

/**
 * The embed view (`&embed=1`): just the charts, playback and the explanation of a clicked sync,
 * for an iframe in a blog post or a course. Beside the payload like `view`: an older app opening
 * such a link ignores it and shows the whole page.
 */
const EMBED_PARAM = 'embed';

export function shareEmbedFromHash(hash: string): boolean {
  return params(hash).get(EMBED_PARAM) === '1';
}

/**
 * The playback position a link opens at (`at=<sync index>`): the sync selected, its explanation
 * shown. Beside the payload like `view`: links without it open with nothing selected, as they
 * always did; anything but a whole number up to 10,000,000 is ignored.
 */
const AT_PARAM = 'at';

export function shareAtFromHash(hash: string): number | null {
  const at = params(hash).get(AT_PARAM) ?? '';
  return /^\d{1,8}$/.test(at) && Number(at) <= 10_000_000 ? Number(at) : null;
}

/**
 * The timing draws a Tune search judged its candidates over (`tune=1.<draws>.<percentile>.<seed>`):
 * a reviewer opening the link searches with the same settings, so gets the same answer. The
 * leading `1` is this parameter's format; anything else, or a value out of range, is ignored.
 */
export interface ShareTune {
  draws: number;
  percentile: number;
  seed: number;
}

const TUNE_PARAM = 'tune';

export function shareTuneFromHash(hash: string): ShareTune | null {
  const m = /^1\.(\d{1,3})\.(\d{1,3}(?:\.\d{1,6})?)\.(\d{1,10})$/.exec(
    params(hash).get(TUNE_PARAM) ?? '',
  );
  if (!m) return null;
  const [draws, percentile, seed] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (draws < 2 || draws > 256 || !(percentile > 0 && percentile <= 100) || seed > 0xffffffff)
    return null;
  return { draws, percentile, seed };
}

/** What a link carries besides the scenario: the chosen HPA, the view, the model, a lesson, the position, embedding, a search's draws. */
export interface ShareExtras {
  hpa?: string | null;
  view?: ShareView | null;
  model?: ShareModel | null;
  lesson?: ShareLesson | null;
  /** the selected sync (the playback's position) */
  at?: number | null;
  embed?: boolean | null;
  /** the draws a Tune search judged at (only with more than one draw) */
  tune?: ShareTune | null;
}

/** The hash for a payload; base64url needs no escaping, so the link stays readable. */
export function shareHash(payload: string, extras: ShareExtras = {}): string {
  const choice = extras.hpa ? `&${HPA_PARAM}=${encodeURIComponent(extras.hpa)}` : '';
  const view = extras.view ? `&${VIEW_PARAM}=${extras.view}` : '';
  const model = extras.model ? `&${MODEL_PARAM}=${extras.model}` : '';
  const lesson = extras.lesson
    ? `&${LESSON_PARAM}=1.${extras.lesson.id}.${extras.lesson.step}`
    : '';
  const at = extras.at != null ? `&${AT_PARAM}=${extras.at}` : '';
  const embed = extras.embed ? `&${EMBED_PARAM}=1` : '';
  const t = extras.tune;
  const tune = t ? `&${TUNE_PARAM}=1.${t.draws}.${t.percentile}.${t.seed}` : '';
  return `#${PARAM}=${payload}${choice}${view}${model}${lesson}${at}${embed}${tune}`;
}
