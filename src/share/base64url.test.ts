import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url.ts';

describe('base64url', () => {
  it('round-trips any bytes and matches Node’s encoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = encodeBase64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(decodeBase64url(text)).toEqual(bytes);
      }),
    );
  });

  it('rejects padding, other alphabets, bad lengths and non-canonical last digits', () => {
    for (const bad of ['QQ==', 'a+b/', 'QUJDR', 'QR', 'QUJ', ' QUJD', 'QUJD\n', 'QUJ€']) {
      expect(decodeBase64url(bad), bad).toBeNull();
    }
    expect(decodeBase64url('QQ')).toEqual(new Uint8Array([0x41]));
    expect(decodeBase64url('QUI')).toEqual(new Uint8Array([0x41, 0x42]));
    expect(decodeBase64url('')).toEqual(new Uint8Array());
  });
});
