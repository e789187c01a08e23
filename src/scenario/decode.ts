/**
 * decodeScenarioBytes: a file's bytes → text. Strict UTF-8 (TextDecoder with fatal: true), a
 * leading byte-order mark removed, and the first invalid byte located by line and column.
 */
import { MAX_TEXT_BYTES } from './limits.ts';
import { pointDiagnostic } from './locateIssues.ts';
import type { Diagnostic } from './types.ts';

export type DecodeResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

interface TextDecoderLike {
  decode(input: Uint8Array): string;
}
type TextDecoderConstructor = new (
  label: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => TextDecoderLike;

function textDecoder(fatal: boolean): TextDecoderLike | null {
  const ctor = (globalThis as { TextDecoder?: TextDecoderConstructor }).TextDecoder;
  return ctor ? new ctor('utf-8', { fatal, ignoreBOM: false }) : null;
}

function failure(message: string, line = 1, column = 1): DecodeResult {
  return { ok: false, diagnostic: pointDiagnostic(message, line, column) };
}

export function decodeScenarioBytes(bytes: Uint8Array): DecodeResult {
  if (bytes.length > MAX_TEXT_BYTES) {
    return failure(
      `the file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_TEXT_BYTES / 1024 / 1024} MB`,
    );
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  const fatal = textDecoder(true);
  if (fatal) {
    try {
      return { ok: true, text: fatal.decode(body) };
    } catch {
      // Fall through to locate the first bad byte.
    }
  }
  const bad = firstInvalidUtf8(body);
  if (bad < 0) return { ok: true, text: decodeValid(body) };
  const before = decodeValid(body.subarray(0, bad));
  const lines = before.split('\n');
  const line = lines.length;
  const column = lines[lines.length - 1]!.length + 1;
  const byte = body[bad]!.toString(16).toUpperCase().padStart(2, '0');
  return failure(
    `the file is not valid UTF-8: byte 0x${byte} at offset ${bad + start} (line ${line}, column ${column}); save it as UTF-8`,
    line,
    column,
  );
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const x = b[i + k];
      const min = k === 1 ? lo : 0x80;
      const max = k === 1 ? hi : 0xbf;
      if (x === undefined || x < min || x > max) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Decodes bytes already known to be valid UTF-8 (TextDecoder when present). */
function decodeValid(b: Uint8Array): string {
  const lenient = textDecoder(false);
  if (lenient) return lenient.decode(b);
  let out = '';
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const size = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    let cp = size === 1 ? c : c & (0xff >> (size + 1));
    for (let k = 1; k < size; k++) cp = (cp << 6) | (b[i + k]! & 0x3f);
    i += size;
    out += String.fromCodePoint(cp);
  }
  return out;
}
