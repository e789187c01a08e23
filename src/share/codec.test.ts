import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64url } from './base64url.ts';
import { decodeScenario, encodeScenario, inflateCapped, SHARE_LIMITS } from './codec.ts';
import { shareHash, sharePayloadFromHash } from './fragment.ts';

const fixtures = resolve(import.meta.dirname, '__fixtures__');
const v1 = (bytes: Uint8Array) => `v1.${encodeBase64url(bytes)}`;
const expectError = async (payload: string, pattern: RegExp) => {
  const out = await decodeScenario(payload);
  expect(out.ok).toBe(false);
  if (!out.ok) expect(out.error).toMatch(pattern);
};

describe('share links: pinned formats', () => {
  it('a v1 link published for the default preset still opens to the exact text', async () => {
    const link = readFileSync(resolve(fixtures, 'v1-default-preset.link'), 'utf8').trim();
    const text = readFileSync(resolve(fixtures, 'v1-default-preset.txt'), 'utf8');
    expect(await decodeScenario(link)).toEqual({ ok: true, text });
  });

  it('encodes a fixed text to the pinned v1 link', async () => {
    // If this changes, links made before the change must still decode (test above): add a new
    // fixture for the new form rather than editing the old one.
    const text =
      'kind: HorizontalPodAutoscaler\nspec: { minReplicas: 1, maxReplicas: 5 } # ✓ ünïcødé\n';
    expect(await encodeScenario(text)).toBe(
      'v1.y87MS7FS8MgvyqzKzytJzAnIT3EsLckvTk7MSS3iKi5ITbZSqFbIzcwLSi3IyUxOLLZSMNRRyE2sQPBNFWoVlBUezZmscHhP3uH1yYd3pBxeyQUA',
    );
  });
});

describe('share links: round trip', () => {
  it('decodes what it encodes, for any well-formed unicode text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 2000 }), async (text) => {
        const link = await encodeScenario(text);
        expect(link).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
        expect(await decodeScenario(link)).toEqual({ ok: true, text });
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a byte-order mark and an empty text', async () => {
    for (const text of ['\uFEFFapiVersion: autoscaling/v2\n', '', '\r\n\t\0']) {
      expect(await decodeScenario(await encodeScenario(text))).toEqual({ ok: true, text });
    }
  });

  it('reads the payload of a #s= fragment', () => {
    expect(sharePayloadFromHash(shareHash('v1.abc_-'))).toBe('v1.abc_-');
    expect(sharePayloadFromHash('#x=1&s=v1.q')).toBe('v1.q');
    expect(sharePayloadFromHash('')).toBeNull();
    expect(sharePayloadFromHash('#s=')).toBeNull();
  });
});

describe('share links: untrusted input', () => {
  it('rejects an unknown version with a clear message', async () => {
    await expectError('v2.AAAA', /format v2.*reads v1.*newer hpa-sim/);
    await expectError(`v${'9'.repeat(100_000)}.AAAA`, /^this link uses an unknown format, which/);
    await expectError('hello', /not an hpa-sim scenario link/);
    await expectError('', /no scenario/);
  });

  it('rejects invalid base64url, deflate and UTF-8', async () => {
    const good = await encodeScenario('apiVersion: autoscaling/v2\n');
    await expectError(`${good}!`, /characters a link does not contain/);
    await expectError(good.replace('v1.', 'v1.+'), /characters/);
    await expectError('v1.AAAAA', /characters/); // length 5: not whole base64
    await expectError('v1.//8', /characters/); // standard base64, not base64url
    const cut = deflateRawSync(Buffer.from('apiVersion: autoscaling/v2\n'.repeat(20))).subarray(
      0,
      -4,
    );
    await expectError(v1(cut), /compressed data is invalid/);
    await expectError(v1(new Uint8Array([0xff, 0xff, 0xff, 0xff])), /compressed data is invalid/);
    await expectError(v1(deflateRawSync(Buffer.from([0x61, 0xc3, 0x28]))), /not valid UTF-8/);
  });

  it('rejects an oversized fragment before decoding it', async () => {
    const huge = `v1.${'A'.repeat(SHARE_LIMITS.maxPayloadChars)}`;
    await expectError(huge, /links up to 256 KB/);
  });

  it('stops inflating a decompression bomb right after the cap', async () => {
    const zeros = deflateRawSync(Buffer.alloc(64 * 1024 * 1024)); // 64 MB → ~64 KB
    const link = v1(zeros);
    expect(link.length).toBeLessThan(SHARE_LIMITS.maxPayloadChars);
    await expectError(link, /more than 2 MB/);
    const out = await inflateCapped(zeros, SHARE_LIMITS.maxTextBytes);
    expect(out.ok).toBe(false);
    // It read past the cap by at most what one small input chunk can unpack to (~1 KB × 1032).
    if (!out.ok) expect(out.bytesRead).toBeLessThan(SHARE_LIMITS.maxTextBytes + 1.5 * 1024 * 1024);
  });

  it('opens a text right at the size cap', async () => {
    const text = 'a'.repeat(SHARE_LIMITS.maxTextBytes);
    expect(await decodeScenario(await encodeScenario(text))).toEqual({ ok: true, text });
    await expectError(await encodeScenario(`${text}b`), /more than 2 MB/);
  });
});
