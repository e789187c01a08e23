// Base64url (RFC 4648 §5) without padding, strict on the way in: a link is untrusted input, and
// atob() would quietly accept whitespace, padding in the middle and non-canonical last digits.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
    out += ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

function digit(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code < 128 ? VALUES[code]! : -1;
}

/** The bytes, or null when the text is not canonical unpadded base64url. */
export function decodeBase64url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const left = text.length - i;
    const a = digit(text, i);
    const b = digit(text, i + 1);
    const c = left > 2 ? digit(text, i + 2) : 0;
    const d = left > 3 ? digit(text, i + 3) : 0;
    if (a < 0 || b < 0 || c < 0 || d < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    if (left > 2) out[o++] = (n >> 8) & 255;
    if (left > 3) out[o++] = n & 255;
    // Bits below the last whole byte must be zero, so each payload has exactly one spelling.
    if (left === 2 && (n & 0xffff) !== 0) return null;
    if (left === 3 && (n & 0xff) !== 0) return null;
  }
  return out;
}
