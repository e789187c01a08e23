// The search's one scheduler: candidates fed one at a time to free lanes, results by slot; a lost
// worker's candidate retried once (a crash) or kept with a plain error (a hang), the search going
// on; an abort settling the batch short.

import { describe, expect, it } from 'vitest';
import type { Evaluation } from './candidate.ts';
import { feedEvaluator, LaneError, type LaneIncident, type SearchLane } from './feed.ts';

const ok = (n: number): Evaluation => ({
  ok: true,
  runs: [{ key: 'main', name: 'web', kpis: { podHours: n } as never }],
});
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ index: 10 + i, patch: { i } }));

/** A lane answering `answer(patch.i, attempt)`, recording what it ran. */
function lane(
  answer: (i: number, attempt: number) => Evaluation | Error,
  seen: number[],
): SearchLane {
  const attempts = new Map<number, number>();
  return {
    evaluate: (patch) => {
      const i = patch.i as number;
      seen.push(i);
      const attempt = (attempts.get(i) ?? 0) + 1;
      attempts.set(i, attempt);
      const a = answer(i, attempt);
      return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
    },
  };
}

describe('feedEvaluator', () => {
  it('keeps every lane busy and answers in slot order, however they finish', async () => {
    // Lane a holds its first candidate until lane b has run every other one.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const a: number[] = [];
    const b: number[] = [];
    const slow: SearchLane = {
      evaluate: async (patch) => {
        a.push(patch.i as number);
        await held;
        return ok(patch.i as number);
      },
    };
    const fast: SearchLane = {
      evaluate: async (patch) => {
        b.push(patch.i as number);
        if (b.length === 5) release();
        return ok(patch.i as number);
      },
    };
    const out = await feedEvaluator([slow, fast], { signal: new AbortController().signal })(
      items(6),
    );
    expect(out).toEqual([0, 1, 2, 3, 4, 5].map(ok));
    expect(a).toEqual([0]);
    expect(b).toEqual([1, 2, 3, 4, 5]);
  });

  it('retries a candidate whose worker crashed once, and goes on without one that crashes twice', async () => {
    const seen: number[] = [];
    const incidents: LaneIncident[] = [];
    const evaluate = feedEvaluator(
      [
        lane((i, attempt) => {
          if (i === 1 && attempt === 1) return new LaneError('crashed', 'out of memory');
          if (i === 2) return new LaneError('crashed', 'out of memory');
          return ok(i);
        }, seen),
      ],
      { signal: new AbortController().signal, onIncident: (x) => incidents.push(x) },
    );
    const out = await evaluate(items(4));
    expect(out[0]).toEqual(ok(0));
    expect(out[1]).toEqual(ok(1));
    expect(out[2]).toEqual({
      ok: false,
      error:
        'candidate 12: the simulator stopped twice while running it (out of memory); it is probably too costly (memory), and the search went on without it',
    });
    expect(out[3]).toEqual(ok(3));
    expect(seen).toEqual([0, 1, 1, 2, 2, 3]);
    expect(incidents.map((x) => [x.candidate, x.kind])).toEqual([
      [11, 'crashed'],
      [12, 'crashed'],
      [12, 'crashed'],
    ]);
    expect(incidents[0]!.message).toMatch(
      /^candidate 11: the simulator stopped .*runs the candidate again/,
    );
  });

  it('never retries a hung candidate: it would hang again', async () => {
    const seen: number[] = [];
    const evaluate = feedEvaluator(
      [lane((i) => (i === 0 ? new LaneError('hung', 'no answer within 20 s') : ok(i)), seen)],
      { signal: new AbortController().signal },
    );
    const out = await evaluate(items(2));
    expect(out[0]).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^candidate 10: no answer within 20 s; its worker was restarted/,
      ),
    });
    expect(out[1]).toEqual(ok(1));
    expect(seen).toEqual([0, 1]);
  });

  it('keeps a failure of the transport itself with the candidate it hit', async () => {
    const evaluate = feedEvaluator(
      [lane((i) => (i === 1 ? new Error('a reply could not be read') : ok(i)), [])],
      { signal: new AbortController().signal },
    );
    const out = await evaluate(items(2));
    expect(out[1]).toEqual({ ok: false, error: 'candidate 11: a reply could not be read' });
  });

  it('settles short on abort, stops feeding, and aborts the jobs in flight', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    const signals: AbortSignal[] = [];
    const slow: SearchLane = {
      evaluate: (patch, signal) => {
        seen.push(patch.i as number);
        signals.push(signal as AbortSignal);
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new LaneError('aborted', 'cancelled'))),
        );
      },
    };
    const evaluate = feedEvaluator([slow, slow], { signal: abort.signal });
    const pending = evaluate(items(5));
    await new Promise((r) => setTimeout(r, 5));
    abort.abort();
    expect(await pending).toEqual([]);
    expect(seen).toEqual([0, 1]);
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(await evaluate(items(2))).toEqual([]); // already aborted: nothing starts
    expect(seen).toEqual([0, 1]);
  });
});
