// `hpa-sim import --prometheus URL --query Q --start T --end T --step D [--series sum|N] [--hold]
// [--scale F] [--points]`: calls the server's /api/v1/query_range (the only address it reaches is
// the one given) and writes the same curve as importing the saved answer would. Every failure
// is one line: unreachable, a refusal with Prometheus's own error text, an HTML page (a URL that
// is not the API), too many points, an answer too large.

import type { Io } from './args.ts';
import { parseArgs } from './args.ts';
import { importCommand } from './importSeries.ts';
import { withProvidedText } from './loadScenario.ts';

/** Prometheus refuses a range query of more than 11,000 points a series (api.go queryRange). */
export const MAX_POINTS = 11_000;
/** The answer read at most (a day at 15 s is about 300 KB a series). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const DEFAULT_TIMEOUT_SECONDS = 30;

const UNITS: Record<string, number> = {
  ms: 0.001,
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
  w: 604800,
  y: 31536000,
};

/** Prometheus's duration (`1h30m`, `15s`) or plain seconds (`60`, `0.5`) → seconds. */
export function parseStep(raw: string): number | null {
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const re = /(\d+)(ms|s|m|h|d|w|y)/gy;
  let total = 0;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(raw))) {
    total += Number(m[1]) * UNITS[m[2]!]!;
    at = re.lastIndex;
  }
  return at === raw.length && raw.length > 0 ? total : null;
}

/** RFC 3339, unix seconds, `now` or `now-DURATION` → unix seconds. */
export function parseTime(raw: string, now: number): number | null {
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const rel = /^now(?:-(.+))?$/.exec(raw);
  if (rel) {
    if (rel[1] === undefined) return now;
    const d = parseStep(rel[1]);
    return d === null ? null : now - d;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw)) return null;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : ms / 1000;
}

/** The query_range endpoint under a server URL (with any path prefix), or the endpoint as given. */
export function queryRangeUrl(base: string): URL | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.pathname.endsWith('/api/v1/query_range'))
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v1/query_range`;
  return url;
}

export async function prometheusImportCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, {
    prometheus: 'string',
    query: 'string',
    start: 'string',
    end: 'string',
    step: 'string',
    timeout: 'number',
    series: 'string',
    hold: 'boolean',
    points: 'boolean',
    scale: 'number',
  });
  if (!args.ok) return io.usage(args.error);
  if (args.positional.length)
    return io.usage('import --prometheus takes no file: the answer is fetched');
  const v = args.values as Record<string, string | number | boolean | undefined>;
  const missing = ['query', 'start', 'end', 'step'].filter((k) => v[k] === undefined);
  if (missing.length)
    return io.usage(`import --prometheus needs ${missing.map((k) => `--${k}`).join(', ')}`);
  const url = queryRangeUrl(String(v.prometheus));
  if (!url) return io.usage(`--prometheus needs an http(s) URL, got "${String(v.prometheus)}"`);
  const now = Date.now() / 1000;
  const start = parseTime(String(v.start), now);
  const end = parseTime(String(v.end), now);
  const step = parseStep(String(v.step));
  if (start === null)
    return io.usage(
      `--start takes RFC 3339, unix seconds or now-DURATION, got "${String(v.start)}"`,
    );
  if (end === null)
    return io.usage(`--end takes RFC 3339, unix seconds or now-DURATION, got "${String(v.end)}"`);
  if (step === null || !(step > 0))
    return io.usage(`--step takes a duration (15s, 1m) or seconds > 0, got "${String(v.step)}"`);
  if (end < start) return io.usage('--end is before --start');
  const points = Math.floor((end - start) / step) + 1;
  if (points > MAX_POINTS)
    return fail(
      io,
      `${points.toLocaleString('en-US')} points a series, over the ${MAX_POINTS.toLocaleString('en-US')} Prometheus answers: lengthen --step to at least ${Math.ceil((end - start) / (MAX_POINTS - 1))}s or shorten the range`,
    );
  const timeout = (v.timeout as number | undefined) ?? DEFAULT_TIMEOUT_SECONDS;
  if (!(timeout > 0)) return io.usage('--timeout needs seconds > 0');
  const body = new URLSearchParams({
    query: String(v.query),
    start: String(start),
    end: String(end),
    step: String(step),
  });
  const fetched = await fetchAnswer(url, body, timeout);
  if (!fetched.ok) return fail(io, fetched.error);
  // The answer is read as a saved file would be: the same reader, the same curve.
  const name = `${url.origin}${url.pathname}`;
  const rest: string[] = ['--from', 'prometheus'];
  if (v.series !== undefined) rest.push('--series', String(v.series));
  if (v.hold) rest.push('--step');
  if (v.points) rest.push('--points');
  if (v.scale !== undefined) rest.push('--scale', String(v.scale));
  return withProvidedText(name, fetched.bytes, async () => importCommand([name, ...rest], io));
}

function fail(io: Io, message: string): number {
  io.err(`hpa-sim: error: ${message}`);
  return 2;
}

type Fetched = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

async function fetchAnswer(
  url: URL,
  body: URLSearchParams,
  timeoutSeconds: number,
): Promise<Fetched> {
  const where = `${url.origin}${url.pathname}`;
  let res: Response;
  try {
    // POST, as promtool and Grafana do: a long query does not hit a URL length limit.
    res = await fetch(url, {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutSeconds * 1000),
    });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError')
      return { ok: false, error: `${where}: no answer within ${timeoutSeconds}s (--timeout)` };
    const why = err.cause?.code ?? err.cause?.message ?? err.message;
    return { ok: false, error: `cannot reach Prometheus at ${where} (${why})` };
  }
  const read = await readLimited(res, MAX_ANSWER_BYTES);
  if (!read.ok) return { ok: false, error: `${where}: ${read.error}` };
  const text = new TextDecoder().decode(read.bytes.subarray(0, 4096)).trimStart();
  const type = res.headers.get('content-type') ?? '';
  if (/^</.test(text) || type.includes('text/html'))
    return {
      ok: false,
      error: `${where} answered ${res.status} with an HTML page, not Prometheus's JSON API: give the Prometheus server's URL (e.g. http://prometheus:9090, with any path prefix it is served under)`,
    };
  if (!res.ok) {
    const api = prometheusError(read.bytes);
    return {
      ok: false,
      error: api
        ? `Prometheus refused the query (${res.status} ${api.type}): ${api.message}`
        : `${where} answered ${res.status} ${res.statusText}`.trimEnd(),
    };
  }
  return { ok: true, bytes: read.bytes };
}

/** `{"status":"error","errorType":…,"error":…}`: Prometheus's own words. */
function prometheusError(bytes: Uint8Array): { type: string; message: string } | null {
  try {
    const j = JSON.parse(new TextDecoder().decode(bytes)) as {
      errorType?: unknown;
      error?: unknown;
    };
    if (typeof j.error === 'string')
      return { type: typeof j.errorType === 'string' ? j.errorType : 'error', message: j.error };
  } catch {
    // not JSON
  }
  return null;
}

async function readLimited(
  res: Response,
  limit: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; error: string }> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await res.body?.cancel();
    return {
      ok: false,
      error: `the answer is ${declared} bytes, over the ${limit}-byte limit: lengthen --step or narrow the query`,
    };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!res.body) return { ok: true, bytes: new Uint8Array() };
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return {
        ok: false,
        error: `the answer is over the ${limit}-byte limit: lengthen --step or narrow the query`,
      };
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { ok: true, bytes: out };
}
