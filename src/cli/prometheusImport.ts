import type { Io } from './args.ts';
export async function prometheusImportCommand(_argv: string[], io: Io): Promise<number> {
  return io.usage('not yet');
}
