#!/usr/bin/env node
// `npm run bench:compare -- REF [SCENARIO…]`: this checkout against the commit REF, both bundled
// (bench/compareEntry.ts) and loaded in one process, their runs alternating, so a loaded machine
// slows both alike. Prints each build's median CPU ms per run, the median of the per-pair ratios
// (this ÷ REF), and whether both gave the same series and KPIs. SCENARIO: default, churn, 24h200,
// 24h200nodes, draws16 (16 timing draws of default), draws16fresh (the same after an edit of its traffic), search16 (16 candidate runs of default's
// search), explore16 (16 random candidates of that search's space) (default: the first three); `--pairs N` (default 15). Reported, never asserted.
//
// `npm run bench:compare -- --pair keda [--rounds N]`: two runs of this checkout whose ratio a
// budget names (keda: issue 22's KEDA run over the same HPA without KEDA, ≤ 1.5×), alternating
// in one process for N rounds (default 41) of ~100 ms batches each; prints the median ratio,
// its interquartile range and extremes, and the load average before and after.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { refTree } from './refTree.mjs';
import { bundleFile, root } from '../scripts/bundleForNode.mjs';

if (process.argv[2] === '--pair') {
  await pairMode(process.argv.slice(3));
  process.exit(0);
}

// --pairs N: more pairs for a smaller difference (default 15)
const argv = process.argv.slice(2);
const pairsAt = argv.indexOf('--pairs');
const pairs = pairsAt >= 0 ? Number(argv.splice(pairsAt, 2)[1]) : 15;
if (!(pairs >= 3)) throw new Error('--pairs needs a number ≥ 3');
const [ref, ...names] = argv;
if (!ref) {
  process.stderr.write(
    'usage: npm run bench:compare -- REF [default|churn|24h200|24h200nodes|draws16|draws16fresh|search16|explore16 …]\n',
  );
  process.exit(1);
}
const scenarios = names.length > 0 ? names : ['default', '24h200', 'churn'];
const { dir: other } = refTree(ref, 'hpa-sim-compare-', scenarios);
try {
  const bundle = (dir, out) => bundleEntry(path.join(dir, 'bench', 'compareEntry.ts'), out);
  const mine = await bundle(root, path.join(other, 'this.mjs'));
  const theirs = await bundle(other, path.join(other, 'ref.mjs'));
  process.stdout.write(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}\n`,
  );
  for (const name of scenarios) {
    const a = theirs.runner(name, root);
    const b = mine.runner(name, root);
    const ra = a();
    const rb = b();
    const same =
      JSON.stringify(ra.kpis) === JSON.stringify(rb.kpis) &&
      JSON.stringify(
        Object.values(ra.series).map((v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)),
      ) ===
        JSON.stringify(
          Object.values(rb.series).map((v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)),
        );
    // a warm-up of both, then batches of about 100 ms
    for (let i = 0; i < 5; i++) {
      cpu(a, 1);
      cpu(b, 1);
    }
    const per = Math.max(1, Math.round(100 / Math.max(1, cpu(a, 1))));
    const xa = [];
    const xb = [];
    const ratios = [];
    for (let r = 0; r < pairs; r++) {
      xa.push(cpu(a, per));
      xb.push(cpu(b, per));
      ratios.push(xb[r] / xa[r]);
    }
    const median = (x) => x.slice().sort((p, q) => p - q)[x.length >> 1];
    process.stdout.write(
      `${name.padEnd(8)} ${ref}: ${median(xa).toFixed(2)} ms CPU, this: ${median(xb).toFixed(2)} ms CPU, ` +
        `ratio ${median(ratios).toFixed(3)} (median of ${pairs} pairs of ${per} runs); ` +
        `${same ? 'same series and KPIs' : 'DIFFERENT series or KPIs'}\n`,
    );
  }
} finally {
  rmSync(other, { recursive: true, force: true });
}

/** One bench entry bundled for Node (its imports resolved from the tree it sits in), then loaded. */
async function bundleEntry(entry, out) {
  await bundleFile(entry, out);
  return import(pathToFileURL(out).href);
}

/** CPU milliseconds per call of f over n calls (user + system: a shared machine inflates it least). */
function cpu(f, n) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / n;
}

/** `--pair NAME [--rounds N]`: the subject and its baseline of one build, alternating. */
async function pairMode(args) {
  const name = args.find((a) => !a.startsWith('--')) ?? 'keda';
  const at = args.indexOf('--rounds');
  const rounds = at >= 0 ? Number(args[at + 1]) : 41;
  if (!(rounds >= 3)) throw new Error('--rounds needs a number ≥ 3');
  const dir = mkdtempSync(path.join(tmpdir(), 'hpa-sim-pair-'));
  try {
    const out = path.join(dir, 'this.mjs');
    const { pair } = await bundleEntry(path.join(root, 'bench', 'pairEntry.ts'), out);
    const { subject, baseline } = pair(name);
    const load = () =>
      loadavg()
        .map((x) => x.toFixed(2))
        .join(', ');
    const before = load();
    for (let i = 0; i < 8; i++) {
      cpu(baseline, 1);
      cpu(subject, 1);
    }
    const per = Math.max(1, Math.round(100 / Math.max(1, cpu(baseline, 1))));
    const xs = [];
    const xb = [];
    const ratios = [];
    for (let r = 0; r < rounds; r++) {
      // Each round alternates which goes first, so neither always runs on a warmer cache.
      const first = r % 2 === 0;
      const b0 = first ? cpu(baseline, per) : NaN;
      const s = cpu(subject, per);
      const b = first ? b0 : cpu(baseline, per);
      xs.push(s);
      xb.push(b);
      ratios.push(s / b);
    }
    const sorted = (x) => x.slice().sort((p, q) => p - q);
    const q = (x, f) => sorted(x)[Math.min(x.length - 1, Math.floor(f * x.length))];
    process.stdout.write(
      `pair ${name}: subject ${q(xs, 0.5).toFixed(1)} ms CPU, baseline ${q(xb, 0.5).toFixed(1)} ms CPU; ` +
        `ratio median ${q(ratios, 0.5).toFixed(3)}, IQR ${q(ratios, 0.25).toFixed(3)}–${q(ratios, 0.75).toFixed(3)}, ` +
        `range ${q(ratios, 0).toFixed(3)}–${q(ratios, 1).toFixed(3)} (${rounds} rounds of ${per} runs each); ` +
        `load average ${before} → ${load()}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
