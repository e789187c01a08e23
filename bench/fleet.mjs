// `npm run bench:fleet`: `hpa-sim check` over a fleet — 500 HPAs, each with a day of traffic (the
// default preset's day, the HPA's target and bounds varied per file) — with the installable
// bundle, timed from outside. Reported, never asserted (issue 26: ≤ 60 s on 2 cores).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildCli, root } from '../scripts/buildCli.mjs';

const count = Number(process.env.FLEET_HPAS ?? 500);
const bundle = await buildCli(path.join(root, 'reports', 'bench', 'fleet', 'hpa-sim.mjs'));
const base = readFileSync(path.join(root, 'src/presets/default.yaml'), 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'hpa-sim-fleet-'));
for (let i = 0; i < count; i++) {
  const team = path.join(dir, `team-${i % 20}`);
  mkdirSync(team, { recursive: true });
  const text = base
    .replace('name: web\n', `name: web-${i}\n`)
    .replace('averageUtilization: 60', `averageUtilization: ${50 + (i % 30)}`)
    .replace('maxReplicas: 20', `maxReplicas: ${15 + (i % 20)}`);
  writeFileSync(path.join(team, `web-${i}.yaml`), text);
}
// bash's `time` gives the child's CPU time (every thread) beside the wall time.
const workers = process.env.FLEET_WORKERS ? ['--workers', process.env.FLEET_WORKERS] : [];
const load = loadavg()[0];
const r = spawnSync(
  'bash',
  [
    '-c',
    'TIMEFORMAT="%R %U %S"; time "$0" "$@" > "$HPA_SIM_FLEET_OUT"',
    process.execPath,
    bundle,
    'check',
    dir,
    '--max-unmet-demand-percent',
    '5',
    '--report',
    'json',
    ...workers,
  ],
  { encoding: 'utf8', env: { ...process.env, HPA_SIM_FLEET_OUT: path.join(dir, 'out.json') } },
);
const [wall, user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
const out = readFileSync(path.join(dir, 'out.json'), 'utf8');
rmSync(dir, { recursive: true, force: true });
const summary = out ? JSON.parse(out).summary : null;
console.log(
  `fleet: ${count} HPAs × 24 h (5,761 syncs each) checked in ${wall.toFixed(1)} s wall, ` +
    `${(user + sys).toFixed(1)} s CPU (exit ${r.status}; ` +
    `${summary ? `${summary.passed} passed, ${summary.failed} failed, ${summary.invalid} invalid` : r.stderr.slice(0, 300)}); ` +
    `${cpus().length} cores, load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
);
