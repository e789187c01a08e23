// Share-link payloads: `v1.` + base64url(deflate-raw(UTF-8 text)). A link is untrusted input, so
// decoding caps sizes before and after inflating (a few KB of deflate can unpack to gigabytes),
// rejects anything malformed with a message a user can act on, and never throws. Decoders stay
// registered by version so every link ever shared keeps opening.

import { decodeBase64url, encodeBase64url } from './base64url.ts';

export const SHARE_LIMITS = Object.freeze({
  /** characters of the payload (after `#s=`); browsers and chat tools cut longer URLs anyway */
  maxPayloadChars: 256 * 1024,
  /** bytes of UTF-8 text after inflating; the scenario parser's own cap is of the same order */
  maxTextBytes: 2 * 1024 * 1024,
  /** compressed bytes fed to the inflater per step, so one step cannot unpack much past the cap */
  inflateChunkBytes: 1024,
});

export const CURRENT_LINK_VERSION = 'v1';

/** What a (de)compression stream accepts: BufferSource in browsers (typed loosely by Node). */
type StreamInput = CompressionStream['writable'] extends WritableStream<infer T> ? T : never;

export type DecodeOutcome = { ok: true; text: string } | { ok: false; error: string };

export async function encodeScenario(text: string): Promise<string> {
  // TextEncoder writes U+FFFD for a lone surrogate: the only text that does not round-trip.
  const bytes = new TextEncoder().encode(text);
  const deflated = await new Response(
    singleChunk(bytes).pipeThrough(new CompressionStream('deflate-raw')),
  ).arrayBuffer();
  return `${CURRENT_LINK_VERSION}.${encodeBase64url(new Uint8Array(deflated))}`;
}

export async function decodeScenario(payload: string): Promise<DecodeOutcome> {
  try {
    if (typeof payload !== 'string' || payload === '') return fail('the link holds no scenario');
    if (payload.length > SHARE_LIMITS.maxPayloadChars) {
      return fail(
        `the link is ${kb(payload.length)} KB long; links up to ${kb(SHARE_LIMITS.maxPayloadChars)} KB can be opened`,
      );
    }
    const match = /^(v\d+)\.(.*)$/s.exec(payload);
    if (!match) return fail('this is not an hpa-sim scenario link (it should start with "v1.")');
    const [, version, body] = match;
    const decoder = DECODERS.get(version!);
    if (!decoder) {
      // The version is input: a link can carry 100,000 digits there. Name a short one only.
      const named = version!.length <= 8 ? `format ${version}` : 'an unknown format';
      return fail(
        `this link uses ${named}, which this version of hpa-sim cannot read (it reads ${[...DECODERS.keys()].join(', ')}); it may come from a newer hpa-sim`,
      );
    }
    return await decoder(body!);
  } catch (error) {
    // Belt and braces: a stream implementation that throws where we did not expect it.
    return fail(`the link could not be read: ${error instanceof Error ? error.message : error}`);
  }
}

type PayloadDecoder = (body: string) => Promise<DecodeOutcome>;

/** Every link format ever published. Never remove one: old links must keep opening. */
const DECODERS: ReadonlyMap<string, PayloadDecoder> = new Map([['v1', decodeV1]]);

async function decodeV1(body: string): Promise<DecodeOutcome> {
  const compressed = decodeBase64url(body);
  if (!compressed) {
    return fail('the link is damaged: it has characters a link does not contain (was it cut?)');
  }
  const inflated = await inflateCapped(compressed, SHARE_LIMITS.maxTextBytes);
  if (!inflated.ok) {
    return fail(
      inflated.reason === 'tooLarge'
        ? `the scenario in this link would unpack to more than ${SHARE_LIMITS.maxTextBytes / 1024 / 1024} MB; it was not opened`
        : 'the link is damaged: its compressed data is invalid (was it cut short?)',
    );
  }
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(inflated.bytes),
    };
  } catch {
    return fail('the link is damaged: the scenario is not valid UTF-8 text');
  }
}

export type InflateOutcome =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'tooLarge' | 'corrupt'; bytesRead: number };

/**
 * Inflates deflate-raw data, stopping as soon as the output passes `maxBytes`. The input goes in
 * small pulled chunks, so the decompressor never holds much more than the cap at once.
 */
export async function inflateCapped(input: Uint8Array, maxBytes: number): Promise<InflateOutcome> {
  const step = SHARE_LIMITS.inflateChunkBytes;
  let offset = 0;
  const source = new ReadableStream<StreamInput>({
    pull(controller) {
      if (offset >= input.length) return controller.close();
      controller.enqueue(input.slice(offset, offset + step));
      offset += step;
    },
  });
  const reader = source.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        reader.cancel().catch(() => {});
        return { ok: false, reason: 'tooLarge', bytesRead: total };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'corrupt', bytesRead: total };
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, bytes };
}

function singleChunk(bytes: Uint8Array<ArrayBuffer>): ReadableStream<StreamInput> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

function fail(error: string): DecodeOutcome {
  return { ok: false, error };
}

function kb(chars: number): number {
  return Math.ceil(chars / 1024);
}
