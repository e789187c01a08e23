import type { Io } from '../args.ts';
export async function mcpCommand(_argv: string[], io: Io): Promise<number> {
  return io.usage('mcp: not yet');
}
