#!/usr/bin/env node
// `npm run bench:icount -- REF SCENARIO [--runs K]`: this checkout against the commit REF by the
// instructions a warm run executes, counted by valgrind (cachegrind without its cache model), not
// by time. Time on this shared 2-core machine moves ±5 % between interleaved passes; an
// instruction count moves ±0.2 % and does not depend on the load, so it settles a change of 1–3 %
// that `bench:compare` cannot. It is not time (cache misses, branch mispredictions and the
// compiler's own threads are not in it): report `bench:compare` too.
//
// Each build's bench/compareEntry.ts bundle (as bench:compare makes them) runs in a Node process
// under valgrind with one thread (--single-threaded: the JIT compiles on the main thread, so
// the same code is compiled at the same points) and fixed seeds, once with 1 run of SCENARIO and
// once with 1 + K (default 2); the difference ÷ K is a warm run's count, the first run's
// compilation left out. About 30 s of valgrind per build and run of `default`; explore16 and
// search16 are 16 runs each. Reported, never asserted.
//
// `--warm W` counts the steady state instead: W runs first in both processes, then K more in
// one of them ((W + K) − W, ÷ K). The first runs are mostly the optimizing compiler's: a run's
// world is live at its first run, recorded at its second and replayed from then on
// (src/run/tapeShelf.ts), so runs 2–3 compile the hot code again after the curve's fields change
// type, and without W the count of `default` is ≈ 5× its steady state. It also runs V8 in its
// predictable mode: without it the GC's schedule follows the clock, and two processes of one
// build differ by up to 5 % (incremental marking, where every pointer store takes the write
// barrier's slow path, in one window and not the other); with it they agree to a few parts per
// million (callgrind, 2026-11-28). Its marking does fall in the window, so stores into old
// objects weigh more here than in a normal process, where a marking is rare.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { refTree } from './refTree.mjs';
import { bundleFile as bundle, root } from '../scripts/bundleForNode.mjs';

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const runs = runsAt >= 0 ? Number(argv.splice(runsAt, 2)[1]) : 2;
if (!(runs >= 1)) throw new Error('--runs needs a number ≥ 1');
const warmAt = argv.indexOf('--warm');
const warmRuns = warmAt >= 0 ? Number(argv.splice(warmAt, 2)[1]) : 0;
if (!(Number.isInteger(warmRuns) && warmRuns >= 0))
  throw new Error('--warm needs a whole number ≥ 0');
const [ref, name] = argv;
if (!ref || !name) {
  process.stderr.write('usage: npm run bench:icount -- REF SCENARIO [--runs K] [--warm W]\n');
  process.exit(1);
}
try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  process.stderr.write('bench:icount needs valgrind (apt-get install valgrind)\n');
  process.exit(1);
}

const { dir: other, entry } = refTree(ref, 'hpa-sim-icount-', [name]);
try {
  await bundle(path.join(root, 'bench', 'compareEntry.ts'), path.join(other, 'this.mjs'));
  await bundle(entry, path.join(other, 'ref.mjs'));
  const driver = path.join(other, 'driver.mjs');
  writeFileSync(
    driver,
    `const [bundle, name, first, n, root] = process.argv.slice(2);
const { runner } = await import(bundle);
const run = runner(name, root);
for (let i = 0; i < Number(first); i++) run();
for (let i = 0; i < Number(n); i++) run();
`,
  );
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(', ');
  const before = load();
  // valgrind prints its summary on stderr
  // without --warm: the first run, then n; with it: W runs, then n
  const first = warmRuns > 0 ? warmRuns : 1;
  const refs = (bundleFile, n) => {
    const r = spawnSync(
      'valgrind',
      [
        '--tool=cachegrind',
        '--cache-sim=no',
        '--cachegrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded',
        '--hash-seed=1',
        '--random-seed=1',
        // with --warm: V8's predictable mode (GC scheduled by allocation, not by the clock), so
        // two processes of one build count the same to a few parts per million
        ...(warmRuns > 0 ? ['--predictable', '--predictable-gc-schedule'] : []),
        driver,
        bundleFile,
        name,
        String(first),
        String(n),
        root,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr ?? '');
    if (r.status !== 0 || !m)
      throw new Error(`valgrind gave no count:\n${(r.stderr ?? '').slice(-2000)}`);
    return Number(m[1].replaceAll(',', ''));
  };
  const warm = (file) => (refs(file, runs) - refs(file, 0)) / runs;
  const a = warm(path.join(other, 'ref.mjs'));
  const b = warm(path.join(other, 'this.mjs'));
  process.stdout.write(
    `${name} ${ref}: ${(a / 1e6).toFixed(1)} M instructions a run, this: ${(b / 1e6).toFixed(1)} M, ` +
      `ratio ${(b / a).toFixed(4)} (warm runs: the count of ${first} + ${runs} runs less that of ${first}` +
      `${warmRuns > 0 ? ', V8 predictable' : ''}, ÷ ${runs}); ` +
      `load average ${before} → ${load()}\n`,
  );
} finally {
  rmSync(other, { recursive: true, force: true });
}
