import { describe, expect, it } from 'vitest';
import { decodeScenarioBytes, firstInvalidUtf8 } from './decode.ts';
import { MAX_TEXT_BYTES } from './limits.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

describe('decodeScenarioBytes', () => {
  it('decodes UTF-8 and strips a byte-order mark', () => {
    expect(decodeScenarioBytes(utf8('\uFEFFa: é\n'))).toEqual({ ok: true, text: 'a: é\n' });
    expect(decodeScenarioBytes(utf8('kind: 🚀'))).toEqual({ ok: true, text: 'kind: 🚀' });
  });

  it('locates the first invalid byte by line and column', () => {
    const input = new Uint8Array([...utf8('a: 1\nbé: '), 0xff, ...utf8('x')]);
    const r = decodeScenarioBytes(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.diagnostic.line, r.diagnostic.column]).toEqual([2, 5]);
    expect(r.diagnostic.message).toBe(
      'the file is not valid UTF-8: byte 0xFF at offset 10 (line 2, column 5); save it as UTF-8',
    );
  });

  it('counts a BOM in the offset but not in the column', () => {
    const r = decodeScenarioBytes(bytes(0xef, 0xbb, 0xbf, 0x61, 0xc3));
    expect(r.ok ? null : [r.diagnostic.line, r.diagnostic.column, r.diagnostic.message]).toEqual([
      1,
      2,
      'the file is not valid UTF-8: byte 0xC3 at offset 4 (line 1, column 2); save it as UTF-8',
    ]);
  });

  it('rejects files above the limit before decoding', () => {
    const r = decodeScenarioBytes(new Uint8Array(MAX_TEXT_BYTES + 1));
    expect(r.ok ? '' : r.diagnostic.message).toBe('the file is 2.0 MB; the limit is 2 MB');
  });
});

describe('firstInvalidUtf8', () => {
  it.each([
    [[0x61, 0x62], -1],
    [[0xc3, 0xa9], -1],
    [[0xf0, 0x9f, 0x9a, 0x80], -1],
    [[0x61, 0x80], 1],
    [[0xc0, 0x80], 0],
    [[0xe0, 0x80, 0x80], 0],
    [[0xed, 0xa0, 0x80], 0],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0x61, 0xe2, 0x82], 1],
  ])('%j → %i', (b, expected) => expect(firstInvalidUtf8(new Uint8Array(b))).toBe(expected));
});
