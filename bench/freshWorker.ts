// A fresh simulator's first run (issue 21: a fresh worker's first run ≤ 60 ms): the API object a
// worker holds, made in a fresh Node process, warmed up as the bridge warms its spare
// (src/bridge/warmUp.ts: three runs of the user's scenario, here the default one) or not at all,
// then an edit of the default scenario run twice through api.run (parse, simulate, payload): the
// first real run and the next, in CPU time (the machine's load moves it less than wall time; it
// includes V8's background compiler threads). Node's V8 is Chromium's; `npm run bench:ui` times the same in
// the browser (ui.freshWorker.firstRun). Reported, never asserted.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WARM_UP_SCENARIO, warmUpWith } from '../src/bridge/warmUp.ts';
import { createSimulatorApi } from '../src/worker/api.ts';

export interface FirstRun {
  /** CPU ms of the warm-up (0 when cold) */
  warmUpMs: number;
  firstMs: number;
  nextMs: number;
}

const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

/** In the child: one fresh API, warmed up or not, then two runs of the default scenario. */
export async function firstRunHere(root: string, warm: boolean): Promise<FirstRun> {
  const text = readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8');
  const api = createSimulatorApi();
  const w0 = process.cpuUsage();
  // As the spare does when the user's last run was short: three runs of the user's scenario.
  if (warm)
    await warmUpWith(WARM_UP_SCENARIO)(
      api,
      () => text,
      () => true,
      () => Promise.resolve(),
    );
  const warmUpMs = warm ? cpuMs(process.cpuUsage(w0)) : 0;
  // Edits of it, as the spare's first real run is (nothing is cached between runs anyway).
  const edit = (u: number) => text.replace('averageUtilization: 60', `averageUtilization: ${u}`);
  const c0 = process.cpuUsage();
  await api.run(1, edit(58));
  const firstMs = cpuMs(process.cpuUsage(c0));
  const c1 = process.cpuUsage();
  await api.run(2, edit(55));
  const nextMs = cpuMs(process.cpuUsage(c1));
  return { warmUpMs, firstMs, nextMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** In the parent: three fresh processes per mode, the medians. */
export function freshWorkerFigures(bundle: string): { warm: FirstRun; cold: FirstRun } {
  const mode = (warm: boolean): FirstRun => {
    const runs = Array.from({ length: 3 }, () => {
      const r = spawnSync(process.execPath, [bundle, '--fresh-worker', warm ? 'warm' : 'cold'], {
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`fresh worker run failed: ${r.stderr}`);
      return JSON.parse(r.stdout) as FirstRun;
    });
    const pick = (k: keyof FirstRun) => Math.round(median(runs.map((r) => r[k])));
    return { warmUpMs: pick('warmUpMs'), firstMs: pick('firstMs'), nextMs: pick('nextMs') };
  };
  return { warm: mode(true), cold: mode(false) };
}
