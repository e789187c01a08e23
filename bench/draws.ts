// Timing draws' throughput (issue 25): 16 draws of the default scenario (a day at 15 s) run one
// after another on one core, as `cli check --draws 16` runs them. Timed in CPU (a shared machine
// inflates wall time most) and by the wall clock, each the median of 5 passes after a warm-up
// pass. Reported, never asserted.

import { createDrawsService, type DrawSetTiming } from '../src/bridge/drawLanes.ts';
import { createThreadPool } from '../src/cli/threads.ts';
import { executeDraws, planScenario } from '../src/run/index.ts';
import { median, timed } from './timing.ts';

export interface DrawFigures {
  draws: number;
  /** CPU time of the 16 draws on this thread, median of 5 */
  cpuMs: number;
  /** wall clock of the 16 draws, median of 5 */
  ms: number;
  /** draws per CPU second */
  perSecond: number;
}

export function drawFigures(text: string, draws = 16): DrawFigures {
  const plan = planScenario(text).runs[0];
  if (!plan) throw new Error('the default scenario does not plan');
  const once = () => {
    const r = executeDraws(plan, draws, 1);
    if (!r.ok) throw new Error(r.error);
  };
  // the first pass warms the JIT up and is not counted
  once();
  const passes = Array.from({ length: 5 }, () => timed(once));
  const cpuMs = median(passes.map((p) => p.cpuMs));
  const ms = median(passes.map((p) => p.ms));
  return {
    draws,
    cpuMs: Math.round(cpuMs),
    ms: Math.round(ms),
    perSecond: Math.round((draws * 1000) / cpuMs),
  };
}

export interface PoolDrawFigures {
  draws: number;
  lanes: number;
  /**
   * wall clock of the 16 draws over the lanes (the app's path), median of 5 after a warm-up:
   * each set a new text (an edit), so every lane parses it
   */
  ms: number;
  /** the same, the text drawn again (another count or seed): the lanes keep its plan */
  sameTextMs: number;
  /**
   * a set after an edit of the traffic (its noise seed): every draw a world no lane has seen,
   * so no curve tape to replay (src/run/tapeShelf.ts), median of 5
   */
  newWorldMs: number;
  /** the first set on fresh threads (start-up and JIT included) */
  coldMs: number;
  /** where the median edited set's wall time went: per lane, and the summary call */
  breakdown: DrawSetTiming;
}

/**
 * The same draws as the app runs them (src/bridge/drawLanes.ts): split over `lanes` simulator
 * threads of one pool, each lane parsing the text once and running its share, then summarized.
 * This is the "on 2 cores" figure of issue 25; by the wall clock, so it needs an idle machine.
 */
export async function poolDrawFigures(
  text: string,
  threadUrl: URL,
  lanes: number,
  draws = 16,
): Promise<PoolDrawFigures> {
  const pool = createThreadPool(threadUrl);
  const service = createDrawsService(pool, { lanes });
  try {
    let edits = 0;
    const once = async (edit: boolean | 'traffic') => {
      // an edit: a comment line more, so no lane has the text's plan (the same worlds: the
      // lanes' curve tapes replay, as after an edit of the HPA); 'traffic': a new noise seed
      const t =
        edit === 'traffic'
          ? text.replace('seed: 42', `seed: ${1000 + ++edits}`)
          : edit
            ? `${text}\n# edit ${++edits}\n`
            : text;
      if (edit === 'traffic' && t === text) throw new Error('the default traffic has no seed: 42');
      const t0 = performance.now();
      const r = await service.run({ text: t, count: draws, seed: 1 });
      if (!r.ok) throw new Error(r.error);
      return { ms: performance.now() - t0, timing: r.set.timing };
    };
    const coldMs = (await once(true)).ms;
    // warm-up: every lane's JIT settles before the timed sets
    for (let i = 0; i < 3; i++) await once(true);
    const edited: { ms: number; timing: DrawSetTiming | undefined }[] = [];
    const same: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      edited.push(await once(true));
      same.push((await once(false)).ms);
      fresh.push((await once('traffic')).ms);
    }
    const mid = edited.slice().sort((a, b) => a.ms - b.ms)[Math.floor(edited.length / 2)]!;
    const r1 = (x: number) => Math.round(x * 10) / 10;
    const breakdown: DrawSetTiming = {
      lanes: mid.timing!.lanes.map((l) => ({
        ...l,
        doneMs: r1(l.doneMs),
        parseMs: r1(l.parseMs),
        drawsMs: r1(l.drawsMs),
      })),
      summaryMs: r1(mid.timing!.summaryMs),
    };
    return {
      draws,
      lanes,
      ms: Math.round(mid.ms),
      sameTextMs: Math.round(median(same)),
      newWorldMs: Math.round(median(fresh)),
      coldMs: Math.round(coldMs),
      breakdown,
    };
  } finally {
    service.dispose();
    pool.dispose();
  }
}
