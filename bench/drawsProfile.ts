// Where 16 draws' time goes (issue 25 item 4), on this thread in CPU ms: parsing the scenario
// (each lane parses once per set), each draw's run, and the summary. `npm run bench -- --draws-profile`.

import { drawInput, drawStats, timingDraws, type Kpis } from '../src/engine/simulation/index.ts';
import { executeRun, planScenario } from '../src/run/index.ts';
import { median, timed } from './timing.ts';

export interface DrawsProfile {
  parseCpuMs: number;
  drawCpuMs: number[];
  summaryCpuMs: number;
  /** the scenario as written, run the same way (no draw): what a draw costs beyond a run */
  plainCpuMs: number;
}

export function drawsProfile(text: string, draws = 16): DrawsProfile {
  const pass = () => {
    const p = timed(() => planScenario(text).runs[0]!);
    const plan = p.value;
    const kpis: Kpis[] = [];
    const each: number[] = [];
    for (const d of timingDraws(plan.input, draws, 1)) {
      const r = timed(() =>
        executeRun({ ...plan, input: drawInput(plan.input, d) }, { replay: false }),
      );
      if (!r.value.ok) throw new Error(r.value.error);
      kpis.push(r.value.result.kpis);
      each.push(r.cpuMs);
    }
    const s = timed(() => drawStats(kpis));
    const plain = timed(() => executeRun(plan, { replay: false }));
    return { parse: p.cpuMs, each, summary: s.cpuMs, plain: plain.cpuMs };
  };
  for (let i = 0; i < 3; i++) pass();
  const passes = Array.from({ length: 5 }, pass);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    parseCpuMs: r1(median(passes.map((p) => p.parse))),
    drawCpuMs: Array.from({ length: draws }, (_, i) => r1(median(passes.map((p) => p.each[i]!)))),
    summaryCpuMs: r1(median(passes.map((p) => p.summary))),
    plainCpuMs: r1(median(passes.map((p) => p.plain))),
  };
}
