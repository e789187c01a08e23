// MCP over stdio with a bound on one message: the SDK's StdioServerTransport drops a line over
// its 10 MB buffer and never answers it, so the client waits for its own timeout. Here a line
// over MAX_MESSAGE_BYTES is skipped as it streams (only its ends are kept, to find its id) and
// answered at once with a JSON-RPC error; smaller lines are read in linear time and handed to
// the server as the SDK's transport would.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Large enough for a scenario at the parser's limit (2 MB) escaped as JSON, many times over. */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
const KEEP = 4096;

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  private oversize: { head: Buffer; tail: Buffer; size: number } | null = null;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly limit = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let rest = chunk;
    for (let nl = rest.indexOf(10); nl >= 0; nl = rest.indexOf(10)) {
      this.take(rest.subarray(0, nl));
      this.endLine();
      rest = rest.subarray(nl + 1);
    }
    if (rest.length) this.take(rest);
  };

  private readonly onError = (e: Error) => this.onerror?.(e);

  private take(part: Buffer): void {
    if (this.oversize) {
      this.oversize.size += part.length;
      this.oversize.tail = Buffer.concat([this.oversize.tail, part]).subarray(-KEEP);
      return;
    }
    this.chunks.push(part);
    this.size += part.length;
    if (this.size > this.limit) {
      const all = Buffer.concat(this.chunks);
      this.oversize = { head: all.subarray(0, KEEP), tail: all.subarray(-KEEP), size: all.length };
      this.chunks = [];
      this.size = 0;
    }
  }

  private endLine(): void {
    if (this.oversize) {
      const { head, tail, size } = this.oversize;
      this.oversize = null;
      this.refuse(`${head.toString('utf8')}…${tail.toString('utf8')}`, size);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (e) {
      this.onerror?.(e as Error);
      return;
    }
    this.onmessage?.(message);
  }

  /** The error answer for a message too large to read, to the id found at either end of it. */
  private refuse(ends: string, size: number): void {
    const id = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(ends)?.[1];
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    const error = {
      code: -32600,
      message: `the request is ${mb(size)} MB, over the ${mb(this.limit)} MB this server reads; a scenario may hold at most 2 MB`,
    };
    if (id === undefined) {
      this.onerror?.(new Error(error.message));
      return;
    }
    void this.send({ jsonrpc: '2.0', id: JSON.parse(id) as string | number, error });
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    this.input.pause();
    this.chunks = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(serializeMessage(message))) resolve();
      else this.output.once('drain', () => resolve());
    });
  }
}
