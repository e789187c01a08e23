#!/usr/bin/env node
// `npm run bench:profile -- [SCENARIO] [--runs N] [--top K]`: where one run's time and memory go.
// SCENARIO is one of bench/compareEntry.ts' (default, churn, 24h200, 24h200nodes, draws16, draws16fresh,
// search16, explore16; default: default). The entry is bundled as the app ships it, warmed up, then run N
// times (default 200) under V8's sampling CPU profiler (100 µs) and, separately, its sampling
// heap profiler with collected objects included (what a run allocates, not what it keeps).
// Prints the top K functions (default 30) by self time with their total (callees included), and
// by bytes allocated per run. Function names are the bundle's (a name may carry a numeric suffix).
// `--lines NAME` also prints, for each function whose name starts with NAME, its hottest lines
// (V8's per-line ticks) with the bundle's text, to see where inside a function the time goes.
// Reported, never asserted; a loaded machine slows every figure alike.
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { bundleForNode, root } from '../scripts/bundleForNode.mjs';

const args = process.argv.slice(2);
const option = (flag, fallback) => {
  const at = args.indexOf(flag);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const name =
  args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'default';
const runs = option('--runs', 200);
const top = option('--top', 30);
const linesOf = args.includes('--lines') ? args[args.indexOf('--lines') + 1] : null;

const out = await bundleForNode('bench/compareEntry.ts', 'profile.mjs');
const { runner } = await import(pathToFileURL(out).href);
const run = runner(name, root);
for (let i = 0; i < 20; i++) run();

const session = new Session();
session.connect();
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const loadBefore = load();

await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const c0 = process.cpuUsage();
for (let i = 0; i < runs; i++) run();
const c = process.cpuUsage(c0);
const { profile } = await session.post('Profiler.stop');
const msPerRun = (c.user + c.system) / 1000 / runs;

const heapRuns = Math.max(1, Math.round(runs / 4));
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 1024,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (let i = 0; i < heapRuns; i++) run();
const { profile: heap } = await session.post('HeapProfiler.stopSampling');
session.disconnect();

const label = (frame) => `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;

// CPU: self per function, and total (each sample counted once per function on its stack).
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const self = new Map();
const total = new Map();
for (const [id, count] of hits) {
  const key = label(byId.get(id).callFrame);
  self.set(key, (self.get(key) ?? 0) + count);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const k = label(byId.get(at).callFrame);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + count);
  }
}
const samples = profile.samples.length;
const pct = (x) => `${((100 * x) / samples).toFixed(1).padStart(5)} %`;

// Memory: bytes allocated per function (the allocating frame), per run.
const allocated = new Map();
let allBytes = 0;
const walk = (node) => {
  if (node.selfSize > 0) {
    const k = label(node.callFrame);
    allocated.set(k, (allocated.get(k) ?? 0) + node.selfSize);
    allBytes += node.selfSize;
  }
  for (const child of node.children) walk(child);
};
walk(heap.head);

process.stdout.write(
  `${name}: ${msPerRun.toFixed(2)} ms CPU a run over ${runs} warm runs; ` +
    `${(allBytes / heapRuns / 1e6).toFixed(1)} MB allocated a run (sampled over ${heapRuns}); ` +
    `load average ${loadBefore} → ${load()}\n\nself      total     function:bundle line\n`,
);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  process.stdout.write(`${pct(v)}  ${pct(total.get(k))}  ${k}\n`);
process.stdout.write(`\nallocated a run, by the allocating function\n`);
for (const [k, v] of [...allocated].sort((a, b) => b[1] - a[1]).slice(0, top))
  process.stdout.write(
    `${(v / heapRuns / 1e3).toFixed(0).padStart(8)} kB ${((100 * v) / allBytes).toFixed(1).padStart(5)} %  ${k}\n`,
  );

if (linesOf !== null) {
  const { readFileSync } = await import('node:fs');
  const source = readFileSync(out, 'utf8').split('\n');
  const perLine = new Map();
  for (const n of profile.nodes) {
    if (!n.callFrame.functionName.startsWith(linesOf)) continue;
    for (const t of n.positionTicks ?? []) {
      const k = `${n.callFrame.functionName}:${t.line}`;
      perLine.set(k, (perLine.get(k) ?? 0) + t.ticks);
    }
  }
  process.stdout.write(`\nhottest lines of ${linesOf}* (share of all samples)\n`);
  for (const [k, v] of [...perLine].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const line = Number(k.slice(k.lastIndexOf(':') + 1));
    process.stdout.write(`${pct(v)}  ${k}  ${(source[line - 1] ?? '').trim().slice(0, 90)}\n`);
  }
}
