// `-` as a file: standard input, read whole before the command runs (the commands read files
// synchronously). Bounded like a file, and refused on a terminal (nothing was piped in).
import { MAX_FILE_BYTES } from './loadScenario.ts';

export type StdinRead = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

export async function readStdin(
  stream: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  limit = MAX_FILE_BYTES,
): Promise<StdinRead> {
  if (stream.isTTY)
    return {
      ok: false,
      error:
        '<stdin>: error: - reads standard input, but it is a terminal: pipe a manifest in (kubectl get hpa -o yaml | hpa-sim check - …)',
    };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > limit) {
      // Stop reading: the rest is not needed to say it is too large.
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      return {
        ok: false,
        error: `<stdin>: error: standard input is over the ${limit}-byte limit of a scenario`,
      };
    }
    chunks.push(b);
  }
  return { ok: true, bytes: new Uint8Array(Buffer.concat(chunks)) };
}
